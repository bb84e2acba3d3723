/** A glog line of the v1.3.0 kubelet, printed as the Go source formats it (printf). */
import type { ContainerDef, PodDef } from '../../kubelet/config';
import { containerPlusV } from '../../kubelet/goContainer';
import type { KubeletDomain } from '../../kubelet/types';
import type { EffectApi } from '../../runner/types';

export function glog(
  api: Pick<EffectApi<KubeletDomain>, 'log'>,
  source: string,
  v: number,
  text: string,
  severity: 'I' | 'W' | 'E' = 'I',
): void {
  api.log({ v, severity, source, msg: text, kv: [], text });
}

/** %+v of an api.Container value, whole: {Name:app Image:nginx Command:[] …} (goContainer.ts). */
export function apiContainer(pod: PodDef | undefined, c: ContainerDef): string {
  return containerPlusV(pod, c, '1.3');
}

/** The first 12 hex digits of a docker id (utilstrings.ShortenString(id, 12)). */
export const shortId = (id: string): string => id.slice(0, 12);

/** kubecontainer.ImplicitContainerPrefix + "POD": the infra container's event field path. */
export const INFRA_FIELD_PATH = 'implicitly required container POD';
export const NO_OP_PLUGIN = 'kubernetes.io/no-op';
