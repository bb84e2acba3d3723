/**
 * The status manager's API writes (pkg/kubelet/status/status_manager.go syncPod): after
 * SetPodStatus changes a pod's status, the manager's goroutine patches the API object and
 * logs V(3) "Patch status for pod" (pod, podUID, patch: the strategic merge patch
 * statusutil.PatchPodStatus builds) and "Status for pod updated successfully" (pod,
 * statusVersion, status). The API server's watch then brings the pod back with only its
 * status changed, which the kubelet's config source reports as a RECONCILE (config.go
 * checkAndUpdatePod), logged V(4) "SyncLoop RECONCILE" by syncLoopIteration. The watch round
 * trip is not modelled: the three lines share the instant of the change.
 */
import { samePlain } from '../core/clone';
import type { EffectApi } from '../runner/types';
import { klogTimeRfc3339 } from './timeFormat';
import type { PodDef } from './config';
import { klog, lazyValue, q, type KV } from './klog';
import { podUidKV, reconcileKV } from './podKVs';
import { NODE_IP } from './runtime';
import { afterStatusPatch, observedOnWatch } from './startupLatency';
import type {
  ApiContainerStatus,
  ApiPodStatus,
  ContainerStateView,
  KubeletDomain,
  PodCondition,
  ResourceListStatus,
  ResourcesStatus,
  VolumeMountStatus,
} from './types';
import { own } from '../core/cow';
import { table } from '../core/shapes';

type Api = Pick<EffectApi<KubeletDomain>, 'log' | 'domain' | 't' | 'record'> & {
  recording?: boolean;
};

/** Whether the status's Ready condition is True. */
function readyOf(s: ApiPodStatus): boolean {
  for (let i = 0; i < s.conditions.length; i++)
    if (s.conditions[i]!.type === 'Ready') return s.conditions[i]!.status === 'True';
  return false;
}

function stateJson(s: ContainerStateView): Record<string, unknown> {
  if (s.waiting)
    return {
      waiting: { reason: s.waiting.reason || undefined, message: s.waiting.message || undefined },
    };
  if (s.running) return { running: { startedAt: klogTimeRfc3339(s.running.startedAt) } };
  if (s.terminated)
    return {
      terminated: {
        exitCode: s.terminated.exitCode,
        reason: s.terminated.reason,
        message: s.terminated.message,
        startedAt:
          s.terminated.startedAt !== undefined ? klogTimeRfc3339(s.terminated.startedAt) : null,
        finishedAt:
          s.terminated.finishedAt !== undefined ? klogTimeRfc3339(s.terminated.finishedAt) : null,
        containerID: s.terminated.containerID,
      },
    };
  return {};
}

/** v1.PodCondition in its Go field order. */
function conditionJson(c: PodCondition): Record<string, unknown> {
  return {
    type: c.type,
    observedGeneration: c.observedGeneration,
    status: c.status,
    lastProbeTime: null,
    lastTransitionTime: klogTimeRfc3339(c.lastTransitionTime),
    reason: c.reason,
    message: c.message,
  };
}

/** v1.ContainerStatus in its Go field order. */
function containerJson(c: ApiContainerStatus): Record<string, unknown> {
  return {
    name: c.name,
    state: stateJson(c.state),
    lastState: stateJson(c.lastState),
    ready: c.ready,
    restartCount: c.restartCount,
    image: c.image,
    imageID: c.imageID,
    containerID: c.containerID,
    started: c.started ?? false,
    allocatedResources: c.allocatedResources,
    resources: c.resources,
    volumeMounts: c.volumeMounts?.map(mountJson),
  };
}

/** v1.VolumeMountStatus in its Go field order (readOnly and recursiveReadOnly omitempty). */
function mountJson(m: VolumeMountStatus): Record<string, unknown> {
  return {
    name: m.name,
    mountPath: m.mountPath,
    readOnly: m.readOnly,
    recursiveReadOnly: m.recursiveReadOnly,
  };
}

/** podStatusJson of each stored (frozen) status, and its text: a patch needs both sides. */
const statusJsons = new WeakMap<ApiPodStatus, Record<string, unknown>>();
const statusTexts = new WeakMap<ApiPodStatus, StatusTexts>();

/**
 * v1.PodStatus as the API returns it, in its Go field order (JSON drops undefined). Built once
 * per stored status (a frozen value): the next patch's old side is this patch's new side.
 * The result is shared: callers only read it.
 */
