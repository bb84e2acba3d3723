/**
 * Kubelet.makeEnvironmentVariables (pkg/kubelet/kubelet_pods.go), the part that can fail:
 * envFrom's ConfigMaps and Secrets, then env's configMapKeyRef / secretKeyRef, each looked up
 * through the configMap/secret managers (a missing object is the API's NotFound error) unless
 * marked optional. The error fails generateContainerConfig: CreateContainerConfigError.
 */
import type { ContainerSpec } from '../scenario/schema';
import type { KubeletRun } from './config';

/** The first error makeEnvironmentVariables returns for the container, if any. */
export function envError(run: KubeletRun, namespace: string, c: ContainerSpec): string | undefined {
  const lookup = (kind: 'configmap' | 'secret', name: string) =>
    (kind === 'configmap' ? run.configMaps : run.secrets)[`${namespace}/${name}`];
  for (const from of c.envFrom ?? []) {
    for (const [kind, ref] of [
      ['configmap', from.configMapRef],
      ['secret', from.secretRef],
    ] as const) {
      if (!ref) continue;
      // errors.IsNotFound(err) && optional: ignored.
      if (!lookup(kind, ref.name) && !ref.optional)
        return `${kind} ${JSON.stringify(ref.name)} not found`;
    }
  }
  for (const e of c.env ?? []) {
    for (const [kind, title, sel] of [
      ['configmap', 'ConfigMap', e.valueFrom?.configMapKeyRef],
      ['secret', 'Secret', e.valueFrom?.secretKeyRef],
    ] as const) {
      if (!sel) continue;
      const keys = lookup(kind, sel.name);
      if (!keys) {
        if (sel.optional) continue;
        return `${kind} ${JSON.stringify(sel.name)} not found`;
      }
      if (!keys.includes(sel.key) && !sel.optional)
        return `couldn't find key ${sel.key} in ${title} ${namespace}/${sel.name}`;
    }
  }
  return undefined;
}
