/**
 * Whole documents in JSON or YAML (the `yaml` package reads both, with positions):
 * `kubectl get events -o json|yaml` (core/v1 and events.k8s.io/v1 Events, lists of them),
 * `kubectl get pod -o yaml|json` (a Pod, a List of Pods, or a status fragment: a `status:`
 * block, a `containerStatuses` list, one container status, `lastState`, conditions) and the
 * kubelet's checkpoints: cpu_manager_state, memory_manager_state and the device manager's
 * kubelet_internal_checkpoint. A JSON document cut short is read up to its last complete value.
 * Each lifecycle key of a status is a record at its own line.
 */
import {
  LineCounter,
  Pair,
  Scalar,
  YAMLMap,
  isMap,
  isScalar,
  isSeq,
  parseAllDocuments,
  type Node as YamlNode,
} from 'yaml';
import type { Collector } from './collector';
import { containerOfMessage } from './describePod';
import { UNNAMED_POD } from './describePod';
import { repairTruncatedJson } from './jsonRepair';
import { imageOfMessage } from './messages';
import { containerOfFieldPath } from './podRef';
import { rfc3339Us } from './times';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | null =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : null;
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined =>
  typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : undefined;

interface Ctx {
  readonly c: Collector;
  readonly lc: LineCounter;
  readonly lines: string[];
  /** Added to the document's line numbers (a document after other pasted output). */
  readonly offset: number;
  /** The pod a fragment without metadata is about. */
  readonly pod: string;
  /** The latest time in the document: the moment its untimed status fields describe. */
  snapUs: number;
}

/** The latest RFC 3339 time anywhere in a value (0 when none). */
function latestTime(v: unknown, depth = 0): number {
  if (depth > 12) return 0;
  if (typeof v === 'string') return rfc3339Us(v) ?? 0;
  let max = 0;
  if (Array.isArray(v)) for (const x of v) max = Math.max(max, latestTime(x, depth + 1));
  else if (v && typeof v === 'object')
    for (const x of Object.values(v as Obj)) max = Math.max(max, latestTime(x, depth + 1));
  return max;
}

