/**
 * What handlePodResourcesResize does once a machine decided a resize (kubelet/resize.ts):
 * syncPod.machine.ts on 1.33 (kubelet.go, from SyncPod), syncLoop.machine.ts on 1.34+
 * (allocation_manager.go, from HandlePodUpdates before the pod worker is told). The status
 * manager's resize conditions, the allocation checkpoint, the lines and, from 1.35, the Events
 * (events/resize.go); after the runtime applied it, CheckPodResizeInProgress's clearing of
 * PodResizeInProgress and ResizeCompleted (1.34+).
 */
import { canonicalQuantity } from '../../model/quantity';
import { own, own2 } from '../../core/cow';
import type { EffectApi } from '../../runner/types';
import type { PodDef } from '../config';
import { type Env, recordEvent } from '../env';
import { formatPod } from '../format';
import { klog, klogWith, q } from '../klog';
import { desiredResources, podGeneration, resizeDecision } from '../resize';
import type { KubeletDomain } from '../types';

type Api = EffectApi<KubeletDomain>;

/** Go's json.Marshal of a ResourceList: keys sorted, canonical quantities. */
function resourceList(list: Record<string, string | undefined> | undefined): string | undefined {
  const keys = Object.keys(list ?? {})
    .filter((k) => list![k] !== undefined)
    .sort();
  if (keys.length === 0) return undefined;
  return `{${keys.map((k) => `${JSON.stringify(k)}:${JSON.stringify(canonicalQuantity(list![k]!))}`).join(',')}}`;
}

/**
 * events/resize.go podResizeMessage: the prefix and the spec's containers' resources, the
 * pod's generation (none in 1.34's podResizeCompletionMsg) and the error, as encoding/json
 * writes podResourceSummary.
 */
export function podResizeMessage(
  env: Env,
  d: KubeletDomain,
  pod: PodDef,
  prefix: string,
  generation: number | undefined,
  error: string,
): string {
  const containers = (list: PodDef['containers']) =>
    list.map((c) => {
      const r = desiredResources(env.cfg, d, pod.uid, c.name);
      const parts: string[] = [];
      const limits = resourceList(r?.limits);
      const requests = resourceList(r?.requests ?? r?.limits);
      if (limits) parts.push(`"limits":${limits}`);
      if (requests) parts.push(`"requests":${requests}`);
      return `{"name":${JSON.stringify(c.name)},"resources":{${parts.join(',')}}}`;
    });
  const fields: string[] = [];
  if (pod.init.length) fields.push(`"initContainers":[${containers(pod.init).join(',')}]`);
  if (pod.containers.length) fields.push(`"containers":[${containers(pod.containers).join(',')}]`);
  if (generation !== undefined) fields.push(`"generation":${generation}`);
  if (error) fields.push(`"error":${JSON.stringify(error)}`);
  return `${prefix}: {${fields.join(',')}}`;
}

/** retryPendingResizes' V(4) line on how the resize came out (1.34+). */
function retryOutcome(
  env: Env,
  api: Api,
  pod: PodDef,
  outcome: 'allocated' | 'Infeasible' | 'Deferred',
) {
  if (!env.cfg.behaviours.resizeInAllocationManager) return;
  const msg =
    outcome === 'allocated'
      ? 'Pod resize successfully allocated'
      : outcome === 'Infeasible'
        ? 'Pod resize is infeasible'
        : 'Pod resize is deferred; will reevaluate later';
  klog(api, msg, [['pod', q(pod.key)]]);
}

/**
 * canResizePod (or canAdmitPod) refused: PodResizePending with the reason and message, the
 * lines the check printed and, from 1.35, a Warning Event when the condition changed.
 */
