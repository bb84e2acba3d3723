/**
 * Topology manager admission (scope.go, scope_container.go, scope_pod.go, scope_none.go;
 * admission.GetPodAdmitResult): gather hints, merge, reject with TopologyAffinityError, or store
 * the best hint and let every provider allocate. Pure: providers are functions over a state `S`
 * (the CPU manager's, or a composite), and the new states come back with the result.
 */
import {
  isPodLevelResourcesSet,
  isRestartableInitContainer,
  type ContainerLike,
  type PodLike,
} from '../../model/qos';
import type { Result } from '../../model/result';
import { EMPTY_HINT, type PodAdmitResult, type ProviderHints, type TopologyHint } from './hint';
import { policyMerge, type TopologyManagerConfig } from './policies';

/** An Allocate error: `type` when the Go error implements admission.Error (its Type()). */
export interface ProviderError {
  readonly message: string;
  readonly type?: string;
}

/** A hint provider (CPU manager, memory manager, device manager) as pure functions over S. */
export interface HintProvider<S> {
  readonly name: string;
  getTopologyHints(state: S, pod: PodLike, container: ContainerLike): ProviderHints;
  getPodTopologyHints(state: S, pod: PodLike): ProviderHints;
  /** Allocate, reading the affinity the topology manager stored for the container. */
  allocate(
    state: S,
    pod: PodLike,
    container: ContainerLike,
    affinity: TopologyHint,
  ): Result<S, ProviderError>;
}

/** The scope's store: podUID → containerName → best hint (GetAffinity reads it). */
export interface TopologyManagerState {
  readonly podTopologyHints: Readonly<Record<string, Readonly<Record<string, TopologyHint>>>>;
}

export const EMPTY_TM_STATE: TopologyManagerState = { podTopologyHints: {} };

/**
 * Told, in the order the scope does them, of what the kubelet logs around its providers' calls:
 * each provider's hints ("TopologyHints"), the merge ("ContainerTopologyHint" /
 * "PodTopologyHint", "Best TopologyHint") and the stored affinity ("Topology Affinity").
 */
export interface AdmitObserver {
  hints(provider: string, hints: ProviderHints, container?: string): void;
  merged(decision: AdmitDecision): void;
  affinity(container: string, hint: TopologyHint): void;
}

/** One merge the topology manager made: for a container (container scope) or the pod. */
export interface AdmitDecision {
  readonly container?: string;
  readonly providerHints: readonly { readonly provider: string; readonly hints: ProviderHints }[];
  readonly best: TopologyHint;
  readonly admit: boolean;
}

export interface AdmitOutcome<S> {
  readonly result: PodAdmitResult;
  readonly state: S;
  readonly tmState: TopologyManagerState;
  readonly decisions: readonly AdmitDecision[];
  /** The container whose allocation failed, if one did. */
  readonly failedContainer?: string;
}

/** TopologyAffinityError as an admit result. */
export const TOPOLOGY_AFFINITY_ERROR: PodAdmitResult = {
  admit: false,
  reason: 'TopologyAffinityError',
  message: 'Resources cannot be allocated with Topology locality',
};

/**
 * With PodLevelResourceManagers, a pod with pod-level resources refused by the container scope:
 * NewPodLevelTopologyAffinityError, whose Error() prefixes "Pod Scope " (scope_container.go:64,
 * topology_manager.go:68-77, v1.36.3).
 */
export const PODLEVEL_CONTAINER_SCOPE_ERROR: PodAdmitResult = {
  admit: false,
  reason: 'TopologyAffinityError',
  message:
    'Pod Scope pod with pod-level resources failed admission with a container-level topology manager',
};

/** admission.GetPodAdmitResult: typed errors keep their type; others are "unexpected". */
export function podAdmitResultFor(e: ProviderError): PodAdmitResult {
  if (e.type !== undefined) return { admit: false, reason: e.type, message: e.message };
  return {
    admit: false,
    reason: 'UnexpectedAdmissionError',
    message: `Allocate failed due to ${e.message}, which is unexpected`,
  };
}

/** GetAffinity(podUID, container): the stored hint, or Go's zero hint {nil, false}. */
export function getAffinity(
  tm: TopologyManagerState,
  podUID: string,
  containerName: string,
): TopologyHint {
  return tm.podTopologyHints[podUID]?.[containerName] ?? EMPTY_HINT;
}

function setHint(
  tm: TopologyManagerState,
  podUID: string,
  containerName: string,
  hint: TopologyHint,
): TopologyManagerState {
  const pod = { ...(tm.podTopologyHints[podUID] ?? {}), [containerName]: hint };
  return { podTopologyHints: { ...tm.podTopologyHints, [podUID]: pod } };
}