/** Reads `text` as documents; false if it is not JSON/YAML of a kind the replay knows. */
export function readDocuments(
  text: string,
  c: Collector,
  opts: { lineOffset?: number; pod?: string } = {},
): boolean {
  const first = read(text, c, opts);
  if (first) return true;
  // A fragment of a JSON document from one of its keys on ("lastState": {…},): inside braces.
  if (/^\s*"[^"]+"\s*:/.test(text)) {
    const inner = `{${text.replace(/,\s*$/, '')}`;
    const fixed = repairTruncatedJson(inner);
    if (fixed && read(fixed, c, opts)) {
      c.saw('JSON fragment');
      return true;
    }
  }
  // A JSON document cut short: read what is complete.
  if (/^\s*[[{]/.test(text)) {
    const fixed = repairTruncatedJson(text);
    if (fixed && fixed !== text && read(fixed, c, opts)) {
      c.saw('JSON document cut short');
      return true;
    }
  }
  return false;
}

function read(text: string, c: Collector, opts: { lineOffset?: number; pod?: string }): boolean {
  const lc = new LineCounter();
  let docs;
  try {
    docs = parseAllDocuments(text, { lineCounter: lc, uniqueKeys: false });
  } catch {
    return false;
  }
  if (!Array.isArray(docs)) return false;
  const ctx: Ctx = {
    c,
    lc,
    lines: text.split('\n'),
    offset: opts.lineOffset ?? 0,
    pod: opts.pod ?? UNNAMED_POD,
    snapUs: 0,
  };
  let any = false;
  for (const doc of docs) {
    if (doc.errors.length) continue;
    const root = doc.contents as YamlNode | null;
    const value: unknown = doc.toJS({ maxAliasCount: 100 });
    for (const { v, node } of itemsOf(value, root)) if (readOne(v, node, ctx)) any = true;
  }
  if (any) c.saw('YAML/JSON document');
  return any;
}

function itemsOf(value: unknown, root: YamlNode | null): { v: unknown; node: YamlNode | null }[] {
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
  return [{ v: value, node: root }];
}

/** 1-based line of a node (plus the document's offset). */
function lineOf(ctx: Ctx, node: unknown): number {
  const n = node as YamlNode | null;
  const at = n?.range ? ctx.lc.linePos(n.range[0]).line : 1;
  return at + ctx.offset;
}

function textOf(ctx: Ctx, line: number): string {
  return ctx.lines[line - 1 - ctx.offset]?.replace(/\r$/, '') ?? '';
}

/** The key node of `key` in a map node (its line is the record's line). */
function keyNode(map: unknown, key: string): unknown {
  if (!isMap(map)) return null;
  for (const p of map.items) {
    const k = p.key;
    if (isScalar(k) && k.value === key) return k;
  }
  return null;
}

/** `{state: <node>}`: a bare container state read as a status's (its lines kept). */
function wrapNode(node: YamlNode | null): YamlNode {
  const m = new YAMLMap();
  m.items.push(new Pair(new Scalar('state'), node));
  return m;
}

function valueNode(map: unknown, key: string): unknown {
  return isMap(map) ? map.get(key, true) : null;
}

function readOne(v: unknown, node: YamlNode | null, ctx: Ctx): boolean {
  ctx.snapUs = latestTime(v);
  const o = obj(v);
  if (!o) return Array.isArray(v) ? statusList(v, node, ctx, false) : false;
  if (typeof o.policyName === 'string' && 'defaultCpuSet' in o) return cpuState(o, node, ctx);
  if (typeof o.policyName === 'string' && 'machineState' in o) return memoryState(o, node, ctx);
  const data = obj(o.Data);
  if (data && ('PodDeviceEntries' in data || 'RegisteredDevices' in data))
    return deviceCheckpoint(data, valueNode(node, 'Data'), ctx);
  if (
    o.kind === 'Event' ||
    ('involvedObject' in o && 'reason' in o) ||
    ('regarding' in o && 'reason' in o)
  )
    return event(o, node, ctx);
  if (o.kind === 'Pod' || (obj(o.spec) && Array.isArray(obj(o.spec)!.containers)))
    return pod(o, node, ctx);
  // Fragments of a pod's status.
  if (obj(o.status) && statusKeys(obj(o.status)!))
    return status(obj(o.status)!, valueNode(node, 'status'), ctx, ctx.pod);
  if (statusKeys(o)) return status(o, node, ctx, ctx.pod);
  if (Array.isArray(o.containerStatuses) || Array.isArray(o.initContainerStatuses))
    return status(o, node, ctx, ctx.pod);
  if ('state' in o || 'lastState' in o) return containerStatus(o, node, ctx, ctx.pod, false);
  // A container's state alone ({"waiting": {"reason", "message"}}), as quoted from a status.
  const keys = Object.keys(o);
  if (keys.length > 0 && keys.every((k) => /^(waiting|running|terminated)$/.test(k) && obj(o[k])))
    return containerStatus({ state: o }, wrapNode(node), ctx, ctx.pod, false);
  // Statuses keyed by container name (the pre-1.0 PodStatus.info map, a fragment of one).
  const named = Object.entries(o).filter(([, x]) => {
    const xo = obj(x);
    return xo !== null && ('state' in xo || 'lastState' in xo);
  });
  if (named.length > 0 && named.length === Object.keys(o).length) {
    let any = false;
    for (const [name, x] of named)
      if (containerStatus({ name, ...obj(x)! }, valueNode(node, name), ctx, ctx.pod, false))
        any = true;
    return any;
  }
  return false;
}

function statusKeys(o: Obj): boolean {
  return (
    typeof o.phase === 'string' ||
    Array.isArray(o.conditions) ||
    Array.isArray(o.containerStatuses) ||
    Array.isArray(o.initContainerStatuses)
  );
}

function event(o: Obj, node: YamlNode | null, ctx: Ctx): boolean {
  const { c } = ctx;
  const line = lineOf(ctx, node);
  const text = textOf(ctx, line);
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
    data: { reason, type: str(o.type) ?? '', message, count: num(o.count) ?? 1 },
    image: reason === 'Pulling' || reason === 'Pulled' ? imageOfMessage(message) : undefined,
  });
  return true;
}

