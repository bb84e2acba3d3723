/**
 * Message tables: how an older kubelet prints what the shared machines say. The shared effects
 * (sync loop, pod worker, PLEG, prober, image puller, ...) log the current kubelet's structured
 * lines and record its event texts; a version's table maps each of those lines to the printf
 * line that release printed (or to nothing, when it had no such line) and each event to that
 * release's text. The tables wrap the effects' api, so no shared effect tests a version.
 */
import type { AnyEventObject } from 'xstate';
import type { KubeletRun, PodDef } from '../kubelet/config';
import { klogKeyOfText, type KlogMsg, type KV } from '../kubelet/klog';
import type { KubeletDomain } from '../kubelet/types';
import type { EffectApi, EffectHandler, MachineKind, ProcessKind } from '../runner/types';
import type { KubeEvent, LogLine } from '../trace/types';
import { detailedMessageOf } from '../kubelet/detailedMessages';
import { printedPairs } from '../trace/logRecords';

type Api = EffectApi<KubeletDomain>;

/** What a printf line of a table is given: the structured line's values, unquoted. */
export interface LineArgs {
  readonly run: KubeletRun;
  readonly kv: Readonly<Record<string, string>>;
  readonly err: string | undefined;
  /** The pod a `pod="ns/name"` value names, if the run has it. */
  readonly pod: PodDef | undefined;
  readonly domain: KubeletDomain;
  /** The step's time. */
  readonly t: number;
  /** The release whose table prints the line (18 for 1.18; 3 for 1.3). */
  readonly minor: number;
}

export interface PrintfLine {
  readonly source: string;
  readonly v: number;
  readonly severity?: LogLine['severity'];
  /** The formatted text; null drops the line for these values (the release logged nothing). */
  text(a: LineArgs): string | null;
  /** file:line when these values come from another call of the same message (a pod-scope twin). */
  at?(a: LineArgs): string | undefined;
}

/**
 * A structured line as a release printed it where it differs from the machines' own (current)
 * one: its verbosity, file:line, message text or pairs. Unset parts are the current line's.
 */
export interface StructuredLine {
  readonly v?: number;
  readonly severity?: LogLine['severity'];
  readonly source?: string;
  /** The message as printed, when it is not the model's key. */
  readonly msg?: string;
  /** The pairs as printed (keys renamed, dropped or added), from the current line's. */
  readonly kv?: (kv: KV, a: LineArgs) => KV;
}

/** How a release printed one of the shared machines' lines; null: it did not print it. */
export type KlogForm = PrintfLine | StructuredLine | null;

export type KlogKey = KlogMsg | 'command failed';

/** Every structured message of the shared machines: its printf form in a release, or null. */
export type KlogTable = Readonly<Record<KlogKey, PrintfLine | null>>;

/** A release's forms of the lines it printed otherwise than the current kubelet (absent: as today). */
export type KlogForms = Readonly<Partial<Record<KlogKey, KlogForm>>>;

/** An event the shared machines record, as the release recorded it (null: not recorded). */
export type EventRewrite = (
  e: Omit<KubeEvent, 'step' | 't'>,
  run: KubeletRun,
  domain: KubeletDomain,
) => Omit<KubeEvent, 'step' | 't'> | null;

export interface MessageTable {
  /** The release (18 for 1.18, 3 for 1.3): some forms print what that release's types had. */
  readonly minor: number;
  readonly klog: KlogForms;
  readonly event: EventRewrite;
  /** file:line of each line in that release, where it is not the current one's. */
  readonly sources?: Readonly<Partial<Record<KlogKey, string>>>;
}

export const isPrintf = (f: PrintfLine | StructuredLine): f is PrintfLine => 'text' in f;

