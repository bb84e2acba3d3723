/**
 * What every effect handler needs: the run's configuration, the pod an instance belongs to,
 * and the kubelet's event recorder (events on the pod or on a container's field path, always
 * from "kubelet").
 */
import type { EffectApi } from '../runner/types';
import type { ContainerDef, KubeletRun, PodDef } from './config';
import type { KubeletDomain } from './types';

export type Api = EffectApi<KubeletDomain>;

export interface Env {
  cfg: KubeletRun;
}

/** The pod of an instance id "<kind>:<ns>/<name>[/<container>[/<probe>]]". */
const podCache = new WeakMap<Env, Map<string, PodDef>>();

export function podOfInstance(env: Env, self: string): PodDef {
  let cache = podCache.get(env);
  if (!cache) podCache.set(env, (cache = new Map<string, PodDef>()));
  const hit = cache.get(self);
  if (hit) return hit;
  const pod = lookup(env, self);
  cache.set(self, pod);
  return pod;
}

function lookup(env: Env, self: string): PodDef {
  const rest = self.slice(self.indexOf(':') + 1);
  const [ns, name] = rest.split('/');
  const uid = env.cfg.byKey[`${ns}/${name}`];
  const pod = uid !== undefined ? env.cfg.pods[uid] : undefined;
  if (!pod) throw new Error(`no pod for instance ${self}`);
  return pod;
}

export function containerOfInstance(env: Env, self: string): { pod: PodDef; c: ContainerDef } {
  const pod = podOfInstance(env, self);
  const name = self.slice(self.indexOf(':') + 1).split('/')[2]!;
  return { pod, c: pod.byName[name]! };
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