/** RemoveContainer: forgets the container's hint (and the pod's entry once empty). */
export function removeContainerHint(
  tm: TopologyManagerState,
  podUID: string,
  containerName: string,
): TopologyManagerState {
  const pod = tm.podTopologyHints[podUID];
  if (pod === undefined || !(containerName in pod)) return tm;
  const { [containerName]: _gone, ...rest } = pod;
  const all = { ...tm.podTopologyHints };
  if (Object.keys(rest).length === 0) delete all[podUID];
  else all[podUID] = rest;
  return { podTopologyHints: all };
}

/** Init containers first, then app containers: the order of every kubelet loop here. */
export function allContainers(pod: PodLike): ContainerLike[] {
  return [...(pod.spec.initContainers ?? []), ...pod.spec.containers];
}

function allocateAll<S>(
  providers: readonly HintProvider<S>[],
  state: S,
  pod: PodLike,
  container: ContainerLike,
  hint: TopologyHint,
): Result<S, ProviderError> {
  let s = state;
  for (const p of providers) {
    const r = p.allocate(s, pod, container, hint);
    if (!r.ok) return r;
    s = r.value;
  }
  return { ok: true, value: s };
}

/**
 * Scope.Admit for a pod. On a provider error, the states returned include allocations made for
 * earlier containers, as in the kubelet (removeStaleState frees them once the pod is inactive).
 */
export function admitPod<S>(
  tm: TopologyManagerConfig,
  tmState: TopologyManagerState,
  providers: readonly HintProvider<S>[],
  state: S,
  pod: PodLike,
  podUID: string,
  observer?: AdmitObserver,
): AdmitOutcome<S> {
  const decisions: AdmitDecision[] = [];
  let s = state;
  let store = tmState;
  const fail = (result: PodAdmitResult, failedContainer?: string): AdmitOutcome<S> => ({
    result,
    state: s,
    tmState: store,
    decisions,
    ...(failedContainer === undefined ? {} : { failedContainer }),
  });

  if (tm.scope === 'pod') {
    const providerHints = providers.map((p) => {
      const hints = p.getPodTopologyHints(s, pod);
      observer?.hints(p.name, hints);
      return { provider: p.name, hints };
    });
    const { hint, admit } = policyMerge(
      tm,
      providerHints.map((x) => x.hints),
    );
    const decision = { providerHints, best: hint, admit };
    decisions.push(decision);
    observer?.merged(decision);
    if (!admit) return fail(TOPOLOGY_AFFINITY_ERROR);
    for (const c of allContainers(pod)) {
      observer?.affinity(c.name, hint);
      store = setHint(store, podUID, c.name, hint);
      const r = allocateAll(providers, s, pod, c, hint);
      if (!r.ok) return fail(podAdmitResultFor(r.error), c.name);
      s = r.value;
    }
    return { result: { admit: true }, state: s, tmState: store, decisions };
  }

  for (const c of allContainers(pod)) {
    if (tm.scope === 'none') {
      // noneScope: no hints, no merge; providers allocate with the zero affinity.
      const r = allocateAll(providers, s, pod, c, getAffinity(store, podUID, c.name));
      if (!r.ok) return fail(podAdmitResultFor(r.error), c.name);
      s = r.value;
      continue;
    }
    const providerHints = providers.map((p) => {
      const hints = p.getTopologyHints(s, pod, c);
      observer?.hints(p.name, hints, c.name);
      return { provider: p.name, hints };
    });
    const { hint, admit } = policyMerge(
      tm,
      providerHints.map((x) => x.hints),
    );
    const decision = { container: c.name, providerHints, best: hint, admit };
    decisions.push(decision);
    observer?.merged(decision);
    if (!admit)
      return fail(
        tm.podLevelResourceManagers === true && isPodLevelResourcesSet(pod)
          ? PODLEVEL_CONTAINER_SCOPE_ERROR
          : TOPOLOGY_AFFINITY_ERROR,
        c.name,
      );
    observer?.affinity(c.name, hint);
    store = setHint(store, podUID, c.name, hint);
    const r = allocateAll(providers, s, pod, c, hint);
    if (!r.ok) return fail(podAdmitResultFor(r.error), c.name);
    s = r.value;
  }
  return { result: { admit: true }, state: s, tmState: store, decisions };
}

/** Whether the container is a sidecar (restartable init container) of the pod. */
export function isSidecar(pod: PodLike, containerName: string): boolean {
  return (pod.spec.initContainers ?? []).some(
    (c) => c.name === containerName && isRestartableInitContainer(c),
  );
}