function pod(o: Obj, node: YamlNode | null, ctx: Ctx): boolean {
  const { c } = ctx;
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
      if (init && ct.restartPolicy === 'Always') info.sidecar = true;
      const res = obj(ct.resources);
      const req = obj(res?.requests);
      const lim = obj(res?.limits);
      if (req)
        info.requests = Object.fromEntries(Object.entries(req).map(([k, v]) => [k, String(v)]));
      if (lim)
        info.limits = Object.fromEntries(Object.entries(lim).map(([k, v]) => [k, String(v)]));
    }
  }
  if (created !== null) {
    const line = lineOf(ctx, keyNode(valueNode(node, 'metadata'), 'creationTimestamp') ?? node);
    c.add(created, line, textOf(ctx, line), { what: 'PodCreated', pods: [key] });
  }
  const st = obj(o.status);
  if (st) status(st, valueNode(node, 'status'), ctx, key);
  return true;
}

/** A status block: phase, conditions and the container statuses, each key a record. */
function status(st: Obj, node: unknown, ctx: Ctx, key: string): boolean {
  const { c } = ctx;
  c.formats.add('pod-status');
  const at = (k: unknown) => {
    const line = lineOf(ctx, k);
    return { line, text: textOf(ctx, line) };
  };
  let any = false;
  if (typeof st.phase === 'string') {
    const { line, text } = at(keyNode(node, 'phase'));
    c.add(ctx.snapUs, line, text, { what: 'PodPhase', pods: [key], data: { phase: st.phase } });
    any = true;
  }
  if (typeof st.reason === 'string') {
    const { line, text } = at(keyNode(node, 'reason'));
    c.add(ctx.snapUs, line, text, {
      what: 'PodReason',
      pods: [key],
      data: { reason: st.reason },
    });
    any = true;
  }
  if (typeof st.message === 'string' && st.message.trim()) {
    const { line, text } = at(keyNode(node, 'message'));
    c.add(ctx.snapUs, line, text, {
      what: 'PodMessage',
      pods: [key],
      data: { message: st.message.trim() },
    });
    any = true;
  }
  if (Array.isArray(st.conditions)) {
    const seq = valueNode(node, 'conditions');
    st.conditions.forEach((raw, i) => {
      const co = obj(raw);
      const type = str(co?.type);
      if (!co || !type) return;
      const item = isSeq(seq) ? seq.items[i] : null;
      const { line, text } = at(keyNode(item, 'type') ?? item);
      const us = rfc3339Us(co.lastTransitionTime);
      c.add(us ?? ctx.snapUs, line, text, {
        what: `Condition${type}`,
        pods: [key],
        data: {
          type,
          status: typeof co.status === 'string' ? co.status : String(co.status === true),
          ...(str(co.reason) ? { reason: str(co.reason)! } : {}),
        },
      });
      any = true;
    });
  }
  for (const [k, init] of [
    ['initContainerStatuses', true],
    ['containerStatuses', false],
  ] as const) {
    const list = st[k];
    if (Array.isArray(list) && statusList(list, valueNode(node, k), ctx, init, key)) any = true;
  }
  return any;
}

function statusList(
  list: unknown[],
  seq: unknown,
  ctx: Ctx,
  init: boolean,
  key: string = ctx.pod,
): boolean {
  let any = false;
  list.forEach((raw, i) => {
    const s = obj(raw);
    if (!s || !('state' in s || 'lastState' in s)) return;
    const item = isSeq(seq) ? seq.items[i] : null;
    if (containerStatus(s, item, ctx, key, init)) any = true;
  });
  return any;
}