export function podStatusJson(s: ApiPodStatus): Record<string, unknown> {
  if (!Object.isFrozen(s)) return buildPodStatusJson(s);
  let j = statusJsons.get(s);
  if (!j) statusJsons.set(s, (j = buildPodStatusJson(s)));
  return j;
}

/**
 * podStatusJson(s) as JSON text, field by field: each field's text (undefined where JSON drops
 * the field), each list item's, and the whole. A patch compares fields by their texts (as the
 * JSON comparison it stands for), and a stored status's texts serve as the next patch's old side.
 */
interface StatusTexts {
  /** The status they render (list items are matched to a later status's by identity). */
  status: ApiPodStatus;
  /** Each of STATUS_KEYS' field text, in that order. */
  texts: (string | undefined)[];
  /** Each condition's, init container status's and container status's text. */
  conds: string[];
  inits: string[];
  ctrs: string[];
  /** The conditions' $setElementOrder list, built when a patch first needs it. */
  order?: string;
  full: string;
}

/** podStatusJson's keys, in its order: every status has them all (a dropped one is undefined). */
const STATUS_KEYS = Object.freeze([
  'observedGeneration',
  'phase',
  'conditions',
  'message',
  'reason',
  'hostIP',
  'hostIPs',
  'podIP',
  'podIPs',
  'startTime',
  'initContainerStatuses',
  'containerStatuses',
  'qosClass',
]) as string[];
const CONDITIONS = STATUS_KEYS.indexOf('conditions');
const INITS = STATUS_KEYS.indexOf('initContainerStatuses');
const CONTAINERS = STATUS_KEYS.indexOf('containerStatuses');
/** Each key as a patch or status field starts: `"phase":`. */
const KEY_TEXTS = STATUS_KEYS.map((k) => `${JSON.stringify(k)}:`);
const HOST_IP_TEXT = JSON.stringify(NODE_IP);
const HOST_IPS_TEXT = JSON.stringify([{ ip: NODE_IP }]);

/*
 * The renderers below write JSON.stringify's text of conditionJson / containerJson / stateJson
 * directly, field by field in the same order, without building the objects (most of a patch's
 * cost was building and stringifying them). statusPatchTexts.test.ts holds them to the objects.
 */

/** JSON.stringify of a string: q's, which keeps each short string's text (names, reasons, ids recur). */
const str = q;

/** `,"key":"value"`, or nothing where JSON drops the field (undefined). */
const optStr = (key: string, v: string | undefined): string =>
  v === undefined ? '' : `,"${key}":${str(v)}`;

/** JSON.stringify of a number (null where JSON has no number for it). */
const num = (n: number): string => (Number.isFinite(n) ? String(n) : 'null');

/** A time's JSON text: klogTimeRfc3339 writes only digits, '-', ':', 'T' and 'Z' (no escapes). */
const timeText = (t: number): string => `"${klogTimeRfc3339(t)}"`;

/** stateJson(s)'s text. */
function stateText(s: ContainerStateView): string {
  if (s.waiting) {
    // stateJson drops an empty reason or message (`|| undefined`).
    const { reason, message } = s.waiting;
    const r = reason ? `"reason":${str(reason)}` : '';
    const m = message ? `${r ? ',' : ''}"message":${str(message)}` : '';
    return `{"waiting":{${r}${m}}}`;
  }
  if (s.running) return `{"running":{"startedAt":${timeText(s.running.startedAt)}}}`;
  const x = s.terminated;
  if (x) {
    const started = x.startedAt !== undefined ? timeText(x.startedAt) : 'null';
    const finished = x.finishedAt !== undefined ? timeText(x.finishedAt) : 'null';
    return (
      `{"terminated":{"exitCode":${num(x.exitCode)}${optStr('reason', x.reason)}` +
      `${optStr('message', x.message)},"startedAt":${started},"finishedAt":${finished}` +
      `${optStr('containerID', x.containerID)}}}`
    );
  }
  return '{}';
}

/** conditionJson(c)'s text. */
function renderCondition(c: PodCondition): string {
  const gen =
    c.observedGeneration !== undefined ? `,"observedGeneration":${num(c.observedGeneration)}` : '';
  return (
    `{"type":${str(c.type)}${gen},"status":${str(c.status)},"lastProbeTime":null,` +
    `"lastTransitionTime":${timeText(c.lastTransitionTime)}` +
    `${optStr('reason', c.reason)}${optStr('message', c.message)}}`
  );
}

