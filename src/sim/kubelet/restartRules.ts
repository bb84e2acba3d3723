/**
 * Container restart rules (KEP-5307, gate ContainerRestartRules: alpha 1.34, beta and on 1.35):
 * a regular container's own `restartPolicy` and its `restartPolicyRules` on exit codes.
 * podutil.ContainerShouldRestart and FindMatchingContainerRestartRule (pkg/api/v1/pod/util.go,
 * v1.34.2-v1.36.3; read in MicroShift's copies of the OpenShift fork): the kubelet asks them
 * from ShouldContainerBeRestarted (container/helpers.go), getPhase (kubelet_pods.go), the
 * prober's worker (prober/worker.go) and computePodActions (kuberuntime_manager.go).
 */
import type { ContainerRestartRuleSpec } from '../scenario/schema';

export type ContainerRestartPolicy = 'Always' | 'OnFailure' | 'Never';

/** What restartPolicy and restartPolicyRules of a container the kubelet sees. */
export interface RestartRulesOf {
  /** undefined: none (or dropped by the API server with the gate off). */
  readonly restartPolicy?: ContainerRestartPolicy;
  readonly restartRules: readonly ContainerRestartRuleSpec[];
}

/**
 * FindMatchingContainerRestartRule: the first rule whose exit codes match. A rule without
 * exitCodes, or with an operator other than In/NotIn, matches nothing (validation refuses both).
 */
export function findMatchingContainerRestartRule(
  c: RestartRulesOf,
  exitCode: number,
): ContainerRestartRuleSpec | undefined {
  for (const rule of c.restartRules) {
    if (!rule.exitCodes) continue;
    const matched = (rule.exitCodes.values ?? []).includes(exitCode);
    if (rule.exitCodes.operator === 'In' && matched) return rule;
    if (rule.exitCodes.operator === 'NotIn' && !matched) return rule;
  }
  return undefined;
}

/**
 * podutil.ContainerShouldRestart: a matching rule's action, else the container's own
 * restartPolicy, else the pod's. A RestartAllContainers rule restarts only with its gate on
 * (RestartAllContainersOnContainerExits); without it the container-level policy decides.
 */
export function containerShouldRestart(
  c: RestartRulesOf,
  podPolicy: ContainerRestartPolicy,
  exitCode: number,
  restartAllContainers: boolean,
): boolean {
  if (c.restartPolicy !== undefined) {
    const rule = findMatchingContainerRestartRule(c, exitCode);
    if (rule?.action === 'Restart') return true;
    if (rule?.action === 'RestartAllContainers' && restartAllContainers) return true;
    return policyRestarts(c.restartPolicy, exitCode);
  }
  return policyRestarts(podPolicy, exitCode);
}

function policyRestarts(p: ContainerRestartPolicy, exitCode: number): boolean {
  if (p === 'Never') return false;
  if (p === 'OnFailure') return exitCode !== 0;
  return true;
}

/** The pod as the kubelet's gates and its restartPolicy give it to these checks. */
interface PodRestart {
  readonly restartPolicy: ContainerRestartPolicy;
  readonly restartRulesGate: boolean;
  readonly restartAllContainersGate: boolean;
}

/**
 * podutil.IsContainerRestartable (1.34+): a Restart rule, else the container's own policy,
 * else the pod's, is anything but Never (exit codes not looked at).
 */
export function isContainerRestartable(pod: PodRestart, c: RestartRulesOf): boolean {
  if (c.restartPolicy !== undefined) {
    if (c.restartRules.some((r) => r.action === 'Restart')) return true;
    return c.restartPolicy !== 'Never';
  }
  return pod.restartPolicy !== 'Never';
}

/** What the release's prober worker does (versions/changelog/behaviours.ts). */
export interface ProberRestartBehaviours {
  readonly proberKeepsExitedSidecar: boolean;
  readonly proberAsksContainerShouldRestart: boolean;
}

/**
 * The prober's worker on a container that is not running (prober/worker.go doProbe, "Abort if
 * the container will not be restarted"): whether the worker keeps going. `exitCode` is the
 * terminated state's, undefined when the container is waiting.
 */
