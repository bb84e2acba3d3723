/**
 * Whole documents in JSON or YAML (the `yaml` package reads both, with positions):
 * `kubectl get events -o json|yaml` (core/v1 and events.k8s.io/v1 Events, lists of them),
 * `kubectl get pod -o yaml|json` (a Pod or a List of Pods) and the CPU manager's
 * checkpoint /var/lib/kubelet/cpu_manager_state.
 */
import { LineCounter, parseAllDocuments, isMap, isSeq, type Node as YamlNode } from 'yaml';
import type { Collector } from './collector';
import { containerOfMessage } from './describePod';
import { imageOfMessage } from './messages';
import { containerOfFieldPath } from './podRef';
import { rfc3339Us } from './times';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | null =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : null;
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** Reads `text` as documents; false if it is not JSON/YAML of a kind the replay knows. */
export function readDocuments(text: string, c: Collector): boolean {
  const lc = new LineCounter();
  let docs;
  try {
    docs = parseAllDocuments(text, { lineCounter: lc, uniqueKeys: false });
  } catch {
    return false;
  }
  if (!Array.isArray(docs)) return false;
  const lines = text.split('\n');
  let any = false;
  for (const doc of docs) {
    if (doc.errors.length) continue;
    const root = doc.contents;
    const value: unknown = doc.toJS({ maxAliasCount: 100 });
    const items = itemsOf(value, root);
    for (const { v, node } of items) {
      const at = node?.range ? lc.linePos(node.range[0]).line : 1;
      const text1 = lines[at - 1]?.replace(/\r$/, '') ?? '';
      if (readOne(v, at, text1, c)) any = true;
    }
  }
  return any;
}

function itemsOf(value: unknown, root: unknown): { v: unknown; node: YamlNode | null }[] {
  const o = obj(value);
  if (o && Array.isArray(o.items)) {
    const seq = isMap(root) ? root.get('items', true) : null;
    return (o.items as unknown[]).map((v, i) => ({
      v,
      node: isSeq(seq) ? ((seq.items[i] as YamlNode | undefined) ?? null) : null,
    }));
  }
  if (Array.isArray(value))
    return (value as unknown[]).map((v, i) => ({
      v,
      node: isSeq(root) ? ((root.items[i] as YamlNode | undefined) ?? null) : null,
    }));
  return [{ v: value, node: (root as YamlNode | null) ?? null }];
}

function readOne(v: unknown, line: number, text: string, c: Collector): boolean {
  const o = obj(v);
  if (!o) return false;
  if (typeof o.policyName === 'string' && 'defaultCpuSet' in o) return cpuState(o, line, text, c);
  if (
    o.kind === 'Event' ||
    ('involvedObject' in o && 'reason' in o) ||
    ('regarding' in o && 'reason' in o)
  )
    return event(o, line, text, c);
  if (o.kind === 'Pod' || (obj(o.spec) && Array.isArray(obj(o.spec)!.containers)))
    return pod(o, line, text, c);
  return false;
}

function event(o: Obj, line: number, text: string, c: Collector): boolean {
  c.formats.add(
    text.trimStart().startsWith('{') || text.trimStart().startsWith('"')
      ? 'events-json'
      : 'events-yaml',
  );
  const inv = obj(o.involvedObject) ?? obj(o.regarding) ?? {};
  const reason = str(o.reason) ?? '';
  const message = str(o.message) ?? str(o.note) ?? '';
  const series = obj(o.series);
  const us =
    rfc3339Us(o.eventTime) ??
    rfc3339Us(o.firstTimestamp) ??
    rfc3339Us(o.deprecatedFirstTimestamp) ??
    rfc3339Us(series?.lastObservedTime) ??
    rfc3339Us(o.lastTimestamp) ??
    rfc3339Us(obj(o.metadata)?.creationTimestamp) ??
    0;
  const fp = containerOfFieldPath(str(inv.fieldPath));
  const isPod = (str(inv.kind) ?? 'Pod') === 'Pod';
  const key = isPod && str(inv.name) ? `${str(inv.namespace) ?? 'default'}/${str(inv.name)}` : null;
  const host = str(obj(o.source)?.host) ?? str(o.reportingInstance);
  if (host) c.node ??= host;
  c.add(us, line, text, {
    what: `Event${reason}`,
    pods: key ? [key] : [],
    uid: isPod ? str(inv.uid) : undefined,
    container: fp?.name ?? containerOfMessage(reason, message),
    init: fp?.init,
    data: { reason, type: str(o.type) ?? '', message },
    image: reason === 'Pulling' || reason === 'Pulled' ? imageOfMessage(message) : undefined,
  });
  return true;
}

