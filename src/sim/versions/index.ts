/**
 * The kubelet versions by the name a scenario gives (`node.kubeletVersion`): each is a set of
 * machines, their effects and message tables (src/sim/kubelet/versions/version.ts). The current
 * release is here from the start; every other (the changelog's message tables, 1.3's
 * DockerManager) is in versions/all.ts, which a run of another version loads first
 * (`loadKubeletVersions`): the page's first run does not fetch twenty releases' texts.
 */
import type { Scenario } from '../scenario/schema';
import type { SimulationRun } from '../simulate';
import type { ChangeEntry } from './changelog/whatChanged';
import type { KubeletVersion } from '../kubelet/versions/version';
import { CURRENT_KUBELET_VERSION, type KubeletVersionName } from './names';
import { minorKubelet } from './minor';

const registry = new Map<KubeletVersionName, KubeletVersion>([
  [CURRENT_KUBELET_VERSION, minorKubelet(CURRENT_KUBELET_VERSION, undefined)],
]);

/** Adds versions (versions/all.ts registers every one). */
export function registerKubelets(
  versions: Readonly<Partial<Record<KubeletVersionName, KubeletVersion>>>,
): void {
  for (const [v, k] of Object.entries(versions)) if (k) registry.set(v as KubeletVersionName, k);
}

/** Whether a run of `v` can start now (its version's code is loaded). */
export function hasKubelet(v: KubeletVersionName): boolean {
  return registry.has(v);
}

/** Loads every version's code (a no-op once done, and for the current release). */
export async function loadKubeletVersions(v?: KubeletVersionName): Promise<void> {
  if (v !== undefined && registry.has(v)) return;
  (await import('./all')).registerAllKubelets();
}

let changes: ((run: SimulationRun, other: KubeletVersionName) => ChangeEntry[]) | undefined;

/** versions/all.ts gives Compare's "What changed" with the changelog it carries. */
export function registerChanges(f: typeof changes): void {
  changes = f;
}

/**
 * The changelog rows between the run's kubelet version and `other` that touch the run
 * (changelog/whatChanged.ts); null until loadKubeletVersions() has brought the changelog.
 */
export function changesAgainst(
  run: SimulationRun,
  other: KubeletVersionName,
): ChangeEntry[] | null {
  return changes ? changes(run, other) : null;
}

export function kubeletOf(s: Scenario): KubeletVersion {
  return kubeletByName(s.node.kubeletVersion);
}

export function kubeletByName(v: KubeletVersionName): KubeletVersion {
  const k = registry.get(v);
  if (!k)
    throw new Error(
      `kubelet ${v} is not loaded: loadKubeletVersions() (or registerAllKubelets) comes first`,
    );
  return k;
}

/**
 * The scenario as the version's kubelet reads it: 1.3 had no CPU or topology manager, so those
 * settings do not reach it (versionNotes says so); every other version reads it as written.
 */
export function scenarioForVersion(s: Scenario): Scenario {
  if (s.node.kubeletVersion !== '1.3') return s;
  const {
    cpuManagerPolicyOptions: _o,
    reservedSystemCPUs: _r,
    topologyManagerPolicyOptions: _t,
    reservedMemory: _m,
    ...kubelet
  } = s.node.kubelet;
  void _o;
  void _r;
  void _t;
  void _m;
  // 1.3 had no device plugins either: nothing registers the node's devices.
  const { devices: _d, ...node } = s.node;
  void _d;
  return {
    ...s,
    node: {
      ...node,
      kubelet: {
        ...kubelet,
        cpuManagerPolicy: 'none',
        memoryManagerPolicy: 'None',
        topologyManagerPolicy: 'none',
        topologyManagerScope: 'container',
      },
    },
  };
}