export function proberKeepsGoing(
  b: ProberRestartBehaviours,
  pod: PodRestart,
  c: RestartRulesOf & { readonly kind: string },
  exitCode: number | undefined,
  /** ShouldAllContainersRestart of the worker's pod status (1.35+, gate on). */
  allRestarting = false,
): boolean {
  if (pod.restartRulesGate) {
    // 1.34: `c.State.Terminated != nil || IsContainerRestartable`, so a terminated container
    // keeps its worker; 1.35 asks ContainerShouldRestart of the exit code.
    if (!b.proberAsksContainerShouldRestart)
      return exitCode !== undefined || isContainerRestartable(pod, c);
    if (exitCode === undefined) return true;
    return (
      containerShouldRestart(c, pod.restartPolicy, exitCode, pod.restartAllContainersGate) ||
      (pod.restartAllContainersGate && allRestarting)
    );
  }
  if (exitCode === undefined) return true;
  return pod.restartPolicy !== 'Never' || (b.proberKeepsExitedSidecar && c.kind === 'sidecar');
}

/**
 * podutil.AllContainersCouldRestart (pkg/api/v1/pod/util.go, v1.35.3 and v1.36.3): an init,
 * sidecar or regular container has a RestartAllContainers rule. Only such a pod gets the
 * AllContainersRestarting condition.
 */
export function allContainersCouldRestart(pod: {
  readonly init: readonly RestartRulesOf[];
  readonly containers: readonly RestartRulesOf[];
}): boolean {
  const has = (c: RestartRulesOf) =>
    c.restartRules.some((r) => r.action === 'RestartAllContainers');
  return pod.init.some(has) || pod.containers.some(has);
}

/** The exited instance (or terminated status) of a container, as ShouldAllContainersRestart reads it. */
export interface ExitedOf {
  readonly name: string;
  readonly exitCode: number;
}

/**
 * kubecontainer.ShouldAllContainersRestart (container/helpers.go, v1.35.3 and v1.36.3): the old
 * API status already has AllContainersRestarting True, or a container (init first, then
 * regular) whose newest runtime instance exited, or whose API status is terminated, with an
 * exit code matching one of its RestartAllContainers rules.
 */
export function shouldAllContainersRestart(
  pod: {
    readonly init: readonly (RestartRulesOf & { readonly name: string })[];
    readonly containers: readonly (RestartRulesOf & { readonly name: string })[];
  },
  runtimeExited: (name: string) => number | undefined,
  oldConditionTrue: boolean,
  apiTerminated: (name: string) => number | undefined,
): boolean {
  if (oldConditionTrue) return true;
  const triggers = (c: RestartRulesOf, code: number | undefined) =>
    code !== undefined &&
    findMatchingContainerRestartRule(c, code)?.action === 'RestartAllContainers';
  for (const c of [...pod.init, ...pod.containers])
    if (triggers(c, runtimeExited(c.name)) || triggers(c, apiTerminated(c.name))) return true;
  return false;
}

/** A pod status as ShouldAllContainersRestart reads it (its conditions and terminated states). */
interface StatusOf {
  readonly conditions: readonly { readonly type: string; readonly status: string }[];
  readonly initContainerStatuses: readonly {
    readonly name: string;
    readonly state: { readonly terminated?: { readonly exitCode: number } };
  }[];
  readonly containerStatuses: StatusOf['initContainerStatuses'];
}

/** ShouldAllContainersRestart(pod, nil, status): what the prober's worker asks (worker.go). */
export function statusRestartingAll(
  pod: Parameters<typeof shouldAllContainersRestart>[0],
  status: StatusOf,
): boolean {
  const byName = (name: string) =>
    (
      status.initContainerStatuses.find((x) => x.name === name) ??
      status.containerStatuses.find((x) => x.name === name)
    )?.state.terminated?.exitCode;
  return shouldAllContainersRestart(
    pod,
    () => undefined,
    status.conditions.some((c) => c.type === 'AllContainersRestarting' && c.status === 'True'),
    byName,
  );
}