/** containerJson(c)'s text. */
function renderContainer(c: ApiContainerStatus): string {
  return (
    `{"name":${str(c.name)},"state":${stateText(c.state)},"lastState":${stateText(c.lastState)}` +
    `,"ready":${c.ready},"restartCount":${num(c.restartCount)},"image":${str(c.image)}` +
    `,"imageID":${str(c.imageID)}${optStr('containerID', c.containerID)},"started":${c.started ?? false}` +
    `${resourcesText(c)}${mountsText(c.volumeMounts, false)}}`
  );
}

/**
 * `,"allocatedResources":{…},"resources":{…}` in Go field order, or what of it the status has.
 * Resource lists are Go maps (keys sorted either way) and ResourceRequirements' fields (limits,
 * requests) are in byte order too, so one text serves the status and the patch.
 */
function resourcesText(c: ApiContainerStatus): string {
  const a =
    c.allocatedResources !== undefined
      ? `,"allocatedResources":${resourceListText(c.allocatedResources)}`
      : '';
  return c.resources !== undefined ? `${a},"resources":${requirementsText(c.resources)}` : a;
}

/** Each (frozen) resources value's text. */
const requirementTexts = new WeakMap<object, string>();

function requirementsText(r: ResourcesStatus): string {
  const known = requirementTexts.get(r);
  if (known !== undefined) return known;
  const parts: string[] = [];
  if (r.limits) parts.push(`"limits":${resourceListText(r.limits)}`);
  if (r.requests) parts.push(`"requests":${resourceListText(r.requests)}`);
  const out = `{${parts.join(',')}}`;
  if (Object.isFrozen(r)) requirementTexts.set(r, out);
  return out;
}

/** A resource list (keys already in Go map order). */
function resourceListText(list: ResourceListStatus): string {
  let out = '{';
  for (const k in list) out += `${out.length > 1 ? ',' : ''}${str(k)}:${str(list[k]!)}`;
  return `${out}}`;
}

/** Each (frozen) mount list's text, in Go field order and with sorted keys. */
const mountTexts = [new WeakMap<object, string>(), new WeakMap<object, string>()] as const;

/** `,"volumeMounts":[...]`, or nothing for a container without mounts (omitempty). */
function mountsText(list: readonly VolumeMountStatus[] | undefined, sorted: boolean): string {
  if (!list?.length) return '';
  const memo = mountTexts[sorted ? 1 : 0];
  let out = memo.get(list);
  if (out !== undefined) return out;
  out = `,"volumeMounts":[${list.map((m) => mountText(m, sorted)).join(',')}]`;
  if (Object.isFrozen(list)) memo.set(list, out);
  return out;
}

function mountText(m: VolumeMountStatus, sorted: boolean): string {
  const name = `"name":${str(m.name)}`;
  const path = `"mountPath":${str(m.mountPath)}`;
  const ro =
    (m.readOnly ? `,"readOnly":true` : '') + optStr('recursiveReadOnly', m.recursiveReadOnly);
  return sorted ? `{${path},${name}${ro}}` : `{${name},${path}${ro}}`;
}

/*
 * The patch's texts. statusutil.PatchPodStatus marshals the strategic merge patch, a
 * map[string]interface{}, with encoding/json, which writes map keys sorted ("$setElementOrder/…"
 * first): every object in a patch has its keys in byte order, not the Go field order the
 * "status" text of "Status for pod updated successfully" (a struct) has.
 */

/** stateJson(s)'s text with sorted keys. */
function sortedStateText(s: ContainerStateView): string {
  if (s.waiting) {
    const { reason, message } = s.waiting;
    const m = message ? `"message":${str(message)}` : '';
    const r = reason ? `${m ? ',' : ''}"reason":${str(reason)}` : '';
    return `{"waiting":{${m}${r}}}`;
  }
  if (s.running) return `{"running":{"startedAt":${timeText(s.running.startedAt)}}}`;
  const x = s.terminated;
  if (x) {
    const id = x.containerID !== undefined ? `"containerID":${str(x.containerID)},` : '';
    const started = x.startedAt !== undefined ? timeText(x.startedAt) : 'null';
    const finished = x.finishedAt !== undefined ? timeText(x.finishedAt) : 'null';
    return (
      `{"terminated":{${id}"exitCode":${num(x.exitCode)},"finishedAt":${finished}` +
      `${optStr('message', x.message)}${optStr('reason', x.reason)},"startedAt":${started}}}`
    );
  }
  return '{}';
}

