/**
 * The one volume every pod has unless it opts out: the ServiceAccount admission plugin
 * (plugin/pkg/admission/serviceaccount/admission.go) adds a projected volume
 * "kube-api-access-<5 random chars>" (token, kube-root-ca.crt, namespace via the downward API)
 * and mounts it read-only at /var/run/secrets/kubernetes.io/serviceaccount in every container
 * and init container; automountServiceAccountToken: false leaves it out.
 */
import { hashString } from '../core/prng';
import type { PodDef } from './config';

/** apimachinery util/rand.String's alphabet (no vowels, no confusable digits). */
const ALPHANUMS = 'bcdfghjklmnpqrstvwxz2456789';

export const SERVICE_ACCOUNT_MOUNT_PATH = '/var/run/secrets/kubernetes.io/serviceaccount';
/** serviceaccount admission's token ExpirationSeconds (warnafter 3607 s in the projected source). */
export const TOKEN_EXPIRATION_SECONDS = 3607;

/** The pod's kube-api-access volume name, stable per pod; undefined when automount is off. */
export function kubeApiAccessVolume(pod: PodDef): string | undefined {
  const spec = pod.manifest.spec as { automountServiceAccountToken?: unknown };
  if (spec.automountServiceAccountToken === false) return undefined;
  let h = hashString(`${pod.uid}:kube-api-access`);
  let suffix = '';
  for (let i = 0; i < 5; i++) {
    suffix += ALPHANUMS[h % ALPHANUMS.length];
    h = Math.floor(h / ALPHANUMS.length) ^ Math.imul(h, 0x9e3779b1);
    h >>>= 0;
  }
  return `kube-api-access-${suffix}`;
}
