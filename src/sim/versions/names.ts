/**
 * The kubelet versions a scenario can name (`node.kubeletVersion`): every minor release from
 * 1.18 to 1.37, each the changelog (versions/changelog) applied up to it, and 1.3, whose
 * DockerManager is a flow of its own. 1.37 (released 2026-08-26) is the current release: the
 * engine's own machines and message texts are its. Kept free of the changelog itself: the page
 * reads these names before any engine code loads.
 */

/** The minors, newest first (the picker's order). */
export const KUBELET_MINORS = [
  '1.37',
  '1.36',
  '1.35',
  '1.34',
  '1.33',
  '1.32',
  '1.31',
  '1.30',
  '1.29',
  '1.28',
  '1.27',
  '1.26',
  '1.25',
  '1.24',
  '1.23',
  '1.22',
  '1.21',
  '1.20',
  '1.19',
  '1.18',
] as const;
export type KubeletMinor = (typeof KUBELET_MINORS)[number];

export const KUBELET_VERSIONS = [...KUBELET_MINORS, '1.3'] as const;
export type KubeletVersionName = (typeof KUBELET_VERSIONS)[number];
export const CURRENT_KUBELET_VERSION: KubeletMinor = '1.37';

/**
 * The releases the Kubernetes project supports today (the newest three minors: 1.37's release
 * post of 2026-08-26 names 1.35-1.37).
 */
export const SUPPORTED_KUBELET_VERSIONS: readonly KubeletMinor[] = ['1.37', '1.36', '1.35'];

export function isKubeletVersion(v: string): v is KubeletVersionName {
  return (KUBELET_VERSIONS as readonly string[]).includes(v);
}

export function isKubeletMinor(v: string): v is KubeletMinor {
  return (KUBELET_MINORS as readonly string[]).includes(v);
}

/** A minor's number for ordering: '1.9' < '1.18' < '1.37'. */
export function minorNumber(v: string): number {
  const m = /^1\.(\d+)$/.exec(v);
  return m ? Number(m[1]) : NaN;
}

/** Whether minor `v` is `since` or later (1.3 is before every minor). */
export function atLeast(v: KubeletVersionName, since: KubeletMinor): boolean {
  return minorNumber(v) >= minorNumber(since);
}

/**
 * The patch release each minor's texts and line numbers were read in (the Go sources this
 * project followed); 1.37.0 was not on hand: its gates were read at its code-freeze commit
 * (versions/changelog/gates.ts), and its texts follow 1.36.3.
 */
export const MODELLED_PATCH: Readonly<Record<KubeletVersionName, string>> = {
  '1.37': '1.37.0',
  '1.36': '1.36.3',
  '1.35': '1.35.3',
  '1.34': '1.34.2',
  '1.33': '1.33.5',
  '1.32': '1.32.6',
  '1.31': '1.31.1',
  '1.30': '1.30.1',
  '1.29': '1.29.1',
  '1.28': '1.28.3',
  '1.27': '1.27.1',
  '1.26': '1.26.1',
  '1.25': '1.25.2',
  '1.24': '1.24.0',
  '1.23': '1.23.1',
  '1.22': '1.22.17',
  '1.21': '1.21.1',
  '1.20': '1.20.9',
  '1.19': '1.19.10',
  '1.18': '1.18.6',
  '1.3': '1.3.0',
};

/** How the app's picker labels each version. */
export const KUBELET_VERSION_LABELS: Record<KubeletVersionName, string> = Object.fromEntries(
  KUBELET_VERSIONS.map((v) => [
    v,
    v === CURRENT_KUBELET_VERSION
      ? `${v} (current)`
      : v === '1.3'
        ? '1.3.0 (DockerManager)'
        : v === '1.18'
          ? '1.18.6 (kuberuntime, CRI)'
          : MODELLED_PATCH[v],
  ]),
) as Record<KubeletVersionName, string>;

/** The picker's groups, in order: supported releases, older ones, and v1.3. */
export const KUBELET_VERSION_GROUPS: readonly {
  readonly label: string;
  readonly versions: readonly KubeletVersionName[];
}[] = [
  { label: 'Supported (1.35–1.37)', versions: SUPPORTED_KUBELET_VERSIONS },
  {
    label: 'Out of support (1.18–1.34)',
    versions: KUBELET_MINORS.filter((v) => !SUPPORTED_KUBELET_VERSIONS.includes(v)),
  },
  { label: 'Before CRI', versions: ['1.3'] },
];

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
