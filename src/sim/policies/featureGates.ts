/**
 * The feature gates the CPU manager, topology manager and cgroup code read, with their defaults
 * in the releases these files model (~1.33/1.34).
 */
export type FeatureGates = Readonly<Record<string, boolean | undefined>>;

export const DEFAULT_FEATURE_GATES: Readonly<Record<string, boolean>> = {
  CPUManagerPolicyAlphaOptions: false,
  CPUManagerPolicyBetaOptions: true,
  TopologyManagerPolicyAlphaOptions: false,
  TopologyManagerPolicyBetaOptions: true,
  // Beta, on by default since 1.33: no CFS quota for containers with exclusive CPUs.
  DisableCPUQuotaWithExclusiveCPUs: true,
  CustomCPUCFSQuotaPeriod: false,
  // Beta, on by default in 1.34: the kubelet sets status.observedGeneration and its conditions'.
  PodObservedGenerationTracking: true,
  // Beta, on by default since 1.31 (GA in 1.33): container statuses list their volume mounts.
  RecursiveReadOnlyMounts: true,
  // Alpha in 1.32-1.33: pod-level resources (spec.resources) are ignored unless turned on.
  PodLevelResources: false,
};

/** The gate's value, falling back to its default (unknown gates are off). */
export function featureEnabled(gates: FeatureGates | undefined, name: string): boolean {
  return gates?.[name] ?? DEFAULT_FEATURE_GATES[name] ?? false;
}
