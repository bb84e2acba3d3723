/**
 * What every effect handler needs: the run's inputs, and the kubelet's event recorder (events
 * on the pod or on a container's field path, always from "kubelet"). Which pod and container an
 * instance is about comes from its machine's context.
 */
import type { EffectApi } from '../runner/types';
import type { KubeletRun, PodDef } from './config';
import type { KubeletDomain } from './types';

export type Api = EffectApi<KubeletDomain>;

export interface Env {
  cfg: KubeletRun;
}

/** record.EventRecorder.Eventf as the kubelet calls it (source component "kubelet"). */
export function recordEvent(
  api: Api,
  pod: PodDef,
  type: 'Normal' | 'Warning',
  reason: string,
  message: string,
  fieldPath: string | null = null,
): void {
  api.event({ type, reason, object: pod.key, fieldPath, message, source: 'kubelet' });
}
