/**
 * A klog line as the kubelet prints it: header "Lmmdd hh:mm:ss.uuuuuu threadid file:line] ",
 * then the quoted message and the key/value pairs (structured logging), or the printf text of
 * an older kubelet (glog and klog v1 share the header).
 */
import { LogRecords } from '../trace/logRecords';
import type { LogLine } from '../trace/types';
import { klogTime } from './clock';

export const KUBELET_PID = 1234;

export function formatKlog(line: LogLine): string {
  const header = `${line.severity}${klogTime(line.t)} ${String(KUBELET_PID).padStart(7)} ${line.source}]`;
  if (line.text !== undefined) return `${header} ${line.text}`;
  const kv = line.kv.map(([k, v]) => ` ${k}=${v}`).join('');
  return `${header} ${JSON.stringify(line.msg)}${kv}`;
}

/** The log lines of the first `step` steps at verbosity <= v. */
export function logsAt(logs: LogRecords | readonly LogLine[], step: number, v = 4): LogLine[] {
  if (!(logs instanceof LogRecords)) return logs.filter((l) => l.step < step && l.v <= v);
  // A line that is not shown is not made.
  const out: LogLine[] = [];
  for (let i = 0; i < logs.length && logs.step[i]! < step; i++)
    if (logs.vAt(i) <= v) out.push(logs.at(i)!);
  return out;
}
