/**
 * What handlePodResourcesResize does once syncPod.machine.ts decided a pending resize
 * (kubelet/resize.ts): the status manager's resize conditions, the allocation checkpoint, the
 * V(3) line and, from 1.35, the Events (allocation_manager.go, events/resize.go).
 */
import type { syncPodMachine } from '../../machines/syncPod.machine';
import type { EffectsOf } from '../../runner/types';
import { canonicalQuantity } from '../../model/quantity';
import { own, own2 } from '../../core/cow';
import type { PodDef } from '../config';
import { type Env, recordEvent } from '../env';
import { formatPod } from '../format';
import { klog, q } from '../klog';
import { desiredResources, podGeneration, resizeDecision } from '../resize';
import type { KubeletDomain } from '../types';

type Effects = EffectsOf<typeof syncPodMachine, KubeletDomain>;
type H = Effects[keyof Effects];

/** Go's json.Marshal of a ResourceList: keys sorted, canonical quantities. */
function resourceList(list: Record<string, string | undefined> | undefined): string | undefined {
  const keys = Object.keys(list ?? {})
    .filter((k) => list![k] !== undefined)
    .sort();
  if (keys.length === 0) return undefined;
  return `{${keys.map((k) => `${JSON.stringify(k)}:${JSON.stringify(canonicalQuantity(list![k]!))}`).join(',')}}`;
}

/**
 * events.PodResizePendingMsg: "Pod resize <reason>: " and the spec's containers' resources,
 * the pod's generation and the error, as encoding/json writes podResourceSummary.
 */
export function podResizeMessage(
  env: Env,
  d: KubeletDomain,
  pod: PodDef,
  prefix: string,
  generation: number,
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
  fields.push(`"generation":${generation}`);
  if (error) fields.push(`"error":${JSON.stringify(error)}`);
  return `${prefix}: {${fields.join(',')}}`;
}

/** canResizePod refused: PodResizePending (Infeasible), its V(3) line, 1.35's Warning Event. */
export function resizeInfeasible(env: Env): H {
  const { cfg } = env;
  return (api, _ev, ctx) => {
    const pod = cfg.pods[ctx.uid]!;
    const d = api.domain;
    const { reason, message } = resizeDecision(cfg, d, pod.uid);
    if (!reason || !message) return;
    const before = d.resizeConditions[pod.uid];
    const fresh = before?.pending?.reason !== reason || before.pending.message !== message;
    own(d, 'resizeConditions')[pod.uid] = {
      ...before,
      pending: { reason, message },
      answered: d.apiPods[pod.uid]?.resize?.at,
    };
    klog(
      api,
      message.includes('Memory Manager')
        ? 'Resize is infeasible for Guaranteed Pods alongside Memory Manager policy "Static"'
        : 'Resize is infeasible for Guaranteed Pods alongside CPU Manager policy "static"',
      [['pod', q(formatPod(pod))]],
    );
    // SetPodResizePendingCondition reports a change: the Event is recorded once per answer.
    if (cfg.behaviours.resizeEvents && fresh)
      recordEvent(
        api,
        pod,
        'Warning',
        `Resize${reason}`,
        podResizeMessage(env, d, pod, `Pod resize ${reason}`, podGeneration(d, pod.uid), message),
      );
  };
}

/**
 * canResizePod admitted the resize: the allocation checkpoint takes the spec's resources and
 * a pending answer is cleared. Not modelled yet: PodResizeInProgress while the runtime applies
 * them (kuberuntime's doPodResizeAction, CRI UpdateContainerResources), the status's new
 * resources and the ResizeStarted / ResizeCompleted Events.
 */
export function resizeAccepted(): H {
  return (api, _ev, ctx) => {
    const d = api.domain;
    const resize = d.apiPods[ctx.uid]?.resize;
    const apiPod = own2(d, 'apiPods', ctx.uid);
    if (!apiPod || !resize) return;
    apiPod.allocated = resize.containers;
    own(d, 'resizeConditions')[ctx.uid] = { answered: resize.at };
  };
}
