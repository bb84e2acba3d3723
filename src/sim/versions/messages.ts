/**
 * Message tables: how an older kubelet prints what the shared machines say. The shared effects
 * (sync loop, pod worker, PLEG, prober, image puller, ...) log the current kubelet's structured
 * lines and record its event texts; a version's table maps each of those lines to the printf
 * line that release printed (or to nothing, when it had no such line) and each event to that
 * release's text. The tables wrap the effects' api, so no shared effect tests a version.
 */
import type { AnyEventObject } from 'xstate';
import type { KubeletRun, PodDef } from '../kubelet/config';
import type { KlogMsg } from '../kubelet/klog';
import type { KubeletDomain } from '../kubelet/types';
import type { EffectApi, EffectHandler, MachineKind, ProcessKind } from '../runner/types';
import type { KubeEvent, LogLine } from '../trace/types';
import { detailedMessageOf } from '../kubelet/detailedMessages';

type Api = EffectApi<KubeletDomain>;

/** What a printf line of a table is given: the structured line's values, unquoted. */
export interface LineArgs {
  readonly run: KubeletRun;
  readonly kv: Readonly<Record<string, string>>;
  readonly err: string | undefined;
  /** The pod a `pod="ns/name"` value names, if the run has it. */
  readonly pod: PodDef | undefined;
  readonly domain: KubeletDomain;
}

export interface PrintfLine {
  readonly source: string;
  readonly v: number;
  readonly severity?: LogLine['severity'];
  /** The formatted text; null drops the line for these values (the release logged nothing). */
  text(a: LineArgs): string | null;
}

/** Every structured message of the shared machines: its printf form in a release, or null. */
export type KlogTable = Readonly<Record<KlogMsg | 'command failed', PrintfLine | null>>;

/** An event the shared machines record, as the release recorded it (null: not recorded). */
export type EventRewrite = (
  e: Omit<KubeEvent, 'step' | 't'>,
  run: KubeletRun,
  domain: KubeletDomain,
) => Omit<KubeEvent, 'step' | 't'> | null;

export interface MessageTable {
  readonly klog: KlogTable;
  readonly event: EventRewrite;
}

export const P = (
  source: string,
  v: number,
  text: (a: LineArgs) => string | null,
  severity: LogLine['severity'] = 'I',
): PrintfLine => ({ source, v, text, severity });

/** A klog value back to the Go value it printed ("\"x\"" -> x). */
function unquote(v: string): string {
  if (v.startsWith('"')) {
    try {
      return JSON.parse(v) as string;
    } catch {
      return v;
    }
  }
  return v;
}

/**
 * A line's table key: the volume operations' lines carry their GenerateMsgDetailed text as the
 * message (klogWith), keyed by its start.
 */
function tableKey(msg: string): keyof KlogTable {
  if (msg === 'Unhandled Error') return 'HandleError';
  return detailedMessageOf(msg) ?? (msg as keyof KlogTable);
}

export function translateLine(
  table: MessageTable,
  run: KubeletRun,
  domain: KubeletDomain,
  line: Omit<LogLine, 'step' | 't'>,
): Omit<LogLine, 'step' | 't'> | null {
  if (line.text !== undefined) return line;
  const entry = table.klog[tableKey(line.msg)];
  if (!entry) return null;
  const kv: Record<string, string> = {};
  for (const [k, v] of line.kv) kv[k] = unquote(v);
  const podKey = kv.pod;
  const uid = podKey !== undefined ? run.byKey[podKey] : undefined;
  const text = entry.text({
    run,
    kv,
    err: kv.err,
    pod: uid !== undefined ? run.pods[uid] : undefined,
    domain,
  });
  if (text === null) return null;
  return {
    v: entry.v,
    severity: entry.severity ?? line.severity,
    source: entry.source,
    msg: line.msg,
    // The model's pairs stay beside the printf text (not printed): the views and exports that
    // read a line's pod, sandbox or container from them work for every version alike.
    kv: line.kv,
    text,
  };
}

/** The effects' api with the version's message table between them and the trace. */
function translatingApi(api: Api, table: MessageTable, run: KubeletRun): Api {
  const wrapped = Object.create(api) as Api & Record<string, unknown>;
  wrapped.log = (line) => {
    const out = translateLine(table, run, api.domain, line);
    if (out) api.log(out);
  };
  wrapped.event = (e) => {
    const out = table.event(e, run, api.domain);
    if (out) api.event(out);
  };
  return wrapped;
}

/** A machine kind whose effects log and record through the version's message table. */
export function withMessages(
  kind: MachineKind<KubeletDomain>,
  table: MessageTable,
  run: KubeletRun,
): MachineKind<KubeletDomain> {
  const effects: Record<string, EffectHandler<KubeletDomain, never, never>> = {};
  for (const [name, h] of Object.entries(kind.effects))
    effects[name] = (api, ev, ctx) => h(translatingApi(api, table, run), ev, ctx);
  return { machine: kind.machine, effects };
}

export function processWithMessages(
  p: ProcessKind<KubeletDomain>,
  table: MessageTable,
  run: KubeletRun,
): ProcessKind<KubeletDomain> {
  return {
    state: p.state,
    handle: (api, ev: AnyEventObject) => p.handle(translatingApi(api, table, run), ev),
  };
}

/** Go's %q of a string (ASCII). */
export const goq = (s: string): string => JSON.stringify(s);
