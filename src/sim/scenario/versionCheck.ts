/**
 * What a scenario asks of a kubelet version that the version did not have, read from the
 * changelog: a pod field behind a feature gate the release does not declare, or declares off
 * (alpha) without the scenario turning it on; a KubeletConfiguration field newer than the
 * release; a feature gate the release does not know or has locked. Each problem names the field
 * and the release that brought it. Free of the schema (the page runs it when a version is
 * picked); what a version accepts but ignores is versionNotes.ts.
 */
import type { ScenarioProblem } from './parse';
import type { ContainerSpec, PodManifest, Scenario } from './schema';
import { KUBELET_CONFIG_FIELDS } from './kubeletConfigFields';
import { NO_CPU_MANAGER_REASON, minorNumber, type KubeletVersionName } from '../versions/names';
import { gateArrival, gateProblems, profileOf } from '../versions/changelog/profile';
import { restartRulesProblems } from './restartRulesCheck';

/** How a field's arrival is told, where the field's name alone does not say it. */
const ARRIVAL_WORDS: Readonly<Record<string, string>> = {
  memoryManagerPolicy: 'the memory manager arrived in',
  reservedMemory: 'reservedMemory arrived with the memory manager in',
};

/**
 * A field left at what the kubelet assumes without it: absent, empty, or memoryManagerPolicy's
 * default "None" (the schema fills it in).
 */
function unset(field: string, value: unknown): boolean {
  if (value === undefined) return true;
  if (field === 'memoryManagerPolicy') return value === 'None';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object' && value !== null) return Object.keys(value).length === 0;
  return false;
}

/** What needs a gate: the gate, and the feature in the user's words. */
const GATED = {
  sidecar: ['SidecarContainers', 'native sidecars (an init container with restartPolicy: Always)'],
  sleepHook: ['PodLifecycleSleepAction', 'the sleep lifecycle handler'],
  grpcProbe: ['GRPCContainerProbe', 'gRPC probes'],
} as const;

type Problem = (path: string, message: string) => void;

/**
 * A feature behind `gate` in release `v`: refused when the release does not declare the gate
 * (and it did not reach GA before the release), or declares it off and the scenario does not
 * turn it on.
 */
function gated(
  v: KubeletVersionName,
  s: Scenario,
  which: keyof typeof GATED,
  path: string,
  no: Problem,
): void {
  const [gate, what] = GATED[which];
  const p = profileOf(v);
  const state = p.gates[gate];
  if (state) {
    const on = s.node.kubelet.featureGates?.[gate] ?? state.default;
    if (!on)
      no(
        path,
        `kubelet ${v} has ${what} only behind the feature gate ${gate} (${state.stage}, off by default): set node.kubelet.featureGates.${gate}: true`,
      );
    return;
  }
  const first = gateArrival(gate);
  // A removed gate (GA before the release) leaves the feature on.
  if (first !== undefined && minorNumber(first) <= minorNumber(v)) return;
  no(path, `kubelet ${v} does not have this: ${what} arrived in ${first ?? 'a later release'}`);
}

/**
 * crashLoopBackOff.maxContainerRestartPeriod as the release's configuration validation reads it
 * (pkg/kubelet/apis/config/validation/validation.go, 1.32+): refused unless
 * KubeletCrashLoopBackOffMax is on, and outside 1 s-300 s. The kubelet would not start.
 */
function crashLoopBackOffProblems(v: KubeletVersionName, s: Scenario, no: Problem): void {
  const max = s.node.kubelet.crashLoopBackOff?.maxContainerRestartPeriod;
  if (v === '1.3' || max === undefined || minorNumber(v) < 32) return;
  const path = 'node.kubelet.crashLoopBackOff.maxContainerRestartPeriod';
  const state = profileOf(v).gates.KubeletCrashLoopBackOffMax;
  const on = s.node.kubelet.featureGates?.KubeletCrashLoopBackOffMax ?? state?.default ?? false;
  if (!on)
    no(
      path,
      `kubelet ${v} refuses its configuration: "invalid configuration: FeatureGate KubeletCrashLoopBackOffMax not enabled, CrashLoopBackOff.MaxContainerRestartPeriod must not be set"${state ? ` (the gate is ${state.stage}, off by default: set node.kubelet.featureGates.KubeletCrashLoopBackOffMax: true)` : ''}`,
    );
  else if (max < 1000 || max > 300_000)
    no(
      path,
      `kubelet ${v} refuses its configuration: "invalid configuration: CrashLoopBackOff.MaxContainerRestartPeriod (got: ${max / 1000} seconds) must be set between 1s and 300s"`,
    );
}

/**
 * imagePullCredentialsVerificationPolicy and preloadedImagesVerificationAllowlist as the
 * release's configuration validation reads them (pkg/kubelet/apis/config/validation/
 * validation.go, 1.33+): set without KubeletEnsureSecretPulledImages, or an allowlist without
 * its policy or with a pattern it refuses, the kubelet does not start.
 */
