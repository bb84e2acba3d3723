/**
 * The kubelet versions a scenario can name (`node.kubeletVersion`). "1.34" is the release the
 * engine's own machines model: `Created container: <name>` (the colon form of ~1.33-1.34, before
 * 1.35's "Container created"), DisableCPUQuotaWithExclusiveCPUs on by default (1.33+), native
 * sidecars GA (1.33). The two older ones are what the founding documents describe.
 */
export const KUBELET_VERSIONS = ['1.34', '1.18', '1.3'] as const;
export type KubeletVersionName = (typeof KUBELET_VERSIONS)[number];
export const CURRENT_KUBELET_VERSION: KubeletVersionName = '1.34';

export function isKubeletVersion(v: string): v is KubeletVersionName {
  return (KUBELET_VERSIONS as readonly string[]).includes(v);
}

/** How the app's combobox labels each version. */
export const KUBELET_VERSION_LABELS: Record<KubeletVersionName, string> = {
  '1.34': '1.34 (current)',
  '1.18': '1.18.6 (kuberuntime, CRI)',
  '1.3': '1.3.0 (DockerManager)',
};

/** Why a kubelet version has no CPU manager, for the app's disabled controls and the CLI. */
export const NO_CPU_MANAGER_REASON =
  'kubelet 1.3 has no CPU manager or topology manager (the CPU manager arrived in 1.8): every CPU is shared';
/** The same, short enough for the app's header (the controls' titles say it whole). */
export const NO_CPU_MANAGER_NOTE =
  'kubelet 1.3 has no CPU manager or topology manager: every CPU is shared';

/**
 * The scheme of the container ids a version's statuses carry: 1.3's DockerManager reported
 * "docker://<id>"; the model's runtime is containerd's CRI ("containerd://<id>") otherwise.
 */
export function runtimeScheme(v: KubeletVersionName): 'docker' | 'containerd' {
  return v === '1.3' ? 'docker' : 'containerd';
}
