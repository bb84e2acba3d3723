/**
 * The kubelet's event recorder (client-go tools/record/event.go, as makeEventRecorder in
 * cmd/kubelet/app/server.go sets it up): every Eventf reaches the broadcaster's watchers, one of
 * which is StartStructuredLogging(3), printing V(3) "Event occurred" with the involved object's
 * reference; another sends it through the correlator to the API server (views/eventCorrelator).
 */
import type { EffectApi } from '../runner/types';
import type { KubeEvent } from '../trace/types';
import { klog, q } from './klog';
import { recordImageFinishedPulling, recordImageStartedPulling } from './startupLatency';
import type { KubeletDomain } from './types';

/** The pairs every "Event occurred" line has (the involved object is always a v1 Pod). */
const KIND_POD = Object.freeze(['kind', q('Pod')]) as [string, string];
const API_VERSION_V1 = Object.freeze(['apiVersion', q('v1')]) as [string, string];

export function recordKubeletEvent(
  api: Pick<EffectApi<KubeletDomain>, 'event' | 'log' | 'domain' | 't'> & { recording?: boolean },
  pod: { key: string; uid: string },
  type: KubeEvent['type'],
  reason: string,
  message: string,
  fieldPath: string | null,
): void {
  // image_manager.go calls the startup latency tracker beside these two events.
  if (reason === 'Pulling') recordImageStartedPulling(api.domain, pod.uid, api.t);
  if (reason === 'Pulled')
    recordImageFinishedPulling(
      api.domain,
      pod.uid,
      api.t,
      message.startsWith('Successfully pulled'),
    );
  // The rest is only recorded: a seek's replay would drop it.
  if (api.recording === false) return;
  const object = pod.key;
  api.event(kubeEvent(type, reason, object, fieldPath, message, 'kubelet'));
  klog(api, 'Event occurred', [
    ['object', q(object)],
    ['fieldPath', q(fieldPath ?? '')],
    KIND_POD,
    API_VERSION_V1,
    ['type', q(type)],
    ['reason', q(reason)],
    ['message', q(message)],
  ]);
}

/**
 * The scheduler's event on binding (pkg/scheduler/schedule_one.go bindingCycle / finishBinding:
 * Eventf(pod, nil, Normal, "Scheduled", "Binding", "Successfully assigned %v/%v to %v")). A pod
 * whose manifest names its node was never scheduled and has none.
 */
export function recordScheduled(
  api: Pick<EffectApi<unknown>, 'event'>,
  object: string,
  nodeName: string,
): void {
  api.event(
    kubeEvent(
      'Normal',
      'Scheduled',
      object,
      null,
      `Successfully assigned ${object} to ${nodeName}`,
      'default-scheduler',
    ),
  );
}

/**
 * An event for api.event, its step and time (which api.event stamps) already in place, last:
 * made with all its fields at once, as klog's lines are.
 */
function kubeEvent(
  type: KubeEvent['type'],
  reason: string,
  object: string,
  fieldPath: string | null,
  message: string,
  source: string,
): KubeEvent {
  return { type, reason, object, fieldPath, message, source, step: 0, t: 0 };
}