/** A structured line's printed form: the quoted message and its pairs. */
export function structuredText(msg: string, kv: KV): string {
  let out = JSON.stringify(msg);
  for (const [k, v] of kv) out += ` ${k}=${v}`;
  return out;
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
 * A line's table key: the message, or the key of a line printed under another message (today's
 * text of a renamed line, the volume operations' GenerateMsgDetailed text keyed by its start,
 * the topology manager scopes' lines by their file).
 */
function tableKey(msg: string, source: string): KlogKey {
  if (msg === 'Unhandled Error') return 'HandleError';
  // canResizePod's message carries the resource and the amounts.
  if (msg.startsWith("Node didn't have enough capacity: "))
    return "Node didn't have enough capacity";
  if (msg === 'Best TopologyHint' && source.startsWith('scope_pod.go'))
    return 'Best TopologyHint (pod scope)';
  if (msg === 'Topology Affinity' && source.startsWith('scope_pod.go'))
    return 'Topology Affinity (pod scope)';
  if (msg === 'Topology Affinity' && source.startsWith('scope_container.go'))
    return 'Topology Affinity (container scope)';
  return klogKeyOfText(msg, source) ?? detailedMessageOf(msg) ?? (msg as KlogKey);
}

function lineArgs(
  run: KubeletRun,
  domain: KubeletDomain,
  t: number,
  minor: number,
  pairs: KV,
): LineArgs {
  const kv: Record<string, string> = {};
  for (const [k, v] of pairs) kv[k] = unquote(v);
  const podKey = kv.pod;
  const uid = podKey !== undefined ? run.byKey[podKey] : undefined;
  const pod = uid !== undefined ? run.pods[uid] : undefined;
  return { run, kv, err: kv.err, pod, domain, t, minor };
}

/**
 * The "Event occurred" line the broadcaster logs for an event, with the event's text as the
 * release recorded it (null: that release did not record the event).
 */
function eventLinePairs(
  table: MessageTable,
  run: KubeletRun,
  domain: KubeletDomain,
  kv: KV,
): KV | null {
  const get = (k: string) => unquote(kv.find(([key]) => key === k)?.[1] ?? '""');
  const fieldPath = get('fieldPath');
  const e = table.event(
    {
      type: get('type') as KubeEvent['type'],
      reason: get('reason'),
      object: get('object'),
      fieldPath: fieldPath === '' ? null : fieldPath,
      message: get('message'),
      source: 'kubelet',
    },
    run,
    domain,
  );
  if (!e) return null;
  return kv.map(([k, v]) => (k === 'message' ? [k, goq(e.message)] : [k, v]));
}

export function translateLine(
  table: MessageTable,
  run: KubeletRun,
  domain: KubeletDomain,
  t: number,
  line: Omit<LogLine, 'step' | 't'>,
): Omit<LogLine, 'step' | 't'> | null {
  if (line.text !== undefined) return line;
  const key = tableKey(line.msg, line.source);
  const entry = table.klog[key];
  const source = table.sources?.[key];
  let pairs: KV = line.kv;
  if (key === 'Event occurred' && entry !== null) {
    const p = eventLinePairs(table, run, domain, line.kv);
    if (!p) return null;
    pairs = p;
  }
  if (entry === undefined)
    return source === undefined && pairs === line.kv
      ? line
      : { ...line, source: source ?? line.source, kv: pairs };
  if (entry === null) return null;
  if (!isPrintf(entry)) {
    const args = entry.kv || entry.msg ? lineArgs(run, domain, t, table.minor, pairs) : undefined;
    const kv = entry.kv && args ? entry.kv(pairs, args) : pairs;
    return {
      v: entry.v ?? line.v,
      severity: entry.severity ?? line.severity,
      source: entry.source ?? source ?? line.source,
      msg: line.msg,
      kv: line.kv,
      // Printed as the release printed it; the model's pairs stay for the views.
      ...(entry.msg !== undefined || kv !== line.kv
        ? { text: structuredText(entry.msg ?? line.msg, kv) }
        : {}),
    };
  }
  const args = lineArgs(run, domain, t, table.minor, pairs);
  const text = entry.text(args);
  if (text === null) return null;
  return {
    v: entry.v,
    severity: entry.severity ?? line.severity,
    source: entry.at?.(args) ?? source ?? entry.source,
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
  // Lines today's kubelet no longer prints are built for the release's table (klog.ts).
  wrapped.keepsRetired = true;
  // Every line goes through the table: none is recorded by its form alone.
  wrapped.logForm = undefined;
  wrapped.log = (l) => {
    // The table reads the values a line prints: deferred ones are printed now.
    const kv = printedPairs(l.kv);
    const line = kv === l.kv ? l : { ...l, kv };
    const out = translateLine(table, run, api.domain, api.t, line);
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
