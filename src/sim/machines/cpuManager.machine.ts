/**
 * The CPU manager (pkg/kubelet/cm/cpumanager), static policy, as two statecharts:
 *
 *  - `cpuManagerMachine`, the manager's reconcile loop (cpu_manager.go Start: `go wait.Until(
 *    m.reconcileState, m.reconcilePeriod, ...)`): sleeping ⇄ reconciling, every
 *    cpuManagerReconcilePeriod. reconcileState's removeStaleState frees the CPUs of containers
 *    that no longer belong to an active pod (policy_static.go RemoveContainer). The loop runs
 *    only under the static policy: with `none`, Start returns before starting it.
 *
 *  - `cpuContainerMachine`, one container's CPUs, from the decision at admission to their
 *    release. The topology manager's admit handler (topologymanager scope Admit: hints, merge,
 *    then each hint provider's Allocate) calls policy_static.go Allocate for each container
 *    while the pod is admitted; the guards read what it decided: a container that is not
 *    Guaranteed with an integer CPU request stays in the shared pool; one already in the state
 *    (a checkpoint restored after a restart) keeps its CPUs; otherwise takeByTopology
 *    (policies/cpumanager) fits it or the allocation fails and the pod is rejected. The cpuset
 *    is applied when the container is created: internal_container_lifecycle_linux.go
 *    PreCreateContainer writes it into the CRI config (current kubelet), v1.18 PreStartContainer
 *    sets it with UpdateContainerResources after CreateContainer. removeStaleState (the reconcile
 *    loop, or the next admission) releases it once the pod is no longer active.
 */
import { setup } from 'xstate';
import { guaranteedCPUs } from '../policies/cpumanager/guaranteedCPUs';
import { kubelet } from '../kubelet/view';

export type CpuManagerEvent = { type: 'RECONCILED' };

export const cpuManagerMachine = setup({
  types: { events: {} as CpuManagerEvent },
  delays: {
    /** cpuManagerReconcilePeriod (KubeletConfiguration; defaults to nodeStatusUpdateFrequency, 10 s). */
    reconcilePeriod: () => kubelet().run.cpuManagerReconcileMs,
  },
  actions: { reconcileState: () => {} },
}).createMachine({
  id: 'cpuManager',
  // The first reconcile comes one period after Start.
  initial: 'sleeping',
  states: {
    sleeping: { after: { reconcilePeriod: 'reconciling' } },
    reconciling: { entry: 'reconcileState', on: { RECONCILED: 'sleeping' } },
  },
});

export type CpuContainerEvent =
  /** The topology manager's admit handler called Allocate for the container. */
  | { type: 'ALLOCATE' }
  /** The cpuset reached the container: PreCreateContainer (current) or PreStartContainer (1.18). */
  | { type: 'APPLY_CPUSET'; via: 'PreCreateContainer' | 'PreStartContainer' }
  /** removeStaleState: the pod is no longer active. */
  | { type: 'REMOVE' };

export interface CpuContainerContext {
  uid: string;
  container: string;
  /** The state held a cpuset for the container before this admission (restored checkpoint). */
  assignedBefore: boolean;
}

/** The cpuset the CPU manager's state holds for the container, if any. */
function assigned(ctx: CpuContainerContext): boolean {
  return kubelet().domain.cpu?.state.assignments[ctx.uid]?.[ctx.container] !== undefined;
}

export const cpuContainerMachine = setup({
  types: {
    events: {} as CpuContainerEvent,
    context: {} as CpuContainerContext,
    input: {} as CpuContainerContext,
  },
  guards: {
    /** guaranteedCPUs == 0: "container belongs in the shared pool (nothing to do; use default cpuset)". */
    'not Guaranteed with integer CPU request': ({ context }) => {
      const pod = kubelet().run.pods[context.uid]!;
      return guaranteedCPUs(pod.manifest, pod.byName[context.container]!.spec) === 0;
    },
    /** "Static policy: container already present in state, skipping". */
    'already assigned': ({ context }) => context.assignedBefore && assigned(context),
    /** allocateCPUs found the CPUs (takeByTopology) and SetCPUSet stored them. */
    fits: ({ context }) => assigned(context),
  },
}).createMachine({
  id: 'cpuContainer',
  context: ({ input }) => input,
  initial: 'admitting',
  states: {
    /** Allocate, during the pod's admission. */
    admitting: {
      on: {
        ALLOCATE: [
          { guard: 'not Guaranteed with integer CPU request', target: 'sharedPool' },
          { guard: 'already assigned', target: 'exclusive.allocated' },
          { guard: 'fits', target: 'exclusive.allocated' },
          // "Unable to allocate CPUs": the admit handler rejects the pod.
          { target: 'allocationFailed' },
        ],
      },
    },
    /** GetCPUAffinity returns the default cpuset (the shared pool). */
    sharedPool: {
      initial: 'assigned',
      on: { REMOVE: 'released' },
      states: {
        assigned: { on: { APPLY_CPUSET: 'applied' } },
        applied: { on: { APPLY_CPUSET: 'applied' } },
      },
    },
    /** The container's own cpuset, taken from the default set. */
    exclusive: {
      initial: 'allocated',
      on: { REMOVE: 'released' },
      states: {
        allocated: { on: { APPLY_CPUSET: 'applied' } },
        applied: { on: { APPLY_CPUSET: 'applied' } },
      },
    },
    allocationFailed: { on: { REMOVE: 'released' } },
    /** RemoveContainer: the CPUs are back in the default set. */
    released: { type: 'final' },
  },
});