export function markResizePending(env: Env, api: Api, pod: PodDef): void {
  const { cfg } = env;
  const d = api.domain;
  const { reason, message, admitReason } = resizeDecision(cfg, d, pod.uid);
  if (!reason || !message) return;
  const before = d.resizeConditions[pod.uid];
  // SetPodResizePendingCondition reports a change of reason or generation.
  const generation = podGeneration(d, pod.uid);
  const fresh =
    before?.pending?.reason !== reason ||
    before.pending.message !== message ||
    before.answered !== d.apiPods[pod.uid]?.resize?.at;
  own(d, 'resizeConditions')[pod.uid] = {
    ...before,
    pending: { reason, message },
    answered: d.apiPods[pod.uid]?.resize?.at,
  };
  // PushPendingResize keeps a Deferred resize for the next RetryPendingResizes (1.34+).
  if (cfg.behaviours.resizeInAllocationManager) {
    const rest = (d.pendingResizes ?? []).filter((u) => u !== pod.uid);
    d.pendingResizes = reason === 'Deferred' ? [...rest, pod.uid] : rest;
  }
  if (message.startsWith('Resize is infeasible'))
    klog(
      api,
      message.includes('Memory Manager')
        ? 'Resize is infeasible for Guaranteed Pods alongside Memory Manager policy "Static"'
        : 'Resize is infeasible for Guaranteed Pods alongside CPU Manager policy "static"',
      [['pod', q(formatPod(pod))]],
    );
  else if (reason === 'Infeasible')
    klogWith(api, "Node didn't have enough capacity", message, [['pod', q(pod.key)]]);
  else {
    // canAdmitPod's refusal, then canResizePod's own line (1.33-1.35).
    klog(api, 'Pod admission denied', [
      ['podUID', q(pod.uid)],
      ['pod', q(pod.key)],
      ['reason', q(admitReason ?? '')],
      ['message', q(message)],
      ['operation', q('resize')],
    ]);
    klog(api, 'Resize cannot be accommodated', [
      ['pod', q(pod.key)],
      ['reason', q(admitReason ?? '')],
      ['message', q(message)],
    ]);
  }
  if (cfg.behaviours.resizeEvents && fresh)
    recordEvent(
      api,
      pod,
      'Warning',
      `Resize${reason}`,
      podResizeMessage(env, d, pod, `Pod resize ${reason}`, generation, message),
    );
  retryOutcome(env, api, pod, reason);
}

/**
 * The resize fits: the allocation checkpoint takes the spec's resources, PodResizePending is
 * cleared and PodResizeInProgress set (1.33: by the deferred isPodResizeInProgress check, as a
 * running container's actuated resources now differ); 1.35+ records ResizeStarted.
 */
export function allocateResize(env: Env, api: Api, pod: PodDef): void {
  const d = api.domain;
  const resize = d.apiPods[pod.uid]?.resize;
  const apiPod = own2(d, 'apiPods', pod.uid);
  if (!apiPod || !resize) return;
  apiPod.allocated = resize.containers;
  if (d.pendingResizes?.includes(pod.uid))
    d.pendingResizes = d.pendingResizes.filter((u) => u !== pod.uid);
  own(d, 'resizeConditions')[pod.uid] = { inProgress: true, answered: resize.at };
  if (env.cfg.behaviours.resizeEvents)
    recordEvent(
      api,
      pod,
      'Normal',
      'ResizeStarted',
      podResizeMessage(env, d, pod, 'Pod resize started', podGeneration(d, pod.uid), ''),
    );
  retryOutcome(env, api, pod, 'allocated');
}

/**
 * The runtime applied the allocation (allocated == actuated for every running container):
 * PodResizeInProgress is cleared; 1.34+ record ResizeCompleted with the allocated resources
 * (1.35+ with the generation the condition observed).
 */
export function completeResize(env: Env, api: Api, pod: PodDef): void {
  const d = api.domain;
  const before = d.resizeConditions[pod.uid];
  if (!before?.inProgress) return;
  const { inProgress: _cleared, ...rest } = before;
  own(d, 'resizeConditions')[pod.uid] = rest;
  const { behaviours } = env.cfg;
  if (behaviours.resizeCompletedEvent)
    recordEvent(
      api,
      pod,
      'Normal',
      'ResizeCompleted',
      podResizeMessage(
        env,
        d,
        pod,
        'Pod resize completed',
        behaviours.resizeEvents ? podGeneration(d, pod.uid) : undefined,
        '',
      ),
    );
}

/**
 * RetryPendingResizes after HandlePodRemoves (1.34+): each pending resize is answered again;
 * one that now fits is allocated and its pod synced (triggerPodSync), one still Deferred
 * stays pending.
 */
export function retryPendingResizes(
  env: Env,
  api: Api,
  uids: readonly string[],
  sync: (uid: string) => void,
): void {
  for (const uid of uids) {
    const pod = env.cfg.pods[uid]!;
    const before = api.domain.resizeConditions[uid];
    const { reason } = resizeDecision(env.cfg, api.domain, uid);
    if (reason) markResizePending(env, api, pod);
    else allocateResize(env, api, pod);
    if (!reason || api.domain.resizeConditions[uid] !== before) sync(uid);
  }
}
