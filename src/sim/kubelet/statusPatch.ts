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
import { klog, kobjSlice, q } from './klog';
import { NODE_IP } from './runtime';
import { afterStatusPatch, observedOnWatch } from './startupLatency';
import type {
  ApiContainerStatus,
  ApiPodStatus,
  ContainerStateView,
  KubeletDomain,
  PodCondition,
} from './types';
import { own } from '../core/cow';

type Api = Pick<EffectApi<KubeletDomain>, 'log' | 'domain' | 't'>;

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
        finishedAt: klogTimeRfc3339(s.terminated.finishedAt),
      },
    };
  return {};
}

/** v1.PodCondition in its Go field order. */
function conditionJson(c: PodCondition): Record<string, unknown> {
  return {
    type: c.type,
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
    imageID: '',
    containerID: c.containerID,
    started: c.started ?? false,
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
 * the field), each condition's, and the whole. A patch compares fields by their texts (as the
 * JSON comparison it stands for), and a stored status's texts serve as the next patch's old side.
 */
interface StatusTexts {
  /** Each of STATUS_KEYS' field text, in that order. */
  texts: (string | undefined)[];
  /** Each condition's text, and its type; the conditions field's text is theirs joined. */
  conds: string[];
  condTypes: string[];
  condText: string | undefined;
  full: string;
}