/** Each (frozen) container status's sorted text: a stored status shares unchanged items. */
const sortedContainerTexts = new WeakMap<ApiContainerStatus, string>();

/** containerJson(c)'s text with sorted keys. */
function sortedContainerText(c: ApiContainerStatus): string {
  const known = sortedContainerTexts.get(c);
  if (known !== undefined) return known;
  const id = c.containerID !== undefined ? `"containerID":${str(c.containerID)},` : '';
  const allocated =
    c.allocatedResources !== undefined
      ? `"allocatedResources":${resourceListText(c.allocatedResources)},`
      : '';
  const resources =
    c.resources !== undefined ? `,"resources":${requirementsText(c.resources)}` : '';
  const out =
    `{${allocated}${id}"image":${str(c.image)},"imageID":${str(c.imageID)}` +
    `,"lastState":${sortedStateText(c.lastState)},"name":${str(c.name)},"ready":${c.ready}` +
    `${resources},"restartCount":${num(c.restartCount)},"started":${c.started ?? false}` +
    `,"state":${sortedStateText(c.state)}${mountsText(c.volumeMounts, true)}}`;
  if (Object.isFrozen(c)) sortedContainerTexts.set(c, out);
  return out;
}

/** A container status list's patch text (the lists have no merge key: replaced whole). */
function sortedListText(list: readonly ApiContainerStatus[]): string {
  let out = '[';
  for (let i = 0; i < list.length; i++) out += `${i ? ',' : ''}${sortedContainerText(list[i]!)}`;
  return `${out}]`;
}

/** `"key":value,` for a condition field the patch sets, or deletes (null) when `now` lacks it. */
function condField(key: string, was: string | undefined, now: string | undefined): string {
  if (was === now) return '';
  return `"${key}":${now === undefined ? 'null' : str(now)},`;
}

/**
 * A condition's item in the patch: conditions merge on "type", so a new one is sent whole and a
 * changed one as its changed fields (a removed reason or message as null) with its type, keys
 * sorted; undefined when nothing changed.
 */
function conditionPatchText(was: PodCondition | undefined, now: PodCondition): string | undefined {
  const gen = now.observedGeneration;
  if (!was)
    return (
      `{"lastProbeTime":null,"lastTransitionTime":${timeText(now.lastTransitionTime)}` +
      `${optStr('message', now.message)}` +
      `${gen !== undefined ? `,"observedGeneration":${num(gen)}` : ''}${optStr('reason', now.reason)}` +
      `,"status":${str(now.status)},"type":${str(now.type)}}`
    );
  // Compared as the API holds them: RFC 3339 seconds.
  const t = timeText(now.lastTransitionTime);
  const at = timeText(was.lastTransitionTime) !== t ? `"lastTransitionTime":${t},` : '';
  const generation =
    was.observedGeneration === gen
      ? ''
      : `"observedGeneration":${gen === undefined ? 'null' : num(gen)},`;
  const fields =
    at +
    condField('message', was.message, now.message) +
    generation +
    condField('reason', was.reason, now.reason) +
    condField('status', was.status, now.status);
  return fields ? `{${fields}"type":${str(now.type)}}` : undefined;
}

/**
 * Each item's text, taking the text of an item `prev` holds at the same place (a stored status
 * keeps the frozen items of the previous one that did not change, setPodStatus): a new status
 * renders only what changed. `prev` is given only when both lists are frozen all through.
 */
function itemTexts<T>(
  list: readonly T[],
  prev: readonly T[] | undefined,
  prevTexts: string[] | undefined,
  render: (v: T) => string,
): string[] {
  if (prev === list && prevTexts) return prevTexts;
  const out = new Array<string>(list.length);
  for (let i = 0; i < list.length; i++)
    out[i] = prev && prevTexts && prev[i] === list[i] ? prevTexts[i]! : render(list[i]!);
  return out;
}

