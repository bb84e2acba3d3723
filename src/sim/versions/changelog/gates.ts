/**
 * The feature gates the model reads, each stage as pkg/features/kube_features.go declared it
 * (versioned_kube_features.go in 1.32, versioned specs in kube_features.go from 1.33). Read in
 * upstream copies where there is one (KubeEdge's vendored trees: 1.18.6, 1.22.17, 1.23.17,
 * 1.24.17, 1.26.15-1.32.10); 1.25 and 1.33-1.36 in MicroShift's copies of the OpenShift fork
 * (1.36 at release-4.23, v1.36.3), whose versioned specs carry each gate's history. 1.37's rows
 * were read in kubernetes/kubernetes' kube_features.go at 45b76a34 (KF_1_37): the master of
 * 2026-07-23, in 1.37's code freeze after v1.37.0-beta.0 (the staging repositories' commits of
 * that day name it), whose versioned specs reach 1.37 and not 1.38. The v1.37.0 tag was not on
 * hand. Every gate the model reads was checked there: those without a 1.37 row kept their 1.36
 * stage and default.
 * Kept free of functions: the page's version checks read it.
 */
import type { ChangelogRowBase, GateChange } from './types';

const KF = 'pkg/features/kube_features.go';
/** kube_features.go of 1.37's code freeze (see above). */
const KF_1_37 = `${KF} (kubernetes/kubernetes@45b76a348437ceb54ca5e067ee6b097319e163a4, master of 2026-07-23 after v1.37.0-beta.0)`;

function gate(
  release: ChangelogRowBase['release'],
  g: GateChange,
  rest: Omit<ChangelogRowBase, 'release' | 'gate'>,
): ChangelogRowBase {
  return { release, gate: g, ...rest };
}

