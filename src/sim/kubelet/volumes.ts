/**
 * The one volume every pod has unless it opts out: the ServiceAccount admission plugin
 * (plugin/pkg/admission/serviceaccount/admission.go) adds a projected volume
 * "kube-api-access-<5 random chars>" (token, kube-root-ca.crt, namespace via the downward API)
 * and mounts it read-only at /var/run/secrets/kubernetes.io/serviceaccount in every container
 * and init container; automountServiceAccountToken: false leaves it out.
 */
import { effectiveGates, profileOf } from '../versions/changelog/profile';
import type { KubeletVersionName } from '../versions/names';
import { hashString } from '../core/prng';
import type { ContainerDef, PodDef } from './config';
import type { KubeletDomain, VolumeMountStatus } from './types';
import { deepFreeze } from '../core/clone';
import type { DeepReadonly } from './view';
import { own } from '../core/cow';
import { table } from '../core/shapes';

/** apimachinery util/rand.String's alphabet (no vowels, no confusable digits). */
const ALPHANUMS = 'bcdfghjklmnpqrstvwxz2456789';

export const SERVICE_ACCOUNT_MOUNT_PATH = '/var/run/secrets/kubernetes.io/serviceaccount';
/** serviceaccount admission's token ExpirationSeconds (warnafter 3607 s in the projected source). */
export const TOKEN_EXPIRATION_SECONDS = 3607;

/** The pod's kube-api-access volume name, stable per pod; undefined when automount is off. */
export function kubeApiAccessVolume(pod: PodDef): string | undefined {
  // Every sync asks (WaitForAttachAndMount): the name depends on the definition alone.
  if (volumeNames.has(pod)) return volumeNames.get(pod);
  const name = volumeName(pod);
  volumeNames.set(pod, name);
  return name;
}
const volumeNames = new WeakMap<PodDef, string | undefined>();

function volumeName(pod: PodDef): string | undefined {
  if (!automounts(pod)) return undefined;
  return `kube-api-access-${randomSuffix(`${pod.uid}:kube-api-access`)}`;
}

function automounts(pod: PodDef): boolean {
  const spec = pod.manifest.spec as { automountServiceAccountToken?: unknown };
  return spec.automountServiceAccountToken !== false;
}

/** utilrand.String(5), stable for `seed`. */
function randomSuffix(seed: string): string {
  let h = hashString(seed);
  let suffix = '';
  for (let i = 0; i < 5; i++) {
    suffix += ALPHANUMS[h % ALPHANUMS.length];
    h = Math.floor(h / ALPHANUMS.length) ^ Math.imul(h, 0x9e3779b1);
    h >>>= 0;
  }
  return suffix;
}

/**
 * The service account's token volume as a release's ServiceAccount admission added it. Before
 * BoundServiceAccountTokenVolume (on by default from 1.21), v1.18 and v1.3 mounted the service
 * account's token Secret, "<serviceAccountName>-token-<5 chars>" (one Secret per service
 * account, named by the token controller), as a secret volume of that name, at the same path.
 */
export function serviceAccountVolume(
  pod: PodDef,
  era: 'projected' | 'secret',
): { name: string; plugin: 'projected' | 'secret' } | undefined {
  if (era === 'projected') {
    const name = kubeApiAccessVolume(pod);
    return name === undefined ? undefined : { name, plugin: 'projected' };
  }
  if (!automounts(pod)) return undefined;
  const spec = pod.manifest.spec as { serviceAccountName?: unknown };
  const sa = typeof spec.serviceAccountName === 'string' ? spec.serviceAccountName : 'default';
  return {
    name: `${sa}-token-${randomSuffix(`${pod.namespace}/${sa}:token`)}`,
    plugin: 'secret',
  };
}

/**
 * The era of a kubelet version's service account volume: the API server's ServiceAccount
 * admission adds the projected kube-api-access volume with BoundServiceAccountTokenVolume (beta
 * and on from 1.21); before, the token Secret. The cluster runs the kubelet's release.
 */
export function tokenEra(version: KubeletVersionName): 'projected' | 'secret' {
  return effectiveGates(profileOf(version), undefined).BoundServiceAccountTokenVolume === true
    ? 'projected'
    : 'secret';
}

/** WaitForAttachAndMount's poll interval (volume_manager.go podAttachAndMountRetryInterval). */
export const ATTACH_AND_MOUNT_POLL_MS = 300;

/** The volume was set up by the kubelet process now running (the mount is per process here). */
export function volumeMounted(d: DeepReadonly<KubeletDomain>, uid: string): boolean {
  return d.volumesMounted?.[uid] === d.gen;
}

export function markVolumeMounted(d: KubeletDomain, uid: string): void {
  d.volumesMounted ??= table();
  own(d, 'volumesMounted')![uid] = d.gen;
}

/**
 * How long SyncPod waits in WaitForAttachAndMount: nothing when the pod has no volume or it is
 * mounted; otherwise until the poll (immediate, then every 300 ms) first finds it set up,
 * which the volume manager does within the first interval (157 ms).
 */
export function attachAndMountWait(d: DeepReadonly<KubeletDomain>, pod: PodDef): number {
  if (!kubeApiAccessVolume(pod) || volumeMounted(d, pod.uid)) return 0;
  return ATTACH_AND_MOUNT_POLL_MS;
}

/**
 * convertToAPIContainerStatuses' VolumeMounts (kubelet_pods.go; RecursiveReadOnlyMounts, on
 * since 1.31): each of the container's mounts (its own, then the ServiceAccount admission's
 * kube-api-access one) as name, mountPath and readOnly, and for a read-only mount
 * recursiveReadOnly, "Disabled" unless the mount asks for it (resolveRecursiveReadOnly: Enabled,
 * or IfPossible on a runtime handler that supports it, as containerd 2 on a 5.12+ kernel does).
 * Frozen and shared per container: the status compares and renders it by identity.
 */
export function volumeMountStatuses(
  pod: PodDef,
  c: ContainerDef,
): readonly VolumeMountStatus[] | undefined {
  if (mountStatuses.has(c)) return mountStatuses.get(c);
  const spec = c.spec as { volumeMounts?: unknown };
  const own = Array.isArray(spec.volumeMounts) ? (spec.volumeMounts as MountSpec[]) : [];
  const out: VolumeMountStatus[] = own.map((m) => mountStatus(m.name, m.mountPath, m));
  const kube = kubeApiAccessVolume(pod);
  if (kube) out.push(mountStatus(kube, SERVICE_ACCOUNT_MOUNT_PATH, { readOnly: true }));
  const list = out.length ? deepFreeze(out) : undefined;
  mountStatuses.set(c, list);
  return list;
}
const mountStatuses = new WeakMap<ContainerDef, readonly VolumeMountStatus[] | undefined>();

interface MountSpec {
  name: string;
  mountPath: string;
  readOnly?: boolean;
  recursiveReadOnly?: string;
}

function mountStatus(
  name: string,
  mountPath: string,
  m: Pick<MountSpec, 'readOnly' | 'recursiveReadOnly'>,
): VolumeMountStatus {
  const s: VolumeMountStatus = { name: String(name), mountPath: String(mountPath) };
  if (m.readOnly === true) {
    s.readOnly = true;
    const rro = m.recursiveReadOnly;
    s.recursiveReadOnly = rro === 'Enabled' || rro === 'IfPossible' ? 'Enabled' : 'Disabled';
  }
  return s;
}