function pullCredentialProblems(v: KubeletVersionName, s: Scenario, no: Problem): void {
  const k = s.node.kubelet;
  const policy = k.imagePullCredentialsVerificationPolicy;
  const allowlist = k.preloadedImagesVerificationAllowlist ?? [];
  if (v === '1.3' || minorNumber(v) < 33 || (policy === undefined && allowlist.length === 0))
    return;
  const state = profileOf(v).gates.KubeletEnsureSecretPulledImages;
  const on =
    s.node.kubelet.featureGates?.KubeletEnsureSecretPulledImages ?? state?.default ?? false;
  const refuses = (what: string) =>
    `kubelet ${v} refuses its configuration: "invalid configuration: ${what}"`;
  if (!on) {
    const gate = state
      ? ` (the gate is ${state.stage}, off by default: set node.kubelet.featureGates.KubeletEnsureSecretPulledImages: true)`
      : '';
    if (policy !== undefined)
      no(
        'node.kubelet.imagePullCredentialsVerificationPolicy',
        refuses(
          '`imagePullCredentialsVerificationPolicy` must not be set if KubeletEnsureSecretPulledImages feature gate is not enabled',
        ) + gate,
      );
    if (allowlist.length > 0)
      no(
        'node.kubelet.preloadedImagesVerificationAllowlist',
        refuses(
          '`preloadedImagesVerificationAllowlist` must not be set if KubeletEnsureSecretPulledImages feature gate is not enabled',
        ) + gate,
      );
    return;
  }
  if (allowlist.length > 0 && policy !== 'NeverVerifyAllowlistedImages') {
    no(
      'node.kubelet.preloadedImagesVerificationAllowlist',
      refuses(
        'can\'t set `preloadedImagesVerificationAllowlist` if `imagePullCredentialsVertificationPolicy` is not "NeverVerifyAllowlistedImages"',
      ),
    );
    return;
  }
  for (const [i, p] of allowlist.entries()) {
    const why = allowlistPatternError(p);
    if (why !== undefined)
      no(
        `node.kubelet.preloadedImagesVerificationAllowlist[${i}]`,
        refuses(`invalid image pattern in \`preloadedImagesVerificationAllowlist\`: ${why}`),
      );
  }
}

/** image_pull_policies.go getAllowlistImagePattern's errors (a full-name pattern: no tag). */
function allowlistPatternError(pattern: string): string | undefined {
  if (pattern !== pattern.trim()) return `leading/trailing spaces are not allowed: ${pattern}`;
  const wildcard = pattern.endsWith('/*');
  const trimmed = wildcard ? pattern.slice(0, -1) : pattern;
  if (trimmed.length === 0) return `the supplied pattern is too short: ${pattern}`;
  if (trimmed.includes('*'))
    return `not a valid wildcard pattern, only patterns ending with '/*' are allowed: ${pattern}`;
  if (wildcard) return trimmed.length === 1 ? 'at least registry hostname is required' : undefined;
  const last = trimmed.slice(trimmed.lastIndexOf('/') + 1);
  if (last.includes(':') || trimmed.includes('@'))
    return `neither tag nor digest is accepted in an image reference: ${pattern}`;
  return undefined;
}

function containerProblems(
  v: KubeletVersionName,
  s: Scenario,
  c: ContainerSpec,
  path: string,
  init: boolean,
  no: Problem,
): void {
  if (v === '1.3') {
    if (
      c.restartPolicyRules !== undefined ||
      (c.restartPolicy && (!init || c.restartPolicy !== 'Always'))
    )
      no(
        `${path}.${c.restartPolicyRules !== undefined ? 'restartPolicyRules' : 'restartPolicy'}`,
        'kubelet 1.3 does not have this: container restart rules arrived in 1.34',
      );
    if (init && c.restartPolicy === 'Always')
      no(
        `${path}.restartPolicy`,
        `kubelet 1.3 does not have this: ${GATED.sidecar[1]} arrived in 1.28`,
      );
    if (c.lifecycle?.postStart?.sleep || c.lifecycle?.preStop?.sleep)
      no(
        `${path}.lifecycle.${c.lifecycle.postStart?.sleep ? 'postStart' : 'preStop'}.sleep`,
        'kubelet 1.3 does not have this: the sleep lifecycle handler arrived in 1.29',
      );
    for (const p of ['startupProbe', 'readinessProbe', 'livenessProbe'] as const)
      if (c[p]?.grpc)
        no(`${path}.${p}.grpc`, 'kubelet 1.3 does not have this: gRPC probes arrived in 1.23');
    if (c.startupProbe)
      no(`${path}.startupProbe`, 'kubelet 1.3 does not have this: startup probes arrived in 1.16');
    // Docker's container config on 1.3 does not read ConfigMaps or Secrets here.
    if (c.envFrom?.length || c.env?.some((e) => e.valueFrom))
      no(
        `${path}.${c.envFrom?.length ? 'envFrom' : 'env'}`,
        'env from ConfigMaps and Secrets (CreateContainerConfigError) is modelled for the CRI kubelets (1.18 and later), not for 1.3',
      );
    return;
  }
  if (init && c.restartPolicy === 'Always') gated(v, s, 'sidecar', `${path}.restartPolicy`, no);
  if (c.lifecycle?.postStart?.sleep)
    gated(v, s, 'sleepHook', `${path}.lifecycle.postStart.sleep`, no);
  if (c.lifecycle?.preStop?.sleep) gated(v, s, 'sleepHook', `${path}.lifecycle.preStop.sleep`, no);
  for (const p of ['startupProbe', 'readinessProbe', 'livenessProbe'] as const)
    if (c[p]?.grpc) gated(v, s, 'grpcProbe', `${path}.${p}.grpc`, no);
}