export const GATE_ROWS: readonly ChangelogRowBase[] = [
  // The topology and CPU managers: beta and on in 1.18, GA later.
  gate(
    '1.18',
    { name: 'CPUManager', stage: 'beta', default: true },
    {
      what: 'CPU manager (beta, on)',
      ref: 'KEP-375',
      source: `${KF} (v1.18.6)`,
      touches: ['staticCpuManager'],
    },
  ),
  gate(
    '1.26',
    { name: 'CPUManager', stage: 'GA', default: true, locked: true },
    { what: 'CPU manager GA', ref: 'KEP-3570', source: `${KF} (v1.26.15)`, touches: [] },
  ),
  gate(
    '1.33',
    { name: 'CPUManager', stage: 'GA', default: true, removed: true },
    {
      what: 'CPUManager gate removed',
      ref: 'KEP-3570',
      source: `${KF} (v1.33.5: not declared; declared in pkg/features/versioned_kube_features.go v1.32.10, and absent again at 1.37's 45b76a34)`,
      touches: [],
    },
  ),
  gate(
    '1.18',
    { name: 'TopologyManager', stage: 'beta', default: true },
    {
      what: 'Topology manager (beta, on)',
      ref: 'KEP-693',
      source: `${KF} (v1.18.6)`,
      touches: ['topologyManager'],
    },
  ),
  gate(
    '1.27',
    { name: 'TopologyManager', stage: 'GA', default: true, locked: true },
    { what: 'Topology manager GA', ref: 'KEP-693', source: `${KF} (v1.27.15)`, touches: [] },
  ),
  gate(
    '1.29',
    { name: 'TopologyManager', stage: 'GA', default: true, removed: true },
    {
      what: 'TopologyManager gate removed',
      ref: 'KEP-693',
      source: `${KF} (v1.29.6: not declared; v1.28.11 says "remove in 1.29")`,
      touches: [],
    },
  ),
  gate(
    '1.18',
    { name: 'CustomCPUCFSQuotaPeriod', stage: 'alpha', default: false },
    { what: 'cpuCFSQuotaPeriod (alpha, off)', ref: 'PR #63437', source: `${KF} (v1.18.6)` },
  ),
  gate(
    '1.36',
    { name: 'CustomCPUCFSQuotaPeriod', stage: 'GA', default: true },
    {
      what: 'cpuCFSQuotaPeriod GA, on (CustomCPUCFSQuotaPeriod)',
      ref: 'PR #136339',
      source: `${KF} (v1.36.3; the same, not yet locked, at 1.37's 45b76a34)`,
    },
  ),
  // Service account tokens: a Secret volume until the projected kube-api-access volume.
  gate(
    '1.18',
    { name: 'BoundServiceAccountTokenVolume', stage: 'alpha', default: false },
    {
      what: 'Service account token from its Secret (default-token-xxxxx)',
      ref: 'KEP-1205',
      source: `${KF} (v1.18.6)`,
      touches: ['serviceAccountToken'],
    },
  ),
  gate(
    '1.21',
    { name: 'BoundServiceAccountTokenVolume', stage: 'beta', default: true },
    {
      what: 'Service account token as the projected kube-api-access-xxxxx volume',
      ref: 'KEP-1205',
      source: `${KF} (v1.21.1)`,
      touches: ['serviceAccountToken'],
    },
  ),
  gate(
    '1.22',
    { name: 'BoundServiceAccountTokenVolume', stage: 'GA', default: true, locked: true },
    {
      what: 'Bound service account token volume GA',
      ref: 'KEP-1205',
      source: `${KF} (v1.22.17)`,
      touches: [],
    },
  ),
  gate(
    '1.23',
    { name: 'BoundServiceAccountTokenVolume', stage: 'GA', default: true, removed: true },
    {
      what: 'BoundServiceAccountTokenVolume gate removed',
      ref: 'KEP-1205',
      source: `${KF} (v1.23.17)`,
      touches: [],
    },
  ),
  // CPU manager policy options (cpuManagerPolicyOptions) and their per-maturity gates.
  gate(
    '1.22',
    { name: 'CPUManagerPolicyOptions', stage: 'alpha', default: false },
    {
      what: 'cpuManagerPolicyOptions (alpha, off: needs the gate)',
      ref: 'KEP-2625',
      source: `${KF} (v1.22.17)`,
      touches: ['cpuManagerPolicyOptions'],
    },
  ),
  gate(
    '1.23',
    { name: 'CPUManagerPolicyOptions', stage: 'beta', default: true },
    {
      what: 'cpuManagerPolicyOptions beta, on',
      ref: 'KEP-2625',
      source: `${KF} (v1.23.17)`,
      touches: ['cpuManagerPolicyOptions'],
    },
  ),
  gate(
    '1.33',
    { name: 'CPUManagerPolicyOptions', stage: 'GA', default: true, locked: true },
    {
      what: 'cpuManagerPolicyOptions GA',
      ref: 'KEP-2625',
      source: `${KF} (v1.33.5)`,
      touches: ['cpuManagerPolicyOptions'],
    },
  ),
  gate(
    '1.23',
    { name: 'CPUManagerPolicyAlphaOptions', stage: 'alpha', default: false },
    {
      what: 'Alpha CPU manager options need CPUManagerPolicyAlphaOptions',
      ref: 'KEP-2625',
      source: `${KF} (v1.23.17)`,
      touches: ['cpuManagerPolicyOptions'],
    },
  ),
  gate(
    '1.23',
    { name: 'CPUManagerPolicyBetaOptions', stage: 'beta', default: true },
    {
      what: 'Beta CPU manager options on by default (CPUManagerPolicyBetaOptions)',
      ref: 'KEP-2625',
      source: `${KF} (v1.23.17)`,
      touches: ['cpuManagerPolicyOptions'],
    },
  ),
  gate(
    '1.26',
    { name: 'TopologyManagerPolicyOptions', stage: 'alpha', default: false },
    {
      what: 'topologyManagerPolicyOptions (alpha, off)',
      ref: 'KEP-3545',
      source: `${KF} (v1.26.15)`,
      touches: ['topologyManager'],
    },
  ),
  gate(
    '1.28',
    { name: 'TopologyManagerPolicyOptions', stage: 'beta', default: true },
    {
      what: 'topologyManagerPolicyOptions beta, on',
      ref: 'KEP-3545',
      source: `${KF} (v1.28.11)`,
      touches: ['topologyManager'],
    },
  ),
  gate(
    '1.32',
    { name: 'TopologyManagerPolicyOptions', stage: 'GA', default: true },
    {
      what: 'topologyManagerPolicyOptions GA',
      ref: 'KEP-3545',
      source: `pkg/features/versioned_kube_features.go (v1.32.10)`,
      touches: ['topologyManager'],
    },
  ),
  gate(
    '1.36',
    { name: 'TopologyManagerPolicyOptions', stage: 'GA', default: true, locked: true },
    {
      what: 'TopologyManagerPolicyOptions locked on',
      ref: 'KEP-3545',
      source: `${KF} (v1.36.3, and at 1.37's 45b76a34; v1.33.5-v1.35.3 left it settable)`,
      touches: [],
    },
  ),
  gate(
    '1.26',
    { name: 'TopologyManagerPolicyAlphaOptions', stage: 'alpha', default: false },
    {
      what: 'Alpha topology manager options gate',
      ref: 'KEP-3545',
      source: `${KF} (v1.26.15)`,
      touches: ['topologyManager'],
    },
  ),
  gate(
    '1.26',
    { name: 'TopologyManagerPolicyBetaOptions', stage: 'beta', default: false },
    {
      what: 'Beta topology manager options gate (off)',
      ref: 'KEP-3545',
      source: `${KF} (v1.26.15)`,
      touches: ['topologyManager'],
    },
  ),
  gate(
    '1.28',
    { name: 'TopologyManagerPolicyBetaOptions', stage: 'beta', default: true },
    {
      what: 'Beta topology manager options on by default',
      ref: 'KEP-3545',
      source: `${KF} (v1.28.11)`,
      touches: ['topologyManager'],
    },
  ),
  // Probes and hooks.
  gate(
    '1.23',
    { name: 'GRPCContainerProbe', stage: 'alpha', default: false },
    {
      what: 'gRPC probes (alpha, off)',
      ref: 'KEP-2727',
      source: `${KF} (v1.23.17)`,
      touches: ['grpcProbe'],
    },
  ),
  gate(
    '1.24',
    { name: 'GRPCContainerProbe', stage: 'beta', default: true },
    {
      what: 'gRPC probes beta, on',
      ref: 'KEP-2727',
      source: `${KF} (v1.24.17)`,
      touches: ['grpcProbe'],
    },
  ),
  gate(
    '1.26',
    { name: 'PodDisruptionConditions', stage: 'beta', default: true },
    {
      what: 'Pod disruption conditions beta, on: an evicted pod gets DisruptionTarget',
      ref: 'KEP-3329',
      source: `${KF} (v1.26.1)`,
      touches: ['evictPod'],
    },
  ),
  gate(
    '1.31',
    { name: 'PodDisruptionConditions', stage: 'GA', default: true, locked: true },
    {
      what: 'Pod disruption conditions GA',
      ref: 'KEP-3329',
      source: `${KF} (v1.31.1)`,
      touches: ['evictPod'],
    },
  ),
  gate(
    '1.34',
    { name: 'PodDisruptionConditions', stage: 'GA', default: true, removed: true },
    {
      what: 'PodDisruptionConditions gate removed',
      ref: 'KEP-3329',
      source: `${KF} (v1.34.2)`,
      touches: [],
    },
  ),
  gate(
    '1.27',
    { name: 'GRPCContainerProbe', stage: 'GA', default: true, locked: true },
    { what: 'gRPC probes GA', ref: 'KEP-2727', source: `${KF} (v1.27.15)`, touches: ['grpcProbe'] },
  ),
  gate(
    '1.29',
    { name: 'GRPCContainerProbe', stage: 'GA', default: true, removed: true },
    {
      what: 'GRPCContainerProbe gate removed',
      ref: 'KEP-2727',
      source: `${KF} (v1.29.6)`,
      touches: [],
    },
  ),
  gate(
    '1.29',
    { name: 'PodLifecycleSleepAction', stage: 'alpha', default: false },
    {
      what: 'sleep lifecycle hook (alpha, off)',
      ref: 'KEP-3960',
      source: `${KF} (v1.29.6)`,
      touches: ['sleepHook'],
    },
  ),
  gate(
    '1.30',
    { name: 'PodLifecycleSleepAction', stage: 'beta', default: true },
    {
      what: 'sleep lifecycle hook beta, on',
      ref: 'KEP-3960',
      source: `${KF} (v1.30.7)`,
      touches: ['sleepHook'],
    },
  ),
  gate(
    '1.34',
    { name: 'PodLifecycleSleepAction', stage: 'GA', default: true, locked: true },
    {
      what: 'sleep lifecycle hook GA',
      ref: 'KEP-3960',
      source: `${KF} (v1.34.2)`,
      touches: ['sleepHook'],
    },
  ),
  gate(
    '1.37',
    { name: 'PodLifecycleSleepAction', stage: 'GA', default: true, removed: true },
    {
      what: 'PodLifecycleSleepAction gate removed (the sleep hook always on)',
      ref: 'KEP-3960',
      source: `${KF_1_37}: not declared (v1.36.3: GA, "remove in 1.37")`,
      touches: [],
    },
  ),
  // Native sidecars.
  gate(
    '1.28',
    { name: 'SidecarContainers', stage: 'alpha', default: false },
    {
      what: 'Native sidecars: an init container with restartPolicy: Always (alpha, off)',
      ref: 'KEP-753',
      source: `${KF} (v1.28.11)`,
      touches: ['sidecar'],
    },
  ),
  gate(
    '1.29',
    { name: 'SidecarContainers', stage: 'beta', default: true },
    {
      what: 'Native sidecars beta, on',
      ref: 'KEP-753',
      source: `${KF} (v1.29.6)`,
      touches: ['sidecar'],
    },
  ),
  gate(
    '1.33',
    { name: 'SidecarContainers', stage: 'GA', default: true, locked: true },
    { what: 'Native sidecars GA', ref: 'KEP-753', source: `${KF} (v1.33.5)`, touches: ['sidecar'] },
  ),
  gate(
    '1.37',
    { name: 'SidecarContainers', stage: 'GA', default: true, removed: true },
    {
      what: 'SidecarContainers gate removed (native sidecars always on)',
      ref: 'KEP-753',
      source: `${KF_1_37}: not declared (v1.36.3: GA, "remove in 1.36")`,
      touches: [],
    },
  ),
  // Pod conditions and status fields.
  gate(
    '1.25',
    { name: 'PodHasNetworkCondition', stage: 'alpha', default: false },
    {
      what: 'PodHasNetwork condition (alpha, off)',
      ref: 'KEP-3085',
      source: `${KF} (v1.25.2)`,
      touches: [],
    },
  ),
  gate(
    '1.28',
    { name: 'PodHasNetworkCondition', stage: 'alpha', default: false, removed: true },
    {
      what: 'PodHasNetwork renamed PodReadyToStartContainers',
      ref: 'KEP-3085',
      source: `${KF} (v1.28.11)`,
      touches: [],
    },
  ),
  gate(
    '1.28',
    { name: 'PodReadyToStartContainersCondition', stage: 'alpha', default: false },
    {
      what: 'PodReadyToStartContainers condition (alpha, off)',
      ref: 'KEP-3085',
      source: `${KF} (v1.28.11)`,
      touches: [],
    },
  ),
  gate(
    '1.29',
    { name: 'PodReadyToStartContainersCondition', stage: 'beta', default: true },
    {
      what: 'Pods report the PodReadyToStartContainers condition (beta, on)',
      ref: 'KEP-3085',
      source: `${KF} (v1.29.6)`,
      touches: ['any'],
    },
  ),
  gate(
    '1.37',
    { name: 'PodReadyToStartContainersCondition', stage: 'GA', default: true, locked: true },
    {
      what: 'PodReadyToStartContainers condition GA',
      ref: 'KEP-3085 (PR #140488)',
      source: KF_1_37,
      touches: [],
    },
  ),
  gate(
    '1.30',
    { name: 'RecursiveReadOnlyMounts', stage: 'alpha', default: false },
    {
      what: 'Recursive read-only mounts (alpha, off)',
      ref: 'KEP-3857',
      source: `${KF} (v1.30.7)`,
      touches: [],
    },
  ),
  gate(
    '1.31',
    { name: 'RecursiveReadOnlyMounts', stage: 'beta', default: true },
    {
      what: 'Container statuses list their volumeMounts (RecursiveReadOnlyMounts beta, on)',
      ref: 'KEP-3857',
      source: `${KF} (v1.31.12)`,
      touches: ['any'],
    },
  ),
  gate(
    '1.33',
    { name: 'RecursiveReadOnlyMounts', stage: 'GA', default: true, locked: true },
    {
      what: 'Recursive read-only mounts GA',
      ref: 'KEP-3857',
      source: `${KF} (v1.33.5)`,
      touches: [],
    },
  ),
  gate(
    '1.33',
    { name: 'PodObservedGenerationTracking', stage: 'alpha', default: false },
    {
      what: 'status.observedGeneration (alpha, off)',
      ref: 'KEP-5067',
      source: `${KF} (v1.33.5)`,
      touches: [],
    },
  ),
  gate(
    '1.34',
    { name: 'PodObservedGenerationTracking', stage: 'beta', default: true },
    {
      what: 'The kubelet writes status.observedGeneration and its conditions’ (beta, on)',
      ref: 'KEP-5067',
      source: `${KF} (v1.34.2)`,
      touches: ['any'],
    },
  ),
  gate(
    '1.35',
    { name: 'PodObservedGenerationTracking', stage: 'GA', default: true, locked: true },
    {
      what: 'status.observedGeneration GA',
      ref: 'KEP-5067',
      source: `${KF} (v1.35.3)`,
      touches: [],
    },
  ),
  gate(
    '1.33',
    { name: 'DisableCPUQuotaWithExclusiveCPUs', stage: 'beta', default: true },
    {
      what: 'No CFS quota for containers with exclusive CPUs (DisableCPUQuotaWithExclusiveCPUs beta, on)',
      ref: 'pkg/kubelet/kuberuntime/kuberuntime_container_linux.go',
      source: `${KF} (v1.33.5); kuberuntime/kuberuntime_container_linux.go`,
      touches: ['staticCpuManager'],
    },
  ),
  gate(
    '1.36',
    { name: 'DisableCPUQuotaWithExclusiveCPUs', stage: 'deprecated', default: true },
    {
      what: 'DisableCPUQuotaWithExclusiveCPUs deprecated (still on)',
      ref: 'pkg/kubelet/kuberuntime/kuberuntime_container_linux.go',
      source: `${KF} (v1.36.3)`,
      touches: [],
    },
  ),
  gate(
    '1.37',
    { name: 'DisableCPUQuotaWithExclusiveCPUs', stage: 'deprecated', default: true, locked: true },
    {
      what: 'DisableCPUQuotaWithExclusiveCPUs locked on',
      ref: 'pkg/kubelet/kuberuntime/kuberuntime_container_linux.go',
      source: KF_1_37,
      touches: [],
    },
  ),
  // Resources.
  gate(
    '1.21',
    { name: 'MemoryManager', stage: 'alpha', default: false },
    {
      what: 'Memory manager (alpha, off)',
      ref: 'KEP-1769',
      source: `${KF} (v1.21.1)`,
      touches: [],
    },
  ),
  gate(
    '1.22',
    { name: 'MemoryManager', stage: 'beta', default: true },
    { what: 'Memory manager beta, on', ref: 'KEP-1769', source: `${KF} (v1.22.17)`, touches: [] },
  ),
  gate(
    '1.32',
    { name: 'MemoryManager', stage: 'GA', default: true, locked: true },
    {
      what: 'Memory manager GA',
      ref: 'KEP-1769',
      source: 'pkg/features/versioned_kube_features.go (v1.32.10)',
      touches: [],
    },
  ),
  gate(
    '1.36',
    { name: 'MemoryManager', stage: 'GA', default: true, removed: true },
    { what: 'MemoryManager gate removed', ref: 'KEP-1769', source: `${KF} (v1.36.3)`, touches: [] },
  ),
  gate(
    '1.32',
    { name: 'PodLevelResources', stage: 'alpha', default: false },
    {
      what: 'Pod-level resources (spec.resources; alpha, off: the API server drops the field)',
      ref: 'KEP-2837',
      source:
        'pkg/features/versioned_kube_features.go (v1.32.10); QoS from spec.resources in pkg/apis/core/v1/helper/qos ComputePodQOS, admission by component-helpers resource PodRequests (v1.32.6)',
      touches: ['podLevelResources'],
    },
  ),
  gate(
    '1.34',
    { name: 'PodLevelResources', stage: 'beta', default: true },
    {
      what: 'Pod-level resources beta, on',
      ref: 'KEP-2837',
      source: `${KF} (v1.34.2)`,
      touches: ['podLevelResources'],
    },
  ),
  gate(
    '1.36',
    { name: 'PodLevelResourceManagers', stage: 'alpha', default: false },
    {
      what: 'PodLevelResourceManagers (alpha, off): the static CPU and memory managers no longer skip a pod with pod-level resources; its containers get exclusive CPUs only when Guaranteed on their own (requests equal limits), and the pod scope allocates the pod one CPU set (modelled: the container scope and the none policy)',
      ref: 'KEP-5526',
      source: `${KF}:760,1776 (v1.36.3; depends on PodLevelResources, :2599); cm/cpumanager/policy_static.go Allocate :585, guaranteedCPUs :743, GetTopologyHints :844, AllocatePod :402; cm/topologymanager/scope_container.go :64, scope_pod.go :56; cm/qos/helpers.go IsContainerEquivalentQOSGuaranteed`,
      touches: ['podLevelResources'],
    },
  ),
  // Beta in 1.37 but off by default: kube_features.go of 1.37's code freeze (45b76a34) still had
  // it on; kubernetes/kubernetes#141209 (merged 2026-08-05, milestone v1.37, release note "The
  // feature gate `PodLevelResourceManagers` is disabled by default") turned it off before the
  // release for three unresolved critical issues (e.g. #140989).
  gate(
    '1.37',
    { name: 'PodLevelResourceManagers', stage: 'beta', default: false },
    {
      what: 'Pod-level resource managers beta, still off by default (turned off before the release)',
      ref: 'KEP-5526, kubernetes/kubernetes#141209',
      source: `${KF_1_37}; kubernetes/kubernetes#141209 (v1.37 milestone)`,
      touches: ['podLevelResources'],
    },
  ),
  gate(
    '1.27',
    { name: 'InPlacePodVerticalScaling', stage: 'alpha', default: false },
    {
      what: 'In-place pod resize (alpha, off)',
      ref: 'KEP-1287',
      source: `${KF} (v1.27.15)`,
      touches: [],
    },
  ),
  gate(
    '1.33',
    { name: 'InPlacePodVerticalScaling', stage: 'beta', default: true },
    {
      what: 'In-place pod resize beta, on',
      ref: 'KEP-1287',
      source: `${KF} (v1.33.5)`,
      touches: [],
    },
  ),
  gate(
    '1.35',
    { name: 'InPlacePodVerticalScaling', stage: 'GA', default: true, locked: true },
    { what: 'In-place pod resize GA', ref: 'KEP-1287', source: `${KF} (v1.35.3)`, touches: [] },
  ),
  gate(
    '1.32',
    { name: 'InPlacePodVerticalScalingExclusiveCPUs', stage: 'alpha', default: false },
    {
      what: 'CPU resize of pods with exclusive CPUs (alpha, off)',
      ref: 'PR #128287',
      source: 'pkg/features/versioned_kube_features.go (v1.32.10)',
      touches: [],
    },
  ),
  // Restarts and images.
  gate(
    '1.32',
    { name: 'KubeletCrashLoopBackOffMax', stage: 'alpha', default: false },
    {
      what: 'crashLoopBackOff.maxContainerRestartPeriod (alpha, off)',
      ref: 'KEP-4603',
      source: 'pkg/features/versioned_kube_features.go (v1.32.10)',
      touches: ['crashLoop'],
    },
  ),
  gate(
    '1.35',
    { name: 'KubeletCrashLoopBackOffMax', stage: 'beta', default: true },
    {
      what: 'crashLoopBackOff.maxContainerRestartPeriod beta, on',
      ref: 'KEP-4603',
      source: `${KF} (v1.35.3)`,
      touches: ['crashLoop'],
    },
  ),
  gate(
    '1.33',
    { name: 'ReduceDefaultCrashLoopBackOffDecay', stage: 'alpha', default: false },
    {
      what: 'CrashLoopBackOff from 1 s to 60 s (alpha, off)',
      ref: 'KEP-4603',
      source: `${KF} (v1.33.5)`,
      touches: ['crashLoop'],
    },
  ),
  gate(
    '1.35',
    { name: 'ChangeContainerStatusOnKubeletRestart', stage: 'deprecated', default: false },
    {
      what: 'A kubelet restart keeps its containers Started and Ready (ChangeContainerStatusOnKubeletRestart deprecated, off)',
      ref: 'KEP-4781',
      source: `${KF}; pkg/kubelet/prober/prober_manager.go isContainerStarted, setReadyStateOnKubeletRestart, kubeletRestartGracePeriod; prober/worker.go doProbe; kubelet_pods.go convertToAPIContainerStatuses (v1.35.3; the gate and these branches absent in v1.34.2)`,
      touches: ['restartKubelet'],
    },
  ),
  gate(
    '1.34',
    { name: 'ContainerRestartRules', stage: 'alpha', default: false },
    {
      what: "Container restart rules: a container's restartPolicy and restartPolicyRules on exit codes, on regular and init containers (a failed init container restarts as its own policy and rules say; alpha, off: the API server drops them)",
      ref: 'KEP-5307',
      source: `${KF}; pkg/kubelet/container/helpers.go ShouldContainerBeRestarted, kubelet_pods.go getPhase, prober/worker.go doProbe, kuberuntime/kuberuntime_manager.go computePodActions, kuberuntime_container.go computeInitContainerActions; pkg/apis/core/validation/validation.go validateContainerRestartPolicy; pkg/api/pod/util.go dropContainerRestartRules, pkg/api/v1/pod/util.go ContainerShouldRestart (v1.34.2)`,
      touches: ['restartRules'],
    },
  ),
  gate(
    '1.35',
    { name: 'ContainerRestartRules', stage: 'beta', default: true },
    {
      what: 'Container restart rules beta, on: a matching rule restarts a container whatever the pod restartPolicy says',
      ref: 'KEP-5307',
      source: `${KF} (v1.35.3)`,
      touches: ['restartRules'],
    },
  ),
  gate(
    '1.35',
    { name: 'RestartAllContainersOnContainerExits', stage: 'alpha', default: false },
    {
      what: 'RestartAllContainers action (alpha, off: the API refuses the action; on, it needs ContainerRestartRules and NodeDeclaredFeatures): an exit matching the rule sets AllContainersRestarting, and SyncPod kills (grace period 0) and removes every container, keeps the sandbox and starts again from the first init container',
      ref: 'KEP-5532',
      source: `${KF} (dependencies: kube_features.go:2409); pkg/apis/core/validation/validation.go validateContainerRestartPolicy, validateInitContainerRestartPolicy; pkg/kubelet/status/generate.go GenerateAllContainersRestartingCondition, GeneratePodInitializedCondition; kubelet.go SyncPod; kuberuntime/kuberuntime_manager.go computePodActions, getContainersToReset, SyncPod; container/helpers.go ShouldAllContainersRestart, AllContainersRestartCleanedUp; kubelet_pods.go getPhase, convertToAPIContainerStatuses; prober/worker.go doProbe (v1.35.3)`,
      touches: ['restartRules'],
    },
  ),
  gate(
    '1.36',
    { name: 'RestartAllContainersOnContainerExits', stage: 'beta', default: true },
    {
      what: 'RestartAllContainers action beta, on (NodeDeclaredFeatures, its dependency, beta and on too)',
      ref: 'KEP-5532',
      source: `${KF} (v1.36.3; dependencies: kube_features.go:2651)`,
      touches: ['restartRules'],
    },
  ),
  gate(
    '1.35',
    { name: 'NodeDeclaredFeatures', stage: 'alpha', default: false },
    {
      what: 'Node declared features (alpha, off)',
      ref: 'KEP-5328',
      source: `${KF} (v1.35.3)`,
      touches: [],
    },
  ),
  gate(
    '1.36',
    { name: 'NodeDeclaredFeatures', stage: 'beta', default: true },
    {
      what: 'Node declared features beta, on',
      ref: 'KEP-5328',
      source: `${KF} (v1.36.3)`,
      touches: [],
    },
  ),
  gate(
    '1.37',
    { name: 'NodeDeclaredFeatures', stage: 'GA', default: true, locked: true },
    {
      what: 'Node declared features GA',
      ref: 'KEP-5328',
      source: KF_1_37,
      touches: [],
    },
  ),
  gate(
    '1.33',
    { name: 'KubeletEnsureSecretPulledImages', stage: 'alpha', default: false },
    {
      what: 'Pull credentials checked for images already present (alpha, off): an IfNotPresent image pulled with other credentials is pulled again (MustAttemptImagePull), per imagePullCredentialsVerificationPolicy',
      ref: 'KEP-2535',
      source: `${KF}; images/image_manager.go EnsureImageExists, images/pullmanager/image_pull_manager.go MustAttemptImagePull, image_pull_policies.go; apis/config/v1beta1/defaults.go (NeverVerifyPreloadedImages) and validation/validation.go (v1.33.5)`,
      touches: ['imagePresent'],
    },
  ),
  gate(
    '1.35',
    { name: 'KubeletEnsureSecretPulledImages', stage: 'beta', default: true },
    {
      what: 'Pull credentials checked for images already present: "… and can be accessed by the pod" (beta, on)',
      ref: 'KEP-2535',
      source: `${KF} (v1.35.3); images/image_manager.go`,
      touches: ['imagePresent'],
    },
  ),
];
