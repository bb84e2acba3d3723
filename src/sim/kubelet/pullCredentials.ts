/**
 * The image pull credential check for images already on the node (KubeletEnsureSecretPulledImages,
 * alpha 1.33, beta and on 1.35): pkg/kubelet/images/pullmanager's PullManager.MustAttemptImagePull
 * over the kubelet's ImagePulledRecords, with the ImagePullPolicyEnforcer of
 * imagePullCredentialsVerificationPolicy (image_pull_policies.go), and RecordImagePulled after a
 * pull (image_manager.go pullImage's deferred call).
 *
 * The model keeps one record per image (the kubelet keys it by the image's ID and maps image names
 * to credentials; one name per ID here). A Secret is named "<namespace>/<name>"; its credential
 * hash is its data, so two Secrets with the same data match as the kubelet's hashes would.
 * Not modelled: pull intents of pulls in flight, service-account credentials (1.35's
 * KubernetesServiceAccounts), the record's write while matching by hash.
 */
import type { PodManifest, Scenario } from '../scenario/schema';

/** An ImagePulledRecord's credentials for the image. */
export interface PulledRecord {
  /** NodePodsAccessible: pulled with no Secret, so any pod on the node may use it. */
  readonly nodePodsAccessible: boolean;
  /** The Secrets that pulled it, "<namespace>/<name>". */
  readonly secrets: readonly string[];
}

export type VerificationPolicy =
  'NeverVerify' | 'NeverVerifyPreloadedImages' | 'NeverVerifyAllowlistedImages' | 'AlwaysVerify';

export interface PullCredentialsConfig {
  /** imagePullCredentialsVerificationPolicy (defaults.go: NeverVerifyPreloadedImages). */
  readonly policy: VerificationPolicy;
  readonly allowlist: readonly string[];
  /** The allowlist matches the image's name without its tag (1.36; before, the name as written). */
  readonly allowlistUntagged: boolean;
  /** The records on the node when the run starts, by image reference. */
  readonly records: Readonly<Record<string, PulledRecord>>;
  /** Each Secret's credential hash stand-in: its data. */
  readonly secretHashes: Readonly<Record<string, string>>;
}

export function pullCredentialsConfig(
  s: Scenario,
  allowlistUntagged: boolean,
  imageRefOf: (image: string) => string,
): PullCredentialsConfig {
  const k = s.node.kubelet;
  const records: Record<string, PulledRecord> = {};
  for (const img of s.node.images) {
    const w = img.pulledWith;
    if (!img.present || w === undefined) continue;
    records[imageRefOf(img.name)] =
      w === 'node'
        ? { nodePodsAccessible: true, secrets: [] }
        : { nodePodsAccessible: false, secrets: w.secrets.map((x) => `${x.namespace}/${x.name}`) };
  }
  const secretHashes: Record<string, string> = {};
  for (const o of s.secrets ?? [])
    secretHashes[`${o.namespace}/${o.name}`] = JSON.stringify(
      Object.keys(o.data)
        .sort()
        .map((key) => [key, o.data[key]]),
    );
  return {
    policy: k.imagePullCredentialsVerificationPolicy ?? 'NeverVerifyPreloadedImages',
    allowlist: k.preloadedImagesVerificationAllowlist ?? [],
    allowlistUntagged,
    records,
    secretHashes,
  };
}

/** The pod's imagePullSecrets as "<namespace>/<name>". */
export function podPullSecrets(m: PodManifest): string[] {
  return (m.spec.imagePullSecrets ?? []).map((r) => `${m.metadata.namespace}/${r.name}`);
}

/** trimImageTagDigest: the image as written, without its tag or digest. */
export function imageWithoutTag(image: string): string {
  const at = image.indexOf('@');
  const noDigest = at >= 0 ? image.slice(0, at) : image;
  const slash = noDigest.lastIndexOf('/');
  const colon = noDigest.lastIndexOf(':');
  return colon > slash ? noDigest.slice(0, colon) : noDigest;
}

/** ImagePullPolicyEnforcer.RequireCredentialVerificationForImage. */
export function requireCredentialVerification(
  cfg: PullCredentialsConfig,
  image: string,
  pulledByKubelet: boolean,
): boolean {
  switch (cfg.policy) {
    case 'NeverVerify':
      return false;
    case 'NeverVerifyPreloadedImages':
      return pulledByKubelet;
    case 'AlwaysVerify':
      return true;
    case 'NeverVerifyAllowlistedImages': {
      const name = cfg.allowlistUntagged ? imageWithoutTag(image) : image;
      const matches = cfg.allowlist.some((p) =>
        p.endsWith('/*') ? name.startsWith(p.slice(0, -1)) : name === p,
      );
      return !matches;
    }
  }
}

/**
 * MustAttemptImagePull: whether a pod must pull an image that is present (true) or may use it
 * (false), from the image's pulled record and the pod's pull Secrets.
 */
export function mustAttemptImagePull(
  cfg: PullCredentialsConfig,
  record: PulledRecord | undefined,
  image: string,
  podSecrets: readonly string[],
): boolean {
  if (!requireCredentialVerification(cfg, image, record !== undefined)) return false;
  // "we have no proper records of the image being pulled in the past"
  if (record === undefined) return true;
  if (record.nodePodsAccessible) return false;
  if (record.secrets.length === 0) return true;
  for (const mine of podSecrets)
    for (const theirs of record.secrets) {
      if (mine === theirs) return false;
      const h = cfg.secretHashes[theirs];
      if (h !== undefined && h === cfg.secretHashes[mine]) return false;
    }
  return true;
}

/**
 * RecordImagePulled after a successful pull: the credentials that pulled it join the record
 * (writePulledRecordIfChanged merges them). The model's registry takes the pod's first pull
 * Secret; a pod without one pulls with the node's credentials (NodePodsAccessible).
 */
export function recordPull(
  record: PulledRecord | undefined,
  podSecrets: readonly string[],
): PulledRecord {
  const used = podSecrets[0];
  // pulledRecordMergeNewCreds: node-wide access replaces the Secrets.
  if (used === undefined || record?.nodePodsAccessible)
    return { nodePodsAccessible: true, secrets: [] };
  const secrets = record?.secrets.includes(used)
    ? record.secrets
    : [...(record?.secrets ?? []), used];
  return { nodePodsAccessible: record?.nodePodsAccessible ?? false, secrets };
}
