/**
 * v1.3.0's event texts for what the shared machines record (container/image_puller.go,
 * dockertools/docker_manager.go, container/event.go of minikube v0.5.0's vendored v1.3.0):
 * "pulling image %q" (lower case) and "Successfully pulled image %q" with the image as the spec
 * writes it; Created/Started/Killing name the container by its short docker id; "Back-off
 * restarting failed docker container"; no "Error: ..." Failed events (those are kuberuntime's).
 */
import type { KubeletRun } from '../../kubelet/config';
import type { KubeletDomain } from '../../kubelet/types';
import type { EventRewrite } from '../messages';
import { shortId } from './glog';

/** The newest docker id of a pod's container, as the events of that moment name it. */
function dockerIdOf(run: KubeletRun, d: KubeletDomain, object: string, fieldPath: string | null) {
  const name = /\{([^}]*)\}$/.exec(fieldPath ?? '')?.[1];
  const uid = run.byKey[object];
  if (name === undefined || uid === undefined) return undefined;
  const id = (d.runtime.podContainers[uid] ?? []).find(
    (c) => d.runtime.containers[c]?.name === name,
  );
  return { id, image: run.pods[uid]!.byName[name]?.image ?? '' };
}

export const EVENTS_1_3: EventRewrite = (e, run, d) => {
  if (e.message.includes('with docker id')) return e;
  const c = dockerIdOf(run, d, e.object, e.fieldPath);
  switch (e.reason) {
    // v1.3's scheduler: Eventf(pod, "Scheduled", "Successfully assigned %v to %v", pod.Name, dest).
    case 'Scheduled':
      return {
        ...e,
        message: e.message.replace(/^Successfully assigned [^/ ]+\//, 'Successfully assigned '),
      };
    case 'Pulling':
      return c ? { ...e, message: `pulling image "${c.image}"` } : e;
    case 'Pulled':
      if (!c) return e;
      return e.message.startsWith('Container image')
        ? { ...e, message: `Container image "${c.image}" already present on machine` }
        : { ...e, message: `Successfully pulled image "${c.image}"` };
    case 'Failed':
      return e.message.startsWith('Error: ') ? null : e;
    case 'BackOff':
      return e.message.startsWith('Back-off restarting failed container')
        ? { ...e, message: 'Back-off restarting failed docker container' }
        : e;
    case 'Created':
    case 'Started':
      return c?.id ? { ...e, message: `${e.reason} container with docker id ${shortId(c.id)}` } : e;
    case 'Killing': {
      if (!c?.id) return e;
      const base = `Killing container with docker id ${shortId(c.id)}`;
      return {
        ...e,
        message: e.message.startsWith('Stopping container') ? base : `${base}: ${e.message}`,
      };
    }
    default:
      return e;
  }
};