/** A list field's text (JSON.stringify of the list), undefined for an empty list. */
function listText(items: string[]): string | undefined {
  if (items.length === 0) return undefined;
  // Concatenated, not joined: join copies every item's text; this only links them.
  let out = `[${items[0]!}`;
  for (let i = 1; i < items.length; i++) out += `,${items[i]!}`;
  return `${out}]`;
}

/** JSON.stringify(v) for a field that JSON drops when undefined. */
const text = (v: string | undefined): string | undefined => (v === undefined ? undefined : str(v));

/** Per pod, the stored status whose texts were built last: the items a new status shares. */
const lastTexts = new Map<string, StatusTexts>();
const LAST_TEXTS_MAX = 4096;

/**
 * The texts, field by field as JSON.stringify(podStatusJson(s)[key]) gives them, built from the
 * status directly (statusPatchTexts.test.ts holds them to the JSON objects' texts). A stored
 * (frozen) status's texts are kept; `uid` names the pod whose last texts it may share items with.
 */
function textsOf(s: ApiPodStatus, uid?: string): StatusTexts {
  const frozen = Object.isFrozen(s);
  let t = frozen ? statusTexts.get(s) : undefined;
  if (t) return t;
  // Only frozen items cannot have changed since their text was built.
  const p = frozen && uid !== undefined ? lastTexts.get(uid) : undefined;
  const ps = p?.status;
  const conds = itemTexts(s.conditions, ps?.conditions, p?.conds, renderCondition);
  const inits = itemTexts(
    s.initContainerStatuses,
    ps?.initContainerStatuses,
    p?.inits,
    renderContainer,
  );
  const ctrs = itemTexts(s.containerStatuses, ps?.containerStatuses, p?.ctrs, renderContainer);
  const texts = [
    s.observedGeneration !== undefined ? num(s.observedGeneration) : undefined,
    str(s.phase),
    conds === p?.conds ? p.texts[CONDITIONS] : listText(conds),
    text(s.message),
    text(s.reason),
    s.hostIP === NODE_IP ? HOST_IP_TEXT : text(s.hostIP),
    s.hostIP === NODE_IP ? HOST_IPS_TEXT : s.hostIP ? `[{"ip":${str(s.hostIP)}}]` : undefined,
    text(s.podIP),
    s.podIP ? `[{"ip":${str(s.podIP)}}]` : undefined,
    s.startTime !== undefined ? timeText(s.startTime) : undefined,
    inits === p?.inits ? p.texts[INITS] : listText(inits),
    ctrs === p?.ctrs ? p.texts[CONTAINERS] : listText(ctrs),
    text(s.qosClass),
  ];
  let full = '{';
  for (let i = 0; i < texts.length; i++)
    if (texts[i] !== undefined) full += `${full.length > 1 ? ',' : ''}${KEY_TEXTS[i]!}${texts[i]!}`;
  t = { status: s, texts, conds, inits, ctrs, full: full + '}' };
  if (frozen) {
    statusTexts.set(s, t);
    if (uid !== undefined) {
      if (lastTexts.size >= LAST_TEXTS_MAX) lastTexts.clear();
      lastTexts.set(uid, t);
    }
  }
  return t;
}

/** JSON.stringify(podStatusJson(s)), kept per stored status. */
export function podStatusText(s: ApiPodStatus): string {
  return textsOf(s).full;
}

function buildPodStatusJson(s: ApiPodStatus): Record<string, unknown> {
  return {
    observedGeneration: s.observedGeneration,
    phase: s.phase,
    conditions: s.conditions.length ? s.conditions.map(conditionJson) : undefined,
    message: s.message,
    reason: s.reason,
    hostIP: s.hostIP,
    hostIPs: s.hostIP ? [{ ip: s.hostIP }] : undefined,
    podIP: s.podIP,
    podIPs: s.podIP ? [{ ip: s.podIP }] : undefined,
    startTime: s.startTime !== undefined ? klogTimeRfc3339(s.startTime) : undefined,
    initContainerStatuses: s.initContainerStatuses.length
      ? s.initContainerStatuses.map(containerJson)
      : undefined,
    containerStatuses: s.containerStatuses.length
      ? s.containerStatuses.map(containerJson)
      : undefined,
    qosClass: s.qosClass,
  };
}

