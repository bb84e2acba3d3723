/**
 * What the topology, memory and device managers of a release do, by the minor number their
 * code and Kubernetes' own test tables speak of: read from the changelog (versions/changelog:
 * the gates' rows, the topology manager options' rows in policyOptions.ts, the behaviours'
 * rows), which holds each fact with the source it was checked in.
 */
import {
  CURRENT_KUBELET_VERSION,
  isKubeletVersion,
  minorNumber,
  type KubeletVersionName,
} from '../../versions/names';
import { effectiveGates, profileOf } from '../../versions/changelog/profile';
import type { Behaviours } from '../../versions/changelog/types';

/** The minor number of a kubelet version name ("1.34" → 34, "1.3" → 3). */
export function minorOf(version: string): number {
  const m = /^1\.(\d+)/.exec(version);
  return m ? Number(m[1]) : Number.NaN;
}

/** The modelled release of a minor number (after the current one: the current one). */
function releaseOf(minor: number): KubeletVersionName {
  const v = `1.${minor}`;
  if (isKubeletVersion(v)) return v;
  return minor > minorNumber(CURRENT_KUBELET_VERSION) ? CURRENT_KUBELET_VERSION : '1.18';
}

/** The behaviours of these managers the changelog names. */
export type ManagerBehaviour = keyof Pick<
  Behaviours,
  | 'memoryNUMAAllocationRule'
  | 'topologyOptionErrorsLowerCase'
  | 'deviceHintsOverDeviceNodes'
  | 'hintMergeComparesNonPreferred'
>;

/** Whether the release has the behaviour. */
export function hasBehaviour(name: ManagerBehaviour, minor: number): boolean {
  return profileOf(releaseOf(minor)).behaviours[name];
}

/**
 * The topology manager option sets of a release (policy_options.go alphaOptions, betaOptions,
 * stableOptions).
 */
export function topologyOptionSets(minor: number): {
  alpha: string[];
  beta: string[];
  stable: string[];
} {
  const out = { alpha: [] as string[], beta: [] as string[], stable: [] as string[] };
  for (const [name, maturity] of Object.entries(profileOf(releaseOf(minor)).policyOptions.topology))
    out[maturity].push(name);
  return out;
}

/** A gate's default in a release (a gate it does not know yet: off; one it removed: its last). */
export function gateDefault(gate: string, minor: number): boolean {
  return effectiveGates(profileOf(releaseOf(minor)), undefined)[gate] ?? false;
}