/** One container's status: its state and last state (each key a record), ready, restarts. */
function containerStatus(s: Obj, node: unknown, ctx: Ctx, key: string, init: boolean): boolean {
  const { c } = ctx;
  c.formats.add('pod-status');
  const name = str(s.name) ?? 'unnamed';
  const p = c.pod(key, 0);
  const info = c.container(p, name, init);
  if (str(s.image)) info.image ??= str(s.image);
  const add = (
    what: string,
    k: unknown,
    data: Record<string, string | number>,
    us = ctx.snapUs,
  ) => {
    const line = lineOf(ctx, k);
    c.add(us, line, textOf(ctx, line), { what, pods: [key], container: name, init, data });
  };
  let any = false;
  for (const [field, block] of [
    ['state', 'state'],
    ['lastState', 'last'],
  ] as const) {
    const st = obj(s[field]);
    const stNode = valueNode(node, field);
    if (!st) continue;
    for (const kind of ['waiting', 'running', 'terminated'] as const) {
      // Before v1beta3 (1.0) a terminated state was "termination".
      const field = kind === 'terminated' && !st[kind] && st.termination ? 'termination' : kind;
      const v = obj(st[field]);
      if (!v) continue;
      any = true;
      if (field === 'termination')
        c.tells.add('container state "termination" (the v1beta1/2 API): before 1.0', 0, 0);
      const kn = valueNode(stNode, field);
      add('ContainerState', keyNode(stNode, field), {
        block,
        state: kind[0]!.toUpperCase() + kind.slice(1),
      });
      if (str(v.reason))
        add('ContainerReason', keyNode(kn, 'reason'), { block, reason: str(v.reason)! });
      if (str(v.message))
        add('ContainerStatusMessage', keyNode(kn, 'message'), {
          block,
          message: str(v.message)!,
        });
      if (num(v.exitCode) !== undefined)
        add('ContainerExitCode', keyNode(kn, 'exitCode'), { block, exitCode: num(v.exitCode)! });
      const started = rfc3339Us(v.startedAt);
      if (started !== null)
        add('ContainerStartedAt', keyNode(kn, 'startedAt'), { block, atUs: started }, started);
      const finished = rfc3339Us(v.finishedAt);
      if (finished !== null)
        add('ContainerFinishedAt', keyNode(kn, 'finishedAt'), { block, atUs: finished }, finished);
    }
  }
  if (typeof s.ready === 'boolean') {
    add('ContainerReady', keyNode(node, 'ready'), { ready: s.ready ? 1 : 0 });
    any = true;
  }
  if (num(s.restartCount) !== undefined) {
    add('ContainerRestartCount', keyNode(node, 'restartCount'), { count: num(s.restartCount)! });
    any = true;
  }
  return any;
}

function cpuState(o: Obj, node: YamlNode | null, ctx: Ctx): boolean {
  const { c } = ctx;
  c.formats.add('cpu-manager-state');
  const def = str(o.defaultCpuSet) ?? '';
  let maxCpu = maxOf(def);
  const line = lineOf(ctx, node);
  const text = textOf(ctx, line);
  const policy = str(o.policyName) ?? '';
  c.fact('cpuManagerPolicy', policy);
  c.add(0, line, text, {
    what: 'CpuManagerState',
    pods: [],
    data: { policy, defaultCpuSet: def },
  });
  const entries = obj(o.entries) ?? {};
  const entriesNode = valueNode(node, 'entries');
  for (const [uid, byC] of Object.entries(entries)) {
    const m = obj(byC) ?? {};
    for (const [container, cpus] of Object.entries(m)) {
      if (typeof cpus !== 'string') continue;
      maxCpu = Math.max(maxCpu, maxOf(cpus));
      const key = podOfUid(c, uid);
      c.learnUid(key, uid, 0);
      const info = c.container(c.pod(key, 0), container);
      info.cpus = cpus;
      const at = lineOf(ctx, keyNode(valueNode(entriesNode, uid), container) ?? node);
      c.add(0, at, textOf(ctx, at), {
        what: 'CpuAssignment',
        pods: [],
        container,
        data: { uid, cpus },
      });
    }
  }
  c.cpuManager = { policy: policy || 'none', defaultCpuSet: def, maxCpu };
  return true;
}