/** The $setElementOrder/conditions list: each condition's type, in order. */
function orderText(conditions: PodCondition[]): string {
  let out = '[';
  for (let i = 0; i < conditions.length; i++)
    out += `${i ? ',' : ''}{"type":${str(conditions[i]!.type)}}`;
  return out + ']';
}

/** STATUS_KEYS' places in the order a patch writes them (sorted keys). */
const PATCH_ORDER = Object.freeze(
  STATUS_KEYS.map((_, i) => i).sort((a, b) => (STATUS_KEYS[a]! < STATUS_KEYS[b]! ? -1 : 1)),
);

/**
 * The status part of statusPatch's patch (the fields between its braces), '' when nothing
 * changed: a sync that changes nothing is caught without building the patch text. Fields are
 * compared by their (struct-order) texts and written with sorted keys.
 */
function patchFields(uid: string, before: ApiPodStatus | undefined, after: ApiPodStatus): string {
  const o = before ? textsOf(before, uid) : undefined;
  const n = textsOf(after, uid);
  // Plain loops, no closures: this runs for every changed status.
  let fields = '';
  for (let k = 0; k < PATCH_ORDER.length; k++) {
    const i = PATCH_ORDER[k]!;
    const now = n.texts[i];
    if ((o ? o.texts[i] : undefined) === now) continue;
    let value = now ?? 'null';
    if (i === CONDITIONS && after.conditions.length > 0) {
      let changed = '';
      for (let j = 0; j < after.conditions.length; j++) {
        const c = after.conditions[j]!;
        const at = before ? indexOfType(before.conditions, c.type) : -1;
        const item = conditionPatchText(at < 0 ? undefined : before!.conditions[at], c);
        if (item !== undefined) changed += (changed ? ',' : '') + item;
      }
      n.order ??= orderText(after.conditions);
      // "$setElementOrder/conditions" sorts before every other key.
      fields = `"$setElementOrder/conditions":${n.order}`;
      value = `[${changed}]`;
    } else if (now !== undefined && (i === INITS || i === CONTAINERS))
      value = sortedListText(i === INITS ? after.initContainerStatuses : after.containerStatuses);
    fields += `${fields ? ',' : ''}${KEY_TEXTS[i]!}${value}`;
  }
  return fields;
}

/*
 * Whether a status changed as the API sees it (podStatusJson's JSON), compared as values, not as
 * texts: a sync decides it without building a text, and a step that prints nothing (a seek's
 * replay) builds none. Field by field as the JSON texts would differ (statusPatchTexts.test.ts
 * holds it to them): times at the API's second precision, an empty waiting reason or message
 * as absent, hostIPs and podIPs as their hostIP and podIP.
 */

/** The second a time prints as (klogTimeRfc3339). */
const secondOf = (t: number): number => Math.floor(Math.max(0, t) / 1000);
const sameTime = (a: number | undefined, b: number | undefined): boolean =>
  a === b || (a !== undefined && b !== undefined && secondOf(a) === secondOf(b));
/** Numbers as JSON writes them (no number: null). */
const sameNum = (a: number, b: number): boolean =>
  a === b || (!Number.isFinite(a) && !Number.isFinite(b));
const sameOptNum = (a: number | undefined, b: number | undefined): boolean =>
  a === b || (a !== undefined && b !== undefined && sameNum(a, b));

function sameState(a: ContainerStateView, b: ContainerStateView): boolean {
  if (a === b) return true;
  // The state JSON shows: the first of waiting, running, terminated that is set.
  if (a.waiting || b.waiting) {
    if (!a.waiting || !b.waiting) return false;
    return (
      (a.waiting.reason || '') === (b.waiting.reason || '') &&
      (a.waiting.message || '') === (b.waiting.message || '')
    );
  }
  if (a.running || b.running) {
    if (!a.running || !b.running) return false;
    return sameTime(a.running.startedAt, b.running.startedAt);
  }
  const x = a.terminated;
  const y = b.terminated;
  if (!x || !y) return !x && !y;
  return (
    sameNum(x.exitCode, y.exitCode) &&
    x.reason === y.reason &&
    x.message === y.message &&
    sameTime(x.startedAt, y.startedAt) &&
    sameTime(x.finishedAt, y.finishedAt) &&
    x.containerID === y.containerID
  );
}