function podProblems(
  v: KubeletVersionName,
  s: Scenario,
  m: PodManifest,
  path: string,
  no: Problem,
): void {
  (m.spec.initContainers ?? []).forEach((c, i) => {
    const at = `${path}.spec.initContainers[${i}]`;
    containerProblems(v, s, c, at, true, no);
    restartRulesProblems(s, m, c, 'initContainers', i, at, no);
  });
  m.spec.containers.forEach((c, i) => {
    const at = `${path}.spec.containers[${i}]`;
    containerProblems(v, s, c, at, false, no);
    restartRulesProblems(s, m, c, 'containers', i, at, no);
  });
}

export function versionProblems(s: Scenario): ScenarioProblem[] {
  const v = s.node.kubeletVersion;
  const out: ScenarioProblem[] = [];
  const no: Problem = (path, message) => out.push({ path, message });
  const k = s.node.kubelet as Record<string, unknown>;
  // KubeletConfiguration fields newer than the release (1.3 reads only what it had, below).
  if (v !== '1.3')
    for (const field of Object.keys(k)) {
      const first = KUBELET_CONFIG_FIELDS[field];
      // topologyManagerScope is always set (default "container"): only "pod" needs 1.20.
      if (field === 'topologyManagerScope' || unset(field, k[field])) continue;
      if (first && minorNumber(first) > minorNumber(v))
        no(
          `node.kubelet.${field}`,
          `kubelet ${v} does not have this: ${ARRIVAL_WORDS[field] ?? `${field} arrived in`} ${first}`,
        );
    }
  if (v !== '1.3' && minorNumber(v) < 20 && s.node.kubelet.topologyManagerScope === 'pod')
    no(
      'node.kubelet.topologyManagerScope',
      `kubelet ${v} does not have this: the topology manager scope "pod" arrived in 1.20`,
    );
  if (v === '1.3') {
    if (s.node.kubelet.maxParallelImagePulls !== undefined)
      no(
        'node.kubelet.maxParallelImagePulls',
        'kubelet 1.3 does not have this: maxParallelImagePulls arrived in 1.27',
      );
  } else
    for (const g of gateProblems(profileOf(v), s.node.kubelet.featureGates))
      no(`node.kubelet.featureGates.${g.gate}`, g.message);
  crashLoopBackOffProblems(v, s, no);
  pullCredentialProblems(v, s, no);
  s.pods.forEach((p, i) => podProblems(v, s, p.manifest, `pods[${i}].manifest`, no));
  s.actions.forEach((a, i) => {
    if (a.kind === 'AddPod') podProblems(v, s, a.manifest, `actions[${i}].manifest`, no);
    if (a.kind === 'ChangeCpuManagerPolicy' && v === '1.3')
      no(`actions[${i}].kind`, NO_CPU_MANAGER_REASON);
    // Before 1.22 an eviction went through syncPod's SyncPodKill (no pod worker lifecycle):
    // that path is not modelled.
    if (a.kind === 'EvictPod' && (v === '1.3' || minorNumber(v) < 22))
      no(
        `actions[${i}].kind`,
        `EvictPod is modelled from 1.22 (the pod worker's terminating and terminated stages), not for kubelet ${v}`,
      );
  });
  s.faults.forEach((f, i) => {
    // Docker's StartContainer failure (1.3's runContainer) is not modelled.
    if (f.kind === 'StartContainerError' && v === '1.3')
      no(
        `faults[${i}].kind`,
        'StartContainerError is modelled for the CRI kubelets (1.18 and later), not for 1.3 (Docker)',
      );
    // 1.3 has no CRI sandbox: its infra container's death (DockerManager) is not modelled.
    if (f.kind === 'SandboxDied' && v === '1.3')
      no(
        `faults[${i}].kind`,
        'SandboxDied is modelled for the CRI kubelets (1.18 and later, CRI sandboxes), not for 1.3',
      );
  });
  return out;
}