/** podStatusJson's keys, in its order: every status has them all (a dropped one is undefined). */
const STATUS_KEYS = Object.freeze([
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
const HOST_IP_TEXT = JSON.stringify(NODE_IP);
const HOST_IPS_TEXT = JSON.stringify([{ ip: NODE_IP }]);

/**
 * One condition's or container status's JSON text (as podStatusJson renders it), kept per
 * frozen object: a stored status keeps the objects of the previous one that did not change
 * (setPodStatus), so a patch renders only what changed. An unfrozen object may still change:
 * it is rendered each time.
 */
function textPerObject<T extends object>(render: (v: T) => unknown): (v: T) => string {
  const texts = new WeakMap<T, string>();
  return (v) => {
    let t = texts.get(v);
    if (t === undefined) {
      t = JSON.stringify(render(v));
      if (Object.isFrozen(v)) texts.set(v, t);
    }
    return t;
  };
}

const conditionText = textPerObject<PodCondition>(conditionJson);
const containerText = textPerObject<ApiContainerStatus>(containerJson);

/** A container status list's field text: JSON.stringify of the list, item by item. */
function containersText(list: ApiContainerStatus[]): string | undefined {
  if (list.length === 0) return undefined;
  let out = '[';
  for (let i = 0; i < list.length; i++) out += (i ? ',' : '') + containerText(list[i]!);
  return out + ']';
}

/** JSON.stringify(v) for a field that JSON drops when undefined. */
const text = (v: string | undefined): string | undefined =>
  v === undefined ? undefined : JSON.stringify(v);

/**
 * The texts, field by field as JSON.stringify(podStatusJson(s)[key]) gives them, built from the
 * status directly (statusPatchTexts.test.ts holds them to the JSON objects' texts).
 */
function textsOf(s: ApiPodStatus): StatusTexts {
  const frozen = Object.isFrozen(s);
  let t = frozen ? statusTexts.get(s) : undefined;
  if (t) return t;
  const conds = s.conditions.map(conditionText);
  const condText = conds.length ? `[${conds.join(',')}]` : undefined;
  const texts = [
    JSON.stringify(s.phase),
    condText,
    text(s.message),
    text(s.reason),
    HOST_IP_TEXT,
    HOST_IPS_TEXT,
    text(s.podIP),
    s.podIP ? `[{"ip":${JSON.stringify(s.podIP)}}]` : undefined,
    s.startTime !== undefined ? JSON.stringify(klogTimeRfc3339(s.startTime)) : undefined,
    containersText(s.initContainerStatuses),
    containersText(s.containerStatuses),
    text(s.qosClass),
  ];
  let full = '{';
  for (let i = 0; i < texts.length; i++)
    if (texts[i] !== undefined)
      full += `${full.length > 1 ? ',' : ''}"${STATUS_KEYS[i]!}":${texts[i]!}`;
  t = {
    texts,
    conds,
    condTypes: s.conditions.map((c) => c.type),
    condText,
    full: full + '}',
  };
  if (frozen) statusTexts.set(s, t);
  return t;
}

/** JSON.stringify(podStatusJson(s)), kept per stored status. */
export function podStatusText(s: ApiPodStatus): string {
  return textsOf(s).full;
}

function buildPodStatusJson(s: ApiPodStatus): Record<string, unknown> {
  return {
    phase: s.phase,
    conditions: s.conditions.length ? s.conditions.map(conditionJson) : undefined,
    message: s.message,
    reason: s.reason,
    hostIP: NODE_IP,
    hostIPs: [{ ip: NODE_IP }],
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
  const o = before ? textsOf(before) : undefined;
  const n = textsOf(after);
  const fields: string[] = [];
  const oc = o?.condText ?? '[]';
  const nc = n.condText ?? '[]';
  if (oc !== nc) {
    if (n.conds.length === 0) fields.push('"conditions":null');
    else {
      fields.push(
        `"$setElementOrder/conditions":${JSON.stringify(n.condTypes.map((type) => ({ type })))}`,
      );
      const changed = n.conds.filter((text, i) => {
        const at = o ? o.condTypes.indexOf(n.condTypes[i]!) : -1;
        return at < 0 || o!.conds[at] !== text;
      });
      fields.push(`"conditions":[${changed.join(',')}]`);
    }
  }
  STATUS_KEYS.forEach((k, i) => {
    const now = n.texts[i];
    if (k === 'conditions' || (o ? o.texts[i] : undefined) === now) return;
    fields.push(`${JSON.stringify(k)}:${now ?? 'null'}`);
  });
  return `{"metadata":{"uid":${JSON.stringify(uid)}},"status":{${fields.join(',')}}}`;
}

/** statusPatch over the JSON objects: the reference the texts are tested against. */
export function statusPatchOfObjects(
  uid: string,
  before: ApiPodStatus | undefined,
  after: ApiPodStatus,
): string {
  const o = before ? podStatusJson(before) : {};
  const n = podStatusJson(after);
  const status: Record<string, unknown> = {};
  const oc = (o.conditions ?? []) as { type: string }[];
  const nc = (n.conditions ?? []) as { type: string }[];
  if (!same(oc, nc)) {
    if (nc.length === 0) status.conditions = null;
    else {
      status['$setElementOrder/conditions'] = nc.map((c) => ({ type: c.type }));
      status.conditions = nc.filter(
        (c) =>
          !same(
            c,
            oc.find((x) => x.type === c.type),
          ),
      );
    }
  }
  for (const k of Object.keys({ ...o, ...n })) {
    if (k === 'conditions' || same(o[k], n[k])) continue;
    status[k] = n[k] === undefined ? null : n[k];
  }
  return JSON.stringify({ metadata: { uid }, status });
}

/** Equal JSON texts; samePlain answers most pairs without building them. */
function same(a: unknown, b: unknown): boolean {
  return samePlain(a, b) || JSON.stringify(a) === JSON.stringify(b);
}

/** The versions the status manager has written, per pod (podStatusSyncRequest.status.version). */
function versions(d: KubeletDomain): Record<string, number> {
  d.statusVersions ??= {};
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
  if (before === after) return;
  const patch = statusPatch(pod.uid, before, after);
  if (patch === JSON.stringify({ metadata: { uid: pod.uid }, status: {} })) return;
  const v = versions(api.domain);
  v[pod.uid] = (v[pod.uid] ?? 0) + 1;
  klog(api, 'Patch status for pod', [
    ['pod', q(pod.key)],
    ['podUID', q(pod.uid)],
    ['patch', q(patch)],
  ]);
  afterPatch(api, pod, after, () =>
    klog(api, 'Status for pod updated successfully', [
      ['pod', q(pod.key)],
      ['statusVersion', String(v[pod.uid])],
      ['status', podStatusText(after)],
    ]),
  );
}

/** Patch logged: RecordStatusUpdated, success line, then the watch echo (RECONCILE, tracker). */
function afterPatch(api: Api, pod: PodDef, after: ApiPodStatus, success: () => void): void {
  success();
  klog(api, 'SyncLoop RECONCILE', [
    ['source', q('api')],
    ['pods', kobjSlice([pod.key])],
  ]);
  afterStatusPatch(api, pod, after);
}