function sameMounts(
  a: readonly VolumeMountStatus[] | undefined,
  b: readonly VolumeMountStatus[] | undefined,
): boolean {
  if (a === b) return true;
  // An empty list is left out (omitempty), as no list is.
  const n = a?.length ?? 0;
  if (n !== (b?.length ?? 0)) return false;
  for (let i = 0; i < n; i++) {
    const x = a![i]!;
    const y = b![i]!;
    if (
      x !== y &&
      (x.name !== y.name ||
        x.mountPath !== y.mountPath ||
        !!x.readOnly !== !!y.readOnly ||
        x.recursiveReadOnly !== y.recursiveReadOnly)
    )
      return false;
  }
  return true;
}

/** Resource lists print their keys in their own order. */
function sameResourceList(a: ResourceListStatus | undefined, b: ResourceListStatus | undefined) {
  if (a === b) return true;
  if (!a || !b) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i] || a[ka[i]!] !== b[kb[i]!]) return false;
  return true;
}

function sameResources(a: ResourcesStatus | undefined, b: ResourcesStatus | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  // A list is printed when it is set (requirementsText).
  return (
    !!a.limits === !!b.limits &&
    !!a.requests === !!b.requests &&
    (!a.limits || sameResourceList(a.limits, b.limits)) &&
    (!a.requests || sameResourceList(a.requests, b.requests))
  );
}

function sameContainer(a: ApiContainerStatus, b: ApiContainerStatus): boolean {
  return (
    a === b ||
    (a.name === b.name &&
      a.ready === b.ready &&
      sameNum(a.restartCount, b.restartCount) &&
      a.image === b.image &&
      a.imageID === b.imageID &&
      a.containerID === b.containerID &&
      (a.started ?? false) === (b.started ?? false) &&
      sameState(a.state, b.state) &&
      sameState(a.lastState, b.lastState) &&
      sameResourceList(a.allocatedResources, b.allocatedResources) &&
      sameResources(a.resources, b.resources) &&
      sameMounts(a.volumeMounts, b.volumeMounts))
  );
}

function sameCondition(a: PodCondition, b: PodCondition): boolean {
  return (
    a === b ||
    (a.type === b.type &&
      sameOptNum(a.observedGeneration, b.observedGeneration) &&
      a.status === b.status &&
      sameTime(a.lastTransitionTime, b.lastTransitionTime) &&
      a.reason === b.reason &&
      a.message === b.message)
  );
}

function sameList<T>(a: readonly T[], b: readonly T[], same: (x: T, y: T) => boolean): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!same(a[i]!, b[i]!)) return false;
  return true;
}

/** Whether the API's status changed from `before` to `after`: a patch has fields to send. */
export function statusChanged(before: ApiPodStatus | undefined, after: ApiPodStatus): boolean {
  if (before === after) return false;
  if (!before) return true;
  return !(
    sameOptNum(before.observedGeneration, after.observedGeneration) &&
    before.phase === after.phase &&
    before.message === after.message &&
    before.reason === after.reason &&
    // hostIPs and podIPs are built from these (an empty IP has no list).
    before.hostIP === after.hostIP &&
    before.podIP === after.podIP &&
    sameTime(before.startTime, after.startTime) &&
    before.qosClass === after.qosClass &&
    sameList(before.conditions, after.conditions, sameCondition) &&
    sameList(before.initContainerStatuses, after.initContainerStatuses, sameContainer) &&
    sameList(before.containerStatuses, after.containerStatuses, sameContainer)
  );
}

/** The first condition of `type`'s place, or -1. */
function indexOfType(conditions: PodCondition[], type: string): number {
  for (let i = 0; i < conditions.length; i++) if (conditions[i]!.type === type) return i;
  return -1;
}

/** The patch text around its status fields. */
function patchText(uid: string, fields: string): string {
  return `{"metadata":{"uid":${str(uid)}},"status":{${fields}}}`;
}

/**
 * statusutil.PatchPodStatus: a two-way strategic merge patch from the old status to the new.
 * conditions merge on "type" ($setElementOrder lists them all, only changed ones are sent);
 * container status lists have no merge key and are replaced whole; a removed field is null.
 */
export function statusPatch(
  uid: string,
  before: ApiPodStatus | undefined,
  after: ApiPodStatus,
): string {
  return patchText(uid, patchFields(uid, before, after));
}

