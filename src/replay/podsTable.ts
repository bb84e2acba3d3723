/**
 * `kubectl get pod(s)` rows, with or without the header (NAMESPACE first with -A; IP, NODE, …
 * after AGE with -o wide; --watch prints a row per change): NAME, READY, STATUS (which can be
 * `Init:0/2`, `CrashLoopBackOff`, `Topology Affinity Error`, `ContainerStatusUnknown`),
 * RESTARTS (`17 (5m2s ago)` since 1.24) and AGE. Each row is a record of the pod's state when
 * kubectl ran (µs 0, the same instant describe's fields have).
 */
import type { Collector } from './collector';
import { ageSeconds } from './times';

export const PODS_HEADER = /^(NAMESPACE\s+)?NAME\s+READY\s+STATUS\s+RESTARTS\s+AGE\b/;
/** kubectl before 1.0: `POD  [IP]  CONTAINER(S)  IMAGE(S)  HOST  LABELS  STATUS  [CREATED]`. */
export const OLD_PODS_HEADER =
  /^POD\s+(?:IP\s+)?CONTAINER\(S\)\s+IMAGE\(S\)\s+HOST\s+LABELS\s+STATUS\b/;
const OLD_ROW =
  /^([a-z0-9][-a-z0-9.]*)\s+(?:\d+\.\d+\.\d+\.\d+\s+)?([a-z0-9][-a-z0-9]*)\s+(\S+)\s+(\S*\/\S*|\S+)\s+(\S+)\s+(Running|Pending|Succeeded|Failed|Unknown|Terminated|Waiting)\b/;

const AGE = String.raw`(?:\d+[ydhms])+|<unknown>|<invalid>`;
const ROW = new RegExp(
  String.raw`^(?:([a-z0-9][-a-z0-9]*)\s+)?([a-z0-9][-a-z0-9.]*)\s+(\d+\/\d+)\s+(.+?)\s+(\d+)(?:\s+\((${AGE}) ago\))?\s+(${AGE})(?:\s+.*)?$`,
);

export class PodsTableReader {
  namespace = 'default';

  constructor(private readonly c: Collector) {}

  private old = false;

  static starts(line: string): boolean {
    return PODS_HEADER.test(line) || OLD_PODS_HEADER.test(line) || ROW.test(line);
  }

  push(line: string, lineNo: number): boolean {
    if (PODS_HEADER.test(line)) {
      this.old = false;
      return true;
    }
    if (OLD_PODS_HEADER.test(line)) {
      this.old = true;
      this.c.tells.add(
        'get pods with POD, CONTAINER(S) and IMAGE(S) columns: kubectl before 1.0',
        0,
        0,
      );
      return true;
    }
    if (this.old) return this.oldRow(line, lineNo);
    if (line.trim() === '') return true;
    if (/^\s*\[\.\.\.\]\s*$/.test(line) || /^\s*\.\.\.\s*$/.test(line)) return true;
    const m = ROW.exec(line);
    if (!m) return false;
    const ns = m[1] ?? this.namespace;
    const status = m[4]!.trim();
    if (!/^[A-Z][\w:/ ]*$/.test(status)) return false;
    this.c.formats.add('pods-table');
    const age = ageSeconds(m[7]!);
    this.c.add(0, lineNo, line, {
      what: 'PodRow',
      pods: [`${ns}/${m[2]}`],
      data: {
        ready: m[3]!,
        status,
        restarts: Number(m[5]),
        ...(m[6] ? { lastRestartAgo: ageSeconds(m[6]) ?? 0 } : {}),
        ...(age !== null ? { ageSeconds: age } : {}),
      },
    });
    return true;
  }

  /** A row of kubectl before 1.0: the pod, its (first) container and image, and its status. */
  private oldRow(line: string, lineNo: number): boolean {
    if (line.trim() === '') return true;
    const m = OLD_ROW.exec(line);
    if (!m) return false;
    const key = `${this.namespace}/${m[1]}`;
    this.c.formats.add('pods-table');
    const p = this.c.pod(key, 0);
    this.c.container(p, m[2]!, false).image ??= m[3];
    this.c.add(0, lineNo, line, {
      what: 'PodRow',
      pods: [key],
      data: { ready: '', status: m[6]!, restarts: 0 },
    });
    return true;
  }
}