function pod(o: Obj, line: number, text: string, c: Collector): boolean {
  const md = obj(o.metadata) ?? {};
  const name = str(md.name);
  if (!name) return false;
  c.formats.add('pod-yaml');
  const key = `${str(md.namespace) ?? 'default'}/${name}`;
  const created = rfc3339Us(md.creationTimestamp);
  const p = c.pod(key, created ?? 0);
  if (str(md.uid)) c.learnUid(key, str(md.uid), created ?? 0);
  const spec = obj(o.spec) ?? {};
  if (str(spec.nodeName)) c.node ??= str(spec.nodeName);
  for (const [list, init] of [
    [spec.initContainers, true],
    [spec.containers, false],
  ] as const) {
    if (!Array.isArray(list)) continue;
    for (const raw of list) {
      const ct = obj(raw);
      const cn = str(ct?.name);
      if (!ct || !cn) continue;
      const info = c.container(p, cn, init);
      info.image ??= str(ct.image);
      const res = obj(ct.resources);
      const req = obj(res?.requests);
      const lim = obj(res?.limits);
      if (req)
        info.requests = Object.fromEntries(Object.entries(req).map(([k, v]) => [k, String(v)]));
      if (lim)
        info.limits = Object.fromEntries(Object.entries(lim).map(([k, v]) => [k, String(v)]));
    }
  }
  const add = (
    us: number | null,
    what: string,
    container?: string,
    data?: Record<string, string>,
  ) => {
    if (us !== null) c.add(us, line, text, { what, pods: [key], container, data });
  };
  add(created, 'PodCreated');
  const status = obj(o.status) ?? {};
  if (Array.isArray(status.conditions))
    for (const cond of status.conditions) {
      const co = obj(cond);
      if (co && co.status === 'True')
        add(rfc3339Us(co.lastTransitionTime), `Condition${str(co.type) ?? ''}`);
    }
  for (const list of [status.initContainerStatuses, status.containerStatuses]) {
    if (!Array.isArray(list)) continue;
    for (const cs of list) {
      const s = obj(cs);
      const cn = str(s?.name);
      const state = obj(s?.state);
      if (!s || !cn || !state) continue;
      const running = obj(state.running);
      const term = obj(state.terminated);
      add(rfc3339Us(running?.startedAt ?? term?.startedAt), 'ContainerStarted', cn);
      if (term)
        add(rfc3339Us(term.finishedAt), 'ContainerTerminated', cn, {
          reason: str(term.reason) ?? '',
        });
    }
  }
  // Events must be in time order for `t`; a pod's times are not in document order.
  return true;
}

function cpuState(o: Obj, line: number, text: string, c: Collector): boolean {
  c.formats.add('cpu-manager-state');
  const def = str(o.defaultCpuSet) ?? '';
  let maxCpu = maxOf(def);
  const entries = obj(o.entries) ?? {};
  c.add(0, line, text, {
    what: 'CpuManagerState',
    pods: [],
    data: { policy: str(o.policyName) ?? '', defaultCpuSet: def },
  });
  for (const [uid, byC] of Object.entries(entries)) {
    const m = obj(byC) ?? {};
    for (const [container, cpus] of Object.entries(m)) {
      if (typeof cpus !== 'string') continue;
      maxCpu = Math.max(maxCpu, maxOf(cpus));
      const key =
        c.uidPod.get(uid) ??
        `default/pod-${uid
          .slice(0, 8)
          .toLowerCase()
          .replace(/[^a-z0-9]/g, '0')}`;
      c.learnUid(key, uid, 0);
      const info = c.container(c.pod(key, 0), container);
      info.cpus = cpus;
      c.add(0, line, text, { what: 'CpuAssignment', pods: [], container, data: { uid, cpus } });
    }
  }
  c.cpuManager = { policy: str(o.policyName) ?? 'none', defaultCpuSet: def, maxCpu };
  return true;
}

/** Highest CPU id in a cpuset string ("0-3,8") or -1. */
export function maxOf(set: string): number {
  let max = -1;
  for (const m of set.matchAll(/\d+/g)) max = Math.max(max, Number(m[0]));
  return max;
}

/** Number of CPUs in a cpuset string ("0-3,8" → 5). */
export function countCpus(set: string): number {
  let n = 0;
  for (const part of set.split(',')) {
    const m = /^\s*(\d+)(?:-(\d+))?\s*$/.exec(part);
    if (m) n += m[2] ? Number(m[2]) - Number(m[1]) + 1 : 1;
  }
  return n;
}