/**
 * statusPatch over the JSON objects, as the apimachinery code builds it: the reference the
 * texts are tested against. A condition in both statuses is diffed field by field (a field the
 * new one lacks is null), and encoding/json writes a map's keys sorted.
 */
export function statusPatchOfObjects(
  uid: string,
  before: ApiPodStatus | undefined,
  after: ApiPodStatus,
): string {
  const o = before ? podStatusJson(before) : {};
  const n = podStatusJson(after);
  const status: Record<string, unknown> = {};
  const oc = (o.conditions ?? []) as Record<string, unknown>[];
  const nc = (n.conditions ?? []) as Record<string, unknown>[];
  if (!same(oc, nc)) {
    if (nc.length === 0) status.conditions = null;
    else {
      status['$setElementOrder/conditions'] = nc.map((c) => ({ type: c.type }));
      status.conditions = nc.flatMap((c) => {
        const was = oc.find((x) => x.type === c.type);
        if (!was) return [c];
        const diff: Record<string, unknown> = {};
        for (const k of Object.keys({ ...was, ...c }))
          if (k !== 'type' && !same(was[k], c[k])) diff[k] = c[k] === undefined ? null : c[k];
        return Object.keys(diff).length ? [{ ...diff, type: c.type }] : [];
      });
    }
  }
  for (const k of Object.keys({ ...o, ...n })) {
    if (k === 'conditions' || same(o[k], n[k])) continue;
    status[k] = n[k] === undefined ? null : n[k];
  }
  return sortedJson({ metadata: { uid }, status });
}

/** JSON text with every object's keys sorted, as encoding/json writes a map. */
function sortedJson(v: unknown): string {
  return JSON.stringify(v, (_key, value: unknown) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
    const obj = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(obj).sort()) out[k] = obj[k];
    return out;
  });
}

/** Equal JSON texts; samePlain answers most pairs without building them. */
function same(a: unknown, b: unknown): boolean {
  return samePlain(a, b) || JSON.stringify(a) === JSON.stringify(b);
}

/** The versions the status manager has written, per pod (podStatusSyncRequest.status.version). */
function versions(d: KubeletDomain): Record<string, number> {
  d.statusVersions ??= table();
  return own(d, 'statusVersions')!;
}

/**
 * After the status manager's cache changed from `before`: the API patch and its echo. Nothing
 * when the new status equals the old one (isPodStatusByKubeletEqual: no update is queued).
 */
export function syncStatusToApi(api: Api, pod: PodDef, before: ApiPodStatus | undefined): void {
  const after = api.domain.status[pod.uid];
  if (!after) return;
  // The pod as the watch showed it before this write (ADD, or the previous echo).
  observedOnWatch(api.domain, pod.uid, before);
  // Most syncs change nothing: the status manager then keeps the stored value (setPodStatus),
  // so an unchanged status is the same object. A replaced one that is still equal makes an
  // empty patch, caught below.
  if (!statusChanged(before, after)) return;
  // For the views: when the API server's pod turned Ready, or stopped being Ready.
  const ready = readyOf(after);
  if (ready !== (before ? readyOf(before) : false)) api.record('podReady', { uid: pod.uid, ready });
  const v = versions(api.domain);
  const version = (v[pod.uid] ?? 0) + 1;
  v[pod.uid] = version;
  // A seek's replay prints nothing: the texts are built only for a recorded step.
  if (api.recording !== false) {
    const uid = pod.uid;
    // The pod's shared "pod" and "podUID" pairs (podKVs.ts): no new pairs per line. The patch
    // and the status are the two (frozen) statuses, printed when the line is (lazyValue).
    const [podPair, uidPair] = podUidKV(pod) as [KV[number], KV[number]];
    klog(api, 'Patch status for pod', [
      podPair,
      uidPair,
      // Each patch is new text: quoted directly, not through q's cache of texts printed again.
      lazyValue('patch', () => JSON.stringify(patchText(uid, patchFields(uid, before, after)))),
    ]);
    // RecordStatusUpdated's line is left out (startupLatency.ts), then the success line and the
    // watch echo (RECONCILE, the startup latency tracker).
    klog(api, 'Status for pod updated successfully', [
      podPair,
      ['statusVersion', String(version)],
      lazyValue('status', () => podStatusText(after)),
    ]);
    klog(api, 'SyncLoop RECONCILE', reconcileKV(pod));
  }
  afterStatusPatch(api, pod, after);
}