function memoryState(o: Obj, node: YamlNode | null, ctx: Ctx): boolean {
  const { c } = ctx;
  c.formats.add('memory-manager-state');
  const policy = str(o.policyName) ?? '';
  c.fact('memoryManagerPolicy', policy);
  const line = lineOf(ctx, keyNode(node, 'policyName') ?? node);
  c.add(0, line, textOf(ctx, line), { what: 'MemoryManagerState', pods: [], data: { policy } });
  const machine = obj(o.machineState) ?? {};
  const machineNode = valueNode(node, 'machineState');
  for (const [numa, raw] of Object.entries(machine)) {
    const st = obj(raw);
    if (!st) continue;
    const stNode = valueNode(machineNode, numa);
    const map = obj(st.memoryMap) ?? {};
    const mapNode = valueNode(stNode, 'memoryMap');
    const group = Array.isArray(st.cells) ? st.cells : Array.isArray(st.nodes) ? st.nodes : [];
    for (const [type, t] of Object.entries(map)) {
      const tab = obj(t) ?? {};
      const at = lineOf(ctx, keyNode(mapNode, type) ?? stNode);
      c.add(0, at, textOf(ctx, at), {
        what: 'MemoryNode',
        pods: [],
        data: {
          numa: Number(numa),
          type,
          total: num(tab.total) ?? 0,
          systemReserved: num(tab.systemReserved) ?? 0,
          allocatable: num(tab.allocatable) ?? 0,
          reserved: num(tab.reserved) ?? 0,
          free: num(tab.free) ?? 0,
          assignments: num(st.numberOfAssignments) ?? 0,
          group: group.join(','),
        },
      });
    }
  }
  const entries = obj(o.entries) ?? {};
  const entriesNode = valueNode(node, 'entries');
  for (const [uid, byC] of Object.entries(entries)) {
    const m = obj(byC) ?? {};
    const key = podOfUid(c, uid);
    c.learnUid(key, uid, 0);
    for (const [container, blocks] of Object.entries(m)) {
      if (!Array.isArray(blocks)) continue;
      c.container(c.pod(key, 0), container);
      const seq = valueNode(valueNode(entriesNode, uid), container);
      blocks.forEach((b, i) => {
        const block = obj(b);
        if (!block) return;
        const item = isSeq(seq) ? seq.items[i] : null;
        const at = lineOf(ctx, keyNode(item, 'type') ?? item ?? node);
        c.add(0, at, textOf(ctx, at), {
          what: 'MemoryAssignment',
          pods: [],
          container,
          data: {
            uid,
            type: str(block.type) ?? '',
            size: num(block.size) ?? 0,
            numa: Array.isArray(block.numaAffinity) ? block.numaAffinity.join(',') : '',
          },
        });
      });
    }
  }
  return true;
}

function deviceCheckpoint(data: Obj, node: unknown, ctx: Ctx): boolean {
  const { c } = ctx;
  c.formats.add('device-checkpoint');
  let any = false;
  const entries = Array.isArray(data.PodDeviceEntries) ? data.PodDeviceEntries : [];
  const seq = valueNode(node, 'PodDeviceEntries');
  entries.forEach((raw, i) => {
    const e = obj(raw);
    const uid = str(e?.PodUID);
    const container = str(e?.ContainerName);
    const resource = str(e?.ResourceName);
    if (!e || !uid || !container || !resource) return;
    // DeviceIDs: a list (≤ 1.19) or, since 1.20, NUMA node → ids.
    const ids = e.DeviceIDs;
    const numa: number[] = [];
    let devices: string[] = [];
    if (Array.isArray(ids)) devices = ids.map(String);
    else if (obj(ids))
      for (const [n, list] of Object.entries(obj(ids)!)) {
        if (!Array.isArray(list)) continue;
        if (/^-?\d+$/.test(n) && Number(n) >= 0) numa.push(Number(n));
        devices.push(...list.map(String));
      }
    const key = podOfUid(c, uid);
    c.learnUid(key, uid, 0);
    c.container(c.pod(key, 0), container);
    const item = isSeq(seq) ? seq.items[i] : null;
    const at = lineOf(ctx, keyNode(item, 'ResourceName') ?? item ?? node);
    c.add(0, at, textOf(ctx, at), {
      what: 'DeviceAssignment',
      pods: [],
      container,
      data: {
        uid,
        resource,
        devices: devices.join(','),
        numa: numa.join(','),
        count: devices.length,
      },
    });
    any = true;
  });
  const reg = obj(data.RegisteredDevices) ?? {};
  const regNode = valueNode(node, 'RegisteredDevices');
  for (const [resource, list] of Object.entries(reg)) {
    if (!Array.isArray(list)) continue;
    const at = lineOf(ctx, keyNode(regNode, resource) ?? node);
    c.add(0, at, textOf(ctx, at), {
      what: 'DeviceRegistered',
      pods: [],
      data: { resource, devices: list.map(String).join(','), count: list.length },
    });
    any = true;
  }
  if (!any) {
    const at = lineOf(ctx, node);
    c.add(0, at, textOf(ctx, at), { what: 'DeviceCheckpoint', pods: [] });
  }
  return true;
}

/** The pod a checkpoint's uid belongs to: one the input named, else one named after the uid. */
function podOfUid(c: Collector, uid: string): string {
  return (
    c.uidPod.get(uid) ??
    `default/pod-${uid
      .slice(0, 8)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '0')}`
  );
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
