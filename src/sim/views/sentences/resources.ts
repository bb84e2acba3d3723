/**
 * The CPU manager (cm/cpumanager: its reconcile loop, and one container's CPUs from
 * staticPolicy.Allocate at admission to RemoveContainer) and the volume manager's work for a
 * pod's service account token volume.
 */
import { ctr, dur, pod, type SentenceRules } from './rule';

export const cpuManager: SentenceRules = [
  {
    event: 'init',
    say: () =>
      "The CPU manager's reconcile loop starts (static policy): reconcileState every cpuManagerReconcilePeriod.",
  },
  {
    to: 'reconciling',
    say: () =>
      "reconcileState: removeStaleState frees the CPUs of containers whose pods are gone, and each running container's cpuset is checked.",
  },
  {
    event: 'RECONCILED',
    say: (f) =>
      `reconcileState done; the next one in ${f.untilNext !== undefined ? dur(f.untilNext) : 'one period'}.`,
  },
];

export const cpuContainer: SentenceRules = [
  {
    event: 'init',
    say: (f) =>
      `Admission of ${pod(f)}: the topology manager's admit handler asks the CPU manager to Allocate for ${ctr(f)}.`,
  },
  {
    to: 'sharedPool.assigned',
    say: (f) =>
      `staticPolicy.Allocate: ${ctr(f)} is not Guaranteed with an integer CPU request, so it stays in the shared pool.`,
  },
  {
    to: 'exclusive.allocated',
    guard: 'already assigned',
    say: (f) =>
      `staticPolicy.Allocate: ${ctr(f)} is already in the CPU manager's state (checkpoint): it keeps CPUs ${f.cpus || '(as before)'}.`,
  },
  {
    to: 'exclusive.allocated',
    say: (f) =>
      `staticPolicy.Allocate: takeByTopology chose CPUs ${f.cpus || '(none)'} for ${ctr(f)}, taken out of the shared pool.`,
  },
  {
    to: 'allocationFailed',
    say: (f) =>
      `staticPolicy.Allocate could not fit ${ctr(f)} ("Unable to allocate CPUs"): admission fails and the pod is rejected.`,
  },
  {
    event: 'APPLY_CPUSET',
    to: 'exclusive.applied',
    say: (f) =>
      f.go.preCreateCpuset
        ? `PreCreateContainer: CPUs ${f.cpus || '(exclusive)'} go into ${f.container}'s CRI create request: the container runs only there.`
        : `PreStartContainer: cpuManager.AddContainer applies CPUs ${f.cpus || '(exclusive)'} to ${f.container} with CRI UpdateContainerResources.`,
  },
  {
    event: 'APPLY_CPUSET',
    to: 'sharedPool.applied',
    say: (f) =>
      f.go.preCreateCpuset
        ? `PreCreateContainer: ${f.container} gets the shared pool's cpuset in its create request.`
        : `PreStartContainer: ${f.container} stays on the shared pool.`,
  },
  {
    event: 'REMOVE',
    say: (f) =>
      `RemoveContainer (removeStaleState): ${ctr(f)} no longer belongs to an active pod; its CPUs go back to the shared pool.`,
  },
];

export const volumeManager: SentenceRules = [
  {
    event: 'init',
    say: (f) =>
      `The volume manager's populator adds ${pod(f)}'s volumes (${f.go.tokenVolume}) to its desired state of world.`,
  },
  {
    to: 'attached',
    say: (f) =>
      `reconciler: VerifyControllerAttachedVolume for ${f.go.tokenVolume} of ${pod(f)} (${dur(f.waited)}).`,
  },
  {
    to: 'mounting',
    say: (f) => `reconciler: MountVolume started for ${f.go.tokenVolume} of ${pod(f)}.`,
  },
  {
    to: 'mounted',
    say: (f) =>
      `MountVolume.SetUp succeeded for ${f.go.tokenVolume} of ${pod(f)}: the token, CA and namespace files are written.`,
  },
];
