/**
 * klog lines by release: from 1.18.6's printf lines (versions/v1_18/klog.ts), each row gives the
 * forms a release printed from then on (null: not printed; NATIVE: as the current kubelet
 * prints it), read in that release's tree (the call as written: message, keys, verbosity,
 * severity, and the contextual logger's values from 1.35). KLOG_SOURCES gives each line's
 * file:line in each release (upstream KubeEdge copies' lines where the OpenShift fork's
 * differ is not noted: lines are representative of the tree named in MODELLED_PATCH). Generated
 * from a per-release extraction of every klog call of pkg/kubelet, checked by hand where the
 * forms needed more than a key selection (klogForms.ts). 1.37's sources were not on hand: it
 * prints as 1.36 does.
 */
import type { KlogKey } from '../messages';
import type { KubeletMinor } from '../names';
import {
  handleErrorDepth,
  handleErrorStructured,
  NATIVE,
  observedStartup,
  PRINTF_1_19_20,
  S,
  sourcesOf,
} from './klogForms';
import type { ChangelogRow } from './types';
import { TOPOLOGY_PRINTF } from '../v1_18/topologyPrintf';

export const KLOG_ROWS: readonly ChangelogRow[] = [
  {
    release: '1.19',
    what: 'event.go: "Event occurred": logged from now on',
    ref: 'client-go/tools/record/event.go',
    source: 'client-go/tools/record/event.go (v1.19.10)',
    klog: {
      'Event occurred': S({ v: 3, keys: 'object kind apiVersion type reason message' }),
    },
  },
  {
    release: '1.19',
    what: 'kuberuntime_container.go: "Killing container with a grace period": new wording',
    ref: 'pkg/kubelet/kuberuntime/kuberuntime_container.go',
    source: 'pkg/kubelet/kuberuntime/kuberuntime_container.go (v1.19.10)',
    klog: {
      'Killing container with a grace period': PRINTF_1_19_20.killingContainer,
    },
  },
  {
    release: '1.19',
    what: 'kuberuntime_manager.go: "Creating PodSandbox for pod", "Container start failed in pod", "HandleError": new wording',
    ref: 'pkg/kubelet/kuberuntime/kuberuntime_manager.go',
    source: 'pkg/kubelet/kuberuntime/kuberuntime_manager.go (v1.19.10)',
    klog: {
      'Creating PodSandbox for pod': PRINTF_1_19_20.creatingPodSandbox,
      'Container start failed in pod': PRINTF_1_19_20.containerStartFailed,
      HandleError: handleErrorDepth,
    },
  },
  {
    release: '1.20',
    what: 'policy_static.go: "TopologyHints generated", "Regenerating TopologyHints for CPUs already allocated", "Static policy: Allocate" and 2 more lines name the pod by format.Pod (was its name or UID); GetPodTopologyHints prints its own "TopologyHints generated for pod \'%v\' : %v"',
    ref: 'pkg/kubelet/cm/cpumanager/policy_static.go',
    source: 'pkg/kubelet/cm/cpumanager/policy_static.go (v1.20.9; v1.19.10 for the forms before)',
    touches: ['staticCpuManager'],
    klog: {
      'TopologyHints generated': TOPOLOGY_PRINTF['TopologyHints generated'],
      'Regenerating TopologyHints for CPUs already allocated':
        TOPOLOGY_PRINTF['Regenerating TopologyHints for CPUs already allocated'],
      'Static policy: Allocate': TOPOLOGY_PRINTF['Static policy: Allocate'],
      'Static policy: container already present in state, skipping':
        TOPOLOGY_PRINTF['Static policy: container already present in state, skipping'],
      'Topology Affinity': TOPOLOGY_PRINTF['Topology Affinity'],
    },
  },
  {
    release: '1.20',
    what: 'scope_container.go: "Best TopologyHint for (pod: %v container: %v): %v" logged from now on; "TopologyHints", "ContainerTopologyHint" and "Topology Affinity for" move from topology_manager.go and name the pod by format.Pod',
    ref: 'pkg/kubelet/cm/topologymanager/scope_container.go',
    source:
      'pkg/kubelet/cm/topologymanager/scope_container.go (v1.20.9; topology_manager.go v1.19.10 before)',
    touches: ['topologyManager'],
    klog: {
      TopologyHints: TOPOLOGY_PRINTF.TopologyHints,
      ContainerTopologyHint: TOPOLOGY_PRINTF.ContainerTopologyHint,
      'Best TopologyHint': TOPOLOGY_PRINTF['Best TopologyHint'],
      'Topology Affinity (container scope)': TOPOLOGY_PRINTF['Topology Affinity (container scope)'],
    },
  },
  {
    release: '1.20',
    what: 'scope_pod.go: the pod scope\'s "TopologyHints for pod", "PodTopologyHint", "Best TopologyHint for (pod: %v)" and "Topology Affinity for" lines: logged from now on',
    ref: 'pkg/kubelet/cm/topologymanager/scope_pod.go',
    source: 'pkg/kubelet/cm/topologymanager/scope_pod.go (v1.20.9)',
    touches: ['topologyManager'],
    klog: {
      'TopologyHints (pod scope)': TOPOLOGY_PRINTF['TopologyHints (pod scope)'],
      PodTopologyHint: TOPOLOGY_PRINTF.PodTopologyHint,
      'Best TopologyHint (pod scope)': TOPOLOGY_PRINTF['Best TopologyHint (pod scope)'],
      'Topology Affinity (pod scope)': TOPOLOGY_PRINTF['Topology Affinity (pod scope)'],
    },
  },
  {
    release: '1.21',
    what: 'server.go: "command failed": structured (was printf)',
    ref: 'KEP-1602',
    source: 'cmd/kubelet/app/server.go (v1.21.1)',
    klog: {
      'command failed': S({ v: 0, severity: 'E', msg: 'Failed to run kubelet', keys: 'err' }),
    },
  },
  {
    release: '1.21',
    what: 'cpu_manager.go: "Could not initialize checkpoint manager, please drain node and remove policy state file", "Policy start error", "RemoveStaleState: removing container": structured (was printf)',
    ref: 'KEP-1602',
    source: 'pkg/kubelet/cm/cpumanager/cpu_manager.go (v1.21.1)',
    klog: {
      'Could not initialize checkpoint manager, please drain node and remove policy state file':
        NATIVE,
      'Policy start error': NATIVE,
      'RemoveStaleState: removing container': S({
        v: 0,
        severity: 'E',
        msg: 'RemoveStaleState: removing container',
        keys: 'podUID containerName',
      }),
    },
  },
  {
    release: '1.21',
    what: 'policy_static.go: "Static policy invalid state, please drain node and remove policy state file", "TopologyHints generated", "Regenerating TopologyHints for CPUs already allocated" and 5 more lines: structured (was printf)',
    ref: 'KEP-1602',
    source: 'pkg/kubelet/cm/cpumanager/policy_static.go (v1.21.1)',
    klog: {
      'Static policy invalid state, please drain node and remove policy state file': S({
        v: 0,
        severity: 'E',
        msg: 'Static policy invalid state, please drain node and remove policy state file',
        keys: 'err',
      }),
      'TopologyHints generated': S({ v: 0, keys: 'pod containerName cpuHints' }),
      'Regenerating TopologyHints for CPUs already allocated': S({
        v: 0,
        keys: 'pod containerName',
      }),
      'Static policy: Allocate': S({ v: 0, keys: 'pod containerName' }),
      'Static policy: container already present in state, skipping': S({
        v: 0,
        keys: 'pod containerName',
      }),
      'Topology Affinity': S({ v: 0, keys: 'pod containerName affinity' }),
      AllocateCPUs: NATIVE,
      // "AllocateCPUs" result=… replaced "allocateCPUs: returning": not modelled.
      'allocateCPUs: returning': null,
      'Static policy: RemoveContainer': S({
        v: 0,
        msg: 'Static policy: RemoveContainer',
        keys: 'podUID containerName',
      }),
    },
  },
  {
    release: '1.21',
    what: 'state_mem.go: "Updated default CPUSet", "Updated desired CPUSet", "Deleted CPUSet assignment": structured (was printf)',
    ref: 'KEP-1602',
    source: 'pkg/kubelet/cm/cpumanager/state/state_mem.go (v1.21.1)',
    klog: {
      'Updated default CPUSet': S({ v: 0, keys: 'cpuSet' }),
      'Updated desired CPUSet': S({ v: 0, keys: 'podUID containerName cpuSet' }),
      'Deleted CPUSet assignment': S({ v: 2, keys: 'podUID containerName' }),
    },
  },
  {
    release: '1.21',
    what: 'qos_container_manager_linux.go: "Updated QoS cgroup configuration": structured (was printf)',
    ref: 'KEP-1602',
    source: 'pkg/kubelet/cm/qos_container_manager_linux.go (v1.21.1)',
    klog: {
      'Updated QoS cgroup configuration': NATIVE,
    },
  },
  {
    release: '1.21',
    what: 'scope.go: "RemoveContainer": structured (was printf)',
    ref: 'KEP-1602',
    source: 'pkg/kubelet/cm/topologymanager/scope.go (v1.21.1)',
    klog: {
      RemoveContainer: NATIVE,
    },
  },
  {
    release: '1.21',
    what: 'scope_container.go: "Best TopologyHint", "Topology Affinity (container scope)": structured (was printf)',
    ref: 'KEP-1602',
    source: 'pkg/kubelet/cm/topologymanager/scope_container.go (v1.21.1)',
    klog: {
      'Best TopologyHint': NATIVE,
      'Topology Affinity (container scope)': NATIVE,
    },
  },
  {
    release: '1.21',
    what: 'scope_pod.go: "Best TopologyHint (pod scope)", "Topology Affinity (pod scope)": structured (was printf)',
    ref: 'KEP-1602',
    source: 'pkg/kubelet/cm/topologymanager/scope_pod.go (v1.21.1)',
    klog: {
      'Best TopologyHint (pod scope)': NATIVE,
      'Topology Affinity (pod scope)': NATIVE,
    },
  },
  {
    release: '1.21',
    what: 'topology_manager.go: "Topology manager admission check": "Topology Admit Handler" (structured, no values; was "[topologymanager] Topology Admit Handler")',
    ref: 'KEP-1602',
    source: 'pkg/kubelet/cm/topologymanager/topology_manager.go (v1.21.1)',
    klog: {
      'Topology manager admission check': S({
        v: 0,
        msg: 'Topology Admit Handler',
        keys: '',
        source: 'topology_manager.go:187',
      }),
    },
  },
  {
    release: '1.21',
    what: 'kubelet.go: "Starting kubelet main sync loop" message "Starting kubelet main sync loop" (was "Starting kubelet main sync loop."); "SyncLoop ADD" structured (was printf); "SyncLoop UPDATE" structured (was printf); "SyncLoop REMOVE" structured (was printf); and 8 more lines',
    ref: 'KEP-1602',
    source: 'pkg/kubelet/kubelet.go (v1.21.1)',
    klog: {
      'Starting kubelet main sync loop': NATIVE,
      'SyncLoop ADD': S({ v: 2, keys: 'source pods=fpods' }),
      'SyncLoop UPDATE': S({ v: 2, keys: 'source pods=fpods' }),
      'SyncLoop REMOVE': S({ v: 2, keys: 'source pods=fpods' }),
      'SyncLoop RECONCILE': S({ v: 4, keys: 'source pods=fpods' }),
      'SyncLoop DELETE': S({ v: 2, keys: 'source pods=fpods' }),
      'SyncLoop (PLEG): event for pod': S({ v: 2, keys: 'pod event=plegPlusV' }),
      'SyncLoop (PLEG): pod does not exist, ignore irrelevant event': NATIVE,
      'SyncLoop (SYNC) pods': S({ v: 4, keys: 'total pods=fpods' }),
      'SyncLoop (probe)': NATIVE,
      'SyncLoop (housekeeping)': NATIVE,
      'Failed to start ContainerManager': NATIVE,
    },
  },
  {
    release: '1.21',
    what: 'kubelet_pods.go: "Generating pod status", "Creating hosts mount for container": structured (was printf)',
    ref: 'KEP-1602',
    source: 'pkg/kubelet/kubelet_pods.go (v1.21.1)',
    klog: {
      'Generating pod status': S({ v: 3, keys: 'pod' }),
      'Creating hosts mount for container': NATIVE,
    },
  },
  {
    release: '1.21',
    what: 'kuberuntime_container.go: "Killing container with a grace period", "Container exited normally", "Running preStop hook" and 4 more lines: structured (was printf)',
    ref: 'KEP-1602',
    source: 'pkg/kubelet/kuberuntime/kuberuntime_container.go (v1.21.1)',
    klog: {
      'Killing container with a grace period': S({
        v: 2,
        msg: 'Killing container with a grace period override',
        keys: 'pod podUID containerName containerID gracePeriod',
      }),
      'Container exited normally': NATIVE,
      'Running preStop hook': NATIVE,
      'PreStop hook completed': NATIVE,
      'PreStop hook not completed in grace period': NATIVE,
      'Removing init container': NATIVE,
      'Removing container': NATIVE,
    },
  },
  {
    release: '1.21',
    what: 'kuberuntime_manager.go: "No sandbox for pod can be found. Need to start a new one", "No ready sandbox for pod can be found. Need to start a new one", "computePodActions got for pod" and 16 more lines: structured (was printf)',
    ref: 'KEP-1602',
    source: 'pkg/kubelet/kuberuntime/kuberuntime_manager.go (v1.21.1)',
    klog: {
      'No sandbox for pod can be found. Need to start a new one': NATIVE,
      'No ready sandbox for pod can be found. Need to start a new one': NATIVE,
      'computePodActions got for pod': S({ v: 3, keys: 'podActions=podActionsPlusV pod' }),
      'SyncPod received new pod, will create a sandbox for it': NATIVE,
      'Stopping PodSandbox for pod, will start new one': NATIVE,
      'Stopping PodSandbox for pod, because all other containers are dead': NATIVE,
      'Killing unwanted container for pod': NATIVE,
      'Creating PodSandbox for pod': NATIVE,
      'CreatePodSandbox for pod failed': NATIVE,
      'Created PodSandbox for pod': NATIVE,
      'Determined the ip for pod after sandbox changed': NATIVE,
      'Container of pod is not in the desired state and shall be started': NATIVE,
      'Message for Container of pod': NATIVE,
      'Checking backoff for container in pod': NATIVE,
      'Back-off restarting failed container': NATIVE,
      'Backing Off restarting container in pod': S({
        v: 4,
        keys: 'containerType container=cdump pod',
      }),
      'Creating container in pod': S({ v: 4, keys: 'containerType container=cdump pod' }),
      'Container start failed in pod': S({
        v: 3,
        keys: 'containerType container=cdump pod containerMessage err',
      }),
      'Completed init container for pod': NATIVE,
    },
  },
  {
    release: '1.21',
    what: 'kuberuntime_sandbox.go: "Failed to create sandbox for pod": structured (was printf)',
    ref: 'KEP-1602',
    source: 'pkg/kubelet/kuberuntime/kuberuntime_sandbox.go (v1.21.1)',
    klog: {
      'Failed to create sandbox for pod': NATIVE,
    },
  },
  {
    release: '1.21',
    what: 'handlers.go: "Exec lifecycle hook for Container in Pod failed": structured (was printf)',
    ref: 'KEP-1602',
    source: 'pkg/kubelet/lifecycle/handlers.go (v1.21.1)',
    klog: {
      'Exec lifecycle hook for Container in Pod failed': S({
        v: 1,
        severity: 'E',
        keys: 'err execCommand containerName pod message',
      }),
    },
  },
  {
    release: '1.21',
    what: 'predicate.go: "Predicate failed on Pod" structured (was printf); "Pod admission denied" the predicate failure is its own structured line ("Predicate failed on Pod")',
    ref: 'KEP-1602',
    source: 'pkg/kubelet/lifecycle/predicate.go (v1.21.1)',
    klog: {
      'Predicate failed on Pod': S({ v: 2, keys: 'pod=fpod err' }),
      'Pod admission denied': null,
    },
  },
  {
    release: '1.21',
    what: 'generic.go: "GenericPLEG": structured (was printf)',
    ref: 'KEP-1602',
    source: 'pkg/kubelet/pleg/generic.go (v1.21.1)',
    klog: {
      GenericPLEG: NATIVE,
    },
  },
  {
    release: '1.21',
    what: 'pod_container_deletor.go: "Container not found in pod\'s containers": structured (was printf)',
    ref: 'KEP-1602',
    source: 'pkg/kubelet/pod_container_deletor.go (v1.21.1)',
    klog: {
      "Container not found in pod's containers": NATIVE,
    },
  },
  {
    release: '1.21',
    what: 'pod_workers.go: "Error syncing pod, skipping": structured (was printf)',
    ref: 'KEP-1602',
    source: 'pkg/kubelet/pod_workers.go (v1.21.1)',
    klog: {
      'Error syncing pod, skipping': S({ v: 0, severity: 'E', keys: 'err pod podUID' }),
    },
  },
  {
    release: '1.21',
    what: 'prober.go: "Probe failed", "Probe succeeded": structured (was printf)',
    ref: 'KEP-1602',
    source: 'pkg/kubelet/prober/prober.go (v1.21.1)',
    klog: {
      'Probe failed': NATIVE,
      'Probe succeeded': NATIVE,
    },
  },
  {
    release: '1.21',
    what: 'status_manager.go: "Patch status for pod", "Ignoring same status for pod", "Status for pod updated successfully": structured (was printf)',
    ref: 'KEP-1602',
    source: 'pkg/kubelet/status/status_manager.go (v1.21.1)',
    klog: {
      'Patch status for pod': S({ v: 3, keys: 'pod patchBytes=bytes' }),
      'Ignoring same status for pod': S({ v: 5, keys: 'pod status' }),
      'Status for pod updated successfully': S({ v: 3, keys: 'pod statusVersion status' }),
    },
  },
  {
    release: '1.21',
    what: 'reconciler.go: "operationExecutor.VerifyControllerAttachedVolume started", "Starting operationExecutor.MountVolume", "operationExecutor.MountVolume started": structured (was printf)',
    ref: 'KEP-1602',
    source: 'pkg/kubelet/volumemanager/reconciler/reconciler.go (v1.21.1)',
    klog: {
      'operationExecutor.VerifyControllerAttachedVolume started': S({ v: 0, keys: '' }),
      'Starting operationExecutor.MountVolume': S({ v: 4, keys: '' }),
      'operationExecutor.MountVolume started': S({ v: 1, keys: '' }),
    },
  },
  {
    release: '1.21',
    what: 'volume_manager.go: "Waiting for volumes to attach and mount for pod", "All volumes are attached and mounted for pod": structured (was printf)',
    ref: 'KEP-1602',
    source: 'pkg/kubelet/volumemanager/volume_manager.go (v1.21.1)',
    klog: {
      'Waiting for volumes to attach and mount for pod': NATIVE,
      'All volumes are attached and mounted for pod': NATIVE,
    },
  },
  {
    release: '1.22',
    what: 'cpu_manager.go: "RemoveStaleState: containerMap: removing container": removeStaleState walks the containerMap too, logging its stale entries as "RemoveStaleState: removing container" (ErrorS)',
    ref: 'pkg/kubelet/cm/cpumanager/cpu_manager.go',
    source: 'pkg/kubelet/cm/cpumanager/cpu_manager.go (v1.22.17)',
    klog: {
      'RemoveStaleState: containerMap: removing container': S({
        v: 0,
        severity: 'E',
        msg: 'RemoveStaleState: removing container',
        keys: 'podUID containerName',
      }),
    },
  },
  {
    release: '1.22',
    what: 'kubelet.go: "SyncLoop (housekeeping) end" logged from now on; "Pod has been deleted and must be killed" logged from now on; "Pod terminating with grace period" logged from now on; "Post-termination container state" logged from now on; and 10 more lines',
    ref: 'pkg/kubelet/kubelet.go',
    source: 'pkg/kubelet/kubelet.go (v1.22.17)',
    klog: {
      'SyncLoop (housekeeping) end': S({ v: 4, keys: '' }),
      'Pod has been deleted and must be killed': NATIVE,
      'Pod terminating with grace period': NATIVE,
      'Post-termination container state': S({ v: 0, keys: 'pod podUID containers=joined' }),
      'Pod termination stopped all running containers': NATIVE,
      'Pod termination unmounted volumes': NATIVE,
      'Pod termination removed cgroups': NATIVE,
      'Pod is terminated and will need no more status updates': NATIVE,
      'SyncPod enter': S({ v: 4, msg: 'syncPod enter', keys: 'pod podUID' }),
      'SyncPod exit': S({ v: 4, msg: 'syncPod exit', keys: 'pod podUID isTerminal' }),
      'SyncTerminatingPod enter': S({ v: 4, msg: 'syncTerminatingPod enter', keys: 'pod podUID' }),
      'SyncTerminatingPod exit': S({ v: 4, msg: 'syncTerminatingPod exit', keys: 'pod podUID' }),
      'SyncTerminatedPod enter': S({ v: 4, msg: 'syncTerminatedPod enter', keys: 'pod podUID' }),
      'SyncTerminatedPod exit': S({ v: 4, msg: 'syncTerminatedPod exit', keys: 'pod podUID' }),
    },
  },
  {
    release: '1.22',
    what: 'kubelet_pods.go: "Clean up pod workers for terminated pods", "Clean up probes for terminated pods", "Clean up orphaned pod statuses" and 4 more lines: logged from now on',
    ref: 'pkg/kubelet/kubelet_pods.go',
    source: 'pkg/kubelet/kubelet_pods.go (v1.22.17)',
    klog: {
      'Clean up pod workers for terminated pods': NATIVE,
      'Clean up probes for terminated pods': NATIVE,
      'Clean up orphaned pod statuses': NATIVE,
      'Clean up orphaned pod directories': NATIVE,
      'Clean up orphaned pod cgroups': NATIVE,
      'Got phase for pod': NATIVE,
      'Status manager phase was terminal, updating phase to match': NATIVE,
    },
  },
  {
    release: '1.22',
    what: 'kuberuntime_container.go: "Failed to execute PostStartHook" logged from now on; "Killing container with a grace period" message "Killing container with a grace period" (was "Killing container with a grace period override")',
    ref: 'pkg/kubelet/kuberuntime/kuberuntime_container.go',
    source: 'pkg/kubelet/kuberuntime/kuberuntime_container.go (v1.22.17)',
    klog: {
      'Failed to execute PostStartHook': NATIVE,
      'Killing container with a grace period': NATIVE,
    },
  },
  {
    release: '1.22',
    what: 'predicate.go: "Predicate failed on Pod": other values for pod',
    ref: 'pkg/kubelet/lifecycle/predicate.go',
    source: 'pkg/kubelet/lifecycle/predicate.go (v1.22.17)',
    klog: {
      'Predicate failed on Pod': NATIVE,
    },
  },
  {
    release: '1.22',
    what: 'generic.go: "Generic (PLEG): container finished": logged from now on',
    ref: 'pkg/kubelet/pleg/generic.go',
    source: 'pkg/kubelet/pleg/generic.go (v1.22.17)',
    klog: {
      'Generic (PLEG): container finished': NATIVE,
    },
  },
  {
    release: '1.22',
    what: 'pod_workers.go: "Pod is being synced for the first time" logged from now on; "Pod is marked for graceful deletion, begin teardown" logged from now on; "Pod is being removed by the kubelet, begin teardown" logged from now on; "Pod is finished processing, no further updates" logged from now on; and 9 more lines',
    ref: 'pkg/kubelet/pod_workers.go',
    source: 'pkg/kubelet/pod_workers.go (v1.22.17)',
    klog: {
      'Pod is being synced for the first time': S({ v: 4, keys: 'pod podUID' }),
      'Pod is marked for graceful deletion, begin teardown': S({ v: 4, keys: 'pod podUID' }),
      'Pod is being removed by the kubelet, begin teardown': S({ v: 4, keys: 'pod podUID' }),
      'Pod is being evicted by the kubelet, begin teardown': S({ v: 4, keys: 'pod podUID' }),
      'Pod is finished processing, no further updates': S({ v: 4, keys: 'pod podUID' }),
      'Processing pod event': S({ v: 4, keys: 'pod podUID updateType' }),
      'Processing pod event done': S({ v: 4, keys: 'pod podUID updateType' }),
      'Error syncing pod, skipping': S({ v: 0, severity: 'E', keys: 'err pod podUID' }),
      'Pod worker has observed request to terminate': S({ v: 4, keys: 'pod=kobjByUid podUID' }),
      'Pod terminated all containers successfully': S({ v: 4, keys: 'pod=kobjByUid podUID' }),
      'Pod is complete and the worker can now stop': S({ v: 4, keys: 'pod=kobjByUid podUID' }),
      'Pod is terminal': S({ v: 4, keys: 'pod podUID updateType' }),
      'Pod indicated lifecycle completed naturally and should now terminate': S({
        v: 4,
        keys: 'pod=kobjByUid podUID',
      }),
      'Cancelling current pod sync': S({ v: 3, keys: 'pod podUID updateType=workType' }),
    },
  },
  {
    release: '1.22',
    what: 'status_manager.go: "Patch status for pod" adds patch; drops patchBytes; "Ignoring same status for pod" V(3) (was V(5)); "Status for pod updated successfully" other values for status',
    ref: 'pkg/kubelet/status/status_manager.go',
    source: 'pkg/kubelet/status/status_manager.go (v1.22.17)',
    klog: {
      'Patch status for pod': S({ v: 3, keys: 'pod patch' }),
      'Ignoring same status for pod': NATIVE,
      'Status for pod updated successfully': NATIVE,
    },
  },
  {
    release: '1.23',
    what: 'kubelet.go: "SyncLoop ADD", "SyncLoop UPDATE", "SyncLoop REMOVE" and 3 more lines: other values for pods',
    ref: 'pkg/kubelet/kubelet.go',
    source: 'pkg/kubelet/kubelet.go (v1.23.1)',
    klog: {
      'SyncLoop ADD': S({ v: 2, keys: 'source pods=kobjs' }),
      'SyncLoop UPDATE': S({ v: 2, keys: 'source pods=kobjs' }),
      'SyncLoop REMOVE': S({ v: 2, keys: 'source pods=kobjs' }),
      'SyncLoop RECONCILE': S({ v: 4, keys: 'source pods=kobjs' }),
      'SyncLoop DELETE': S({ v: 2, keys: 'source pods=kobjs' }),
      'SyncLoop (SYNC) pods': S({ v: 4, keys: 'total pods=kobjs' }),
    },
  },
  {
    release: '1.23',
    what: 'kubelet_pods.go: "Clean up probes for terminated pods" message "Clean up probes for terminating and terminated pods" (was "Clean up probes for terminated pods"); "Clean up orphaned mirror pods" logged from now on',
    ref: 'pkg/kubelet/kubelet_pods.go',
    source: 'pkg/kubelet/kubelet_pods.go (v1.23.1)',
    klog: {
      'Clean up probes for terminated pods': S({
        v: 3,
        msg: 'Clean up probes for terminating and terminated pods',
        keys: '',
      }),
      'Clean up orphaned mirror pods': NATIVE,
    },
  },
  {
    release: '1.23',
    what: 'reconciler.go: "operationExecutor.VerifyControllerAttachedVolume started", "Starting operationExecutor.MountVolume", "operationExecutor.MountVolume started": adds pod',
    ref: 'pkg/kubelet/volumemanager/reconciler/reconciler.go',
    source: 'pkg/kubelet/volumemanager/reconciler/reconciler.go (v1.23.1)',
    klog: {
      'operationExecutor.VerifyControllerAttachedVolume started': NATIVE,
      'Starting operationExecutor.MountVolume': NATIVE,
      'operationExecutor.MountVolume started': NATIVE,
    },
  },
  {
    release: '1.23',
    what: 'operation_generator.go: "MountVolume.SetUp succeeded": structured (was printf)',
    ref: 'pkg/volume/util/operationexecutor/operation_generator.go',
    source: 'pkg/volume/util/operationexecutor/operation_generator.go (v1.23.1)',
    klog: {
      'MountVolume.SetUp succeeded': NATIVE,
    },
  },
  {
    release: '1.24',
    what: 'event.go: "Event occurred": adds fieldPath',
    ref: 'client-go/tools/record/event.go',
    source: 'client-go/tools/record/event.go (v1.24.0)',
    klog: {
      'Event occurred': NATIVE,
    },
  },
  {
    release: '1.24',
    what: 'run.go: "command failed": message "command failed" (was "Failed to run kubelet")',
    ref: 'component-base/cli/run.go',
    source: 'component-base/cli/run.go (v1.24.0)',
    klog: {
      'command failed': NATIVE,
    },
  },
  {
    release: '1.24',
    what: 'kubelet.go: "Post-termination container state": V(4) (was V(0))',
    ref: 'pkg/kubelet/kubelet.go',
    source: 'pkg/kubelet/kubelet.go (v1.24.0)',
    klog: {
      'Post-termination container state': NATIVE,
    },
  },
  {
    release: '1.24',
    what: 'kubelet_pods.go: "Clean up probes for terminated pods": message "Clean up probes for terminated pods" (was "Clean up probes for terminating and terminated pods")',
    ref: 'pkg/kubelet/kubelet_pods.go',
    source: 'pkg/kubelet/kubelet_pods.go (v1.24.0)',
    klog: {
      'Clean up probes for terminated pods': NATIVE,
    },
  },
  {
    release: '1.25',
    what: 'kubelet_pods.go: "Clean up orphaned pod user namespace allocations": logged from now on',
    ref: 'pkg/kubelet/kubelet_pods.go',
    source: 'pkg/kubelet/kubelet_pods.go (v1.25.2)',
    klog: {
      'Clean up orphaned pod user namespace allocations': NATIVE,
    },
  },
  {
    release: '1.26',
    what: 'kubelet.go: "SyncLoop ADD", "SyncLoop UPDATE", "SyncLoop REMOVE" and 3 more lines: other values for pods',
    ref: 'pkg/kubelet/kubelet.go',
    source: 'pkg/kubelet/kubelet.go (v1.26.1)',
    klog: {
      'SyncLoop ADD': NATIVE,
      'SyncLoop UPDATE': NATIVE,
      'SyncLoop REMOVE': NATIVE,
      'SyncLoop RECONCILE': NATIVE,
      'SyncLoop DELETE': NATIVE,
      'SyncLoop (SYNC) pods': NATIVE,
    },
  },
  {
    release: '1.26',
    what: 'status_manager.go: "Patch status for pod": adds podUID',
    ref: 'pkg/kubelet/status/status_manager.go',
    source: 'pkg/kubelet/status/status_manager.go (v1.26.1)',
    klog: {
      'Patch status for pod': NATIVE,
    },
  },
  {
    release: '1.26',
    what: 'pod_startup_latency_tracker.go: "Observed pod startup duration": logged from now on',
    ref: 'pkg/kubelet/util/pod_startup_latency_tracker.go',
    source: 'pkg/kubelet/util/pod_startup_latency_tracker.go (v1.26.1)',
    klog: {
      'Observed pod startup duration': observedStartup(26),
    },
  },
  {
    release: '1.27',
    what: 'kubelet.go: "SyncLoop (housekeeping) end" adds duration; "SyncPod enter" logged from now on; "SyncPod exit" logged from now on; "SyncTerminatingPod enter" logged from now on; and 4 more lines',
    ref: 'pkg/kubelet/kubelet.go',
    source: 'pkg/kubelet/kubelet.go (v1.27.1)',
    klog: {
      'SyncLoop (housekeeping) end': NATIVE,
      'SyncPod enter': NATIVE,
      'SyncPod exit': NATIVE,
      'SyncTerminatingPod enter': NATIVE,
      'SyncTerminatingPod exit': NATIVE,
      'SyncTerminatedPod enter': NATIVE,
      'SyncTerminatedPod exit': NATIVE,
      'Pod termination cleaned up volume paths': NATIVE,
    },
  },
  {
    release: '1.27',
    what: 'kubelet_pods.go: "Generating pod status": adds podIsTerminal',
    ref: 'pkg/kubelet/kubelet_pods.go',
    source: 'pkg/kubelet/kubelet_pods.go (v1.27.1)',
    klog: {
      'Generating pod status': NATIVE,
    },
  },
  {
    release: '1.27',
    what: 'pod_workers.go: "Pod is being synced for the first time" adds updateType; "Notifying pod of pending update" logged from now on; "Pod is marked for graceful deletion, begin teardown" adds updateType; "Pod is being removed by the kubelet, begin teardown" adds updateType; and 11 more lines',
    ref: 'pkg/kubelet/pod_workers.go',
    source: 'pkg/kubelet/pod_workers.go (v1.27.1)',
    klog: {
      'Pod is being synced for the first time': NATIVE,
      'Notifying pod of pending update': S({ v: 4, keys: 'pod podUID workType' }),
      'Pod is marked for graceful deletion, begin teardown': NATIVE,
      'Pod is being removed by the kubelet, begin teardown': NATIVE,
      'Pod is being evicted by the kubelet, begin teardown': NATIVE,
      'Pod is finished processing, no further updates': NATIVE,
      'Processing pod event': NATIVE,
      'Processing pod event done': NATIVE,
      'Error syncing pod, skipping': NATIVE,
      'Pod worker has observed request to terminate': NATIVE,
      'Pod terminated all containers successfully': NATIVE,
      'Pod is complete and the worker can now stop': NATIVE,
      'Requeueing pod due to pending update': S({ v: 4, keys: 'podUID' }),
      'Pod is terminal': NATIVE,
      'Pod indicated lifecycle completed naturally and should now terminate': NATIVE,
      'Cancelling current pod sync': S({ v: 3, keys: 'pod podUID workType' }),
    },
  },
  {
    release: '1.22',
    what: 'eviction_manager.go: "Evicting pod" logged from now on; "Eviction manager: pod is evicted successfully" as today (the EvictPod action is modelled from 1.22)',
    ref: 'pkg/kubelet/eviction/eviction_manager.go',
    source: 'pkg/kubelet/eviction/eviction_manager.go (v1.22.17)',
    klog: {
      'Evicting pod': NATIVE,
      'Eviction manager: pod is evicted successfully': NATIVE,
    },
  },
  {
    release: '1.27',
    what: 'status_manager.go: "Marking terminal pod as failed": logged from now on',
    ref: 'pkg/kubelet/status/status_manager.go',
    source: 'pkg/kubelet/status/status_manager.go (v1.27.1)',
    klog: {
      'Marking terminal pod as failed': NATIVE,
    },
  },
  {
    release: '1.27',
    what: 'pod_startup_latency_tracker.go: "Observed pod startup duration": adds podCreationTimestamp; drops pod.CreationTimestamp',
    ref: 'pkg/kubelet/util/pod_startup_latency_tracker.go',
    source: 'pkg/kubelet/util/pod_startup_latency_tracker.go (v1.27.1)',
    klog: {
      'Observed pod startup duration': observedStartup(27),
    },
  },
  {
    release: '1.28',
    what: 'keyvalues.go: "SyncLoop (PLEG): event for pod": klog v2.100 (go.mod of 1.28) prints a value with neither String() nor MarshalLog as JSON (was %+v): the PLEG event as {"ID":…,"Type":…,"Data":…}',
    ref: 'k8s.io/klog/v2 v2.100.1 (go.mod of 1.28.0; 1.27.0 has v2.90.1)',
    source:
      'k8s.io/klog/v2/internal/serialize/keyvalues.go (klog v2.100.1 formatAny: JSON; v2.90.1 AnyToString: %+v)',
    klog: {
      'SyncLoop (PLEG): event for pod': NATIVE,
    },
  },
  {
    release: '1.28',
    what: 'topology_manager.go: "Topology manager admission check": "Topology Admit Handler" names the pod (podUID, podNamespace, podName)',
    ref: 'pkg/kubelet/cm/topologymanager/topology_manager.go',
    source: 'pkg/kubelet/cm/topologymanager/topology_manager.go (v1.28.3)',
    klog: {
      'Topology manager admission check': S({
        v: 0,
        msg: 'Topology Admit Handler',
        keys: 'podUID=podUid podNamespace=podNamespace podName=podName',
        source: 'topology_manager.go:215',
      }),
    },
  },
  {
    release: '1.28',
    what: 'kuberuntime_container.go: "Computing init container action", "Init container has been initialized": logged from now on',
    ref: 'pkg/kubelet/kuberuntime/kuberuntime_container.go',
    source: 'pkg/kubelet/kuberuntime/kuberuntime_container.go (v1.28.3)',
    klog: {
      'Computing init container action': NATIVE,
      'Init container has been initialized': NATIVE,
    },
  },
  {
    release: '1.28',
    what: 'kuberuntime_manager.go: "Failed to initialize the pod, as the init container failed to start, aborting" logged from now on; "Failed to start the restartable init container for the pod, skipping" logged from now on; "computePodActions got for pod" podActions prints through its String() method (was the struct with %+v)',
    ref: 'pkg/kubelet/kuberuntime/kuberuntime_manager.go',
    source: 'pkg/kubelet/kuberuntime/kuberuntime_manager.go (v1.28.3)',
    klog: {
      'Failed to initialize the pod, as the init container failed to start, aborting': NATIVE,
      'Failed to start the restartable init container for the pod, skipping': NATIVE,
      'computePodActions got for pod': S({ v: 3, keys: 'podActions=podActions128 pod' }),
    },
  },
  {
    release: '1.29',
    what: 'pod_startup_latency_tracker.go: "Observed pod startup duration": adds podStartE2EDuration',
    ref: 'pkg/kubelet/util/pod_startup_latency_tracker.go',
    source: 'pkg/kubelet/util/pod_startup_latency_tracker.go (v1.29.1)',
    klog: {
      'Observed pod startup duration': observedStartup(29),
    },
  },
  {
    release: '1.31',
    what: 'topology_manager.go: "Topology manager admission check": the topology manager logs no admission line',
    ref: 'pkg/kubelet/cm/topologymanager/topology_manager.go',
    source: 'pkg/kubelet/cm/topologymanager/topology_manager.go (v1.31.1)',
    klog: {
      'Topology manager admission check': null,
    },
  },
  {
    release: '1.31',
    what: 'kubelet.go: "Pod admission denied": logged from now on',
    ref: 'pkg/kubelet/kubelet.go',
    source: 'pkg/kubelet/kubelet.go (v1.31.1)',
    klog: {
      'Pod admission denied': S({ v: 0, keys: 'podUID pod reason message' }),
    },
  },
  {
    release: '1.31',
    what: 'runtime.go: "HandleError": utilruntime.HandleError logs "Unhandled Error" err=… logger="UnhandledError" (was the error text alone)',
    ref: 'staging/src/k8s.io/apimachinery/pkg/util/runtime/runtime.go',
    source: 'staging/src/k8s.io/apimachinery/pkg/util/runtime/runtime.go (v1.31.1)',
    klog: {
      HandleError: handleErrorStructured,
    },
  },
  {
    release: '1.32',
    what: 'cpu_manager.go: "RemoveStaleState: removing container" V(2) (was V(0)); severity I (was E); "RemoveStaleState: containerMap: removing container" logged from now on',
    ref: 'pkg/kubelet/cm/cpumanager/cpu_manager.go',
    source: 'pkg/kubelet/cm/cpumanager/cpu_manager.go (v1.32.6)',
    klog: {
      'RemoveStaleState: removing container': S({
        v: 2,
        msg: 'RemoveStaleState: removing container',
        keys: 'podUID containerName',
      }),
      'RemoveStaleState: containerMap: removing container': S({
        v: 2,
        msg: 'RemoveStaleState: containerMap: removing container',
        keys: 'podUID containerName',
      }),
    },
  },
  {
    release: '1.33',
    what: 'container_manager.go: "Container has pinned cpus", "Pod contains no container with pinned cpus": logged from now on',
    ref: 'pkg/kubelet/cm/container_manager.go',
    source: 'pkg/kubelet/cm/container_manager.go (v1.33.5)',
    klog: {
      'Container has pinned cpus': NATIVE,
      'Pod contains no container with pinned cpus': NATIVE,
    },
  },
  {
    release: '1.33',
    what: 'policy_static.go: "Allocated exclusive CPUs": logged from now on',
    ref: 'pkg/kubelet/cm/cpumanager/policy_static.go',
    source: 'pkg/kubelet/cm/cpumanager/policy_static.go (v1.33.5)',
    klog: {
      'Allocated exclusive CPUs': S({ v: 4, keys: 'pod containerName cpuset' }),
    },
  },
  {
    release: '1.33',
    what: 'kubelet.go: canResizePod\'s "Resize is infeasible for Guaranteed Pods alongside CPU Manager static policy" (and Memory Manager): logged from now on (InPlacePodVerticalScaling on)',
    ref: 'KEP-1287',
    source: 'pkg/kubelet/kubelet.go canResizePod (v1.33.5)',
    klog: {
      'Resize is infeasible for Guaranteed Pods alongside CPU Manager policy "static"': S({
        v: 3,
        msg: 'Resize is infeasible for Guaranteed Pods alongside CPU Manager static policy',
        keys: 'pod',
      }),
      'Resize is infeasible for Guaranteed Pods alongside Memory Manager policy "Static"': S({
        v: 3,
        msg: 'Resize is infeasible for Guaranteed Pods alongside Memory Manager static policy',
        keys: 'pod',
      }),
    },
  },
  {
    release: '1.34',
    what: 'allocation_manager.go: "Resize is infeasible for Guaranteed Pods alongside CPU Manager policy "static"" (and Memory Manager policy "Static"): new wording',
    ref: 'KEP-1287',
    source: 'pkg/kubelet/allocation/allocation_manager.go canResizePod (v1.34.2)',
    klog: {
      'Resize is infeasible for Guaranteed Pods alongside CPU Manager policy "static"': NATIVE,
      'Resize is infeasible for Guaranteed Pods alongside Memory Manager policy "Static"': NATIVE,
    },
  },
  {
    release: '1.33',
    what: 'kubelet.go / kuberuntime_manager.go: canResizePod\'s "Node didn\'t have enough capacity: …" and "Resize cannot be accommodated" (V(3)), updatePodContainerResources\' "Updating container resources" (V(5)): logged from now on (InPlacePodVerticalScaling on)',
    ref: 'KEP-1287',
    source:
      'pkg/kubelet/kubelet.go canResizePod:2917, 2929; pkg/kubelet/kuberuntime/kuberuntime_manager.go updatePodContainerResources:849 (v1.33.5)',
    klog: {
      "Node didn't have enough capacity": NATIVE,
      'Resize cannot be accommodated': NATIVE,
      'Updating container resources': NATIVE,
    },
  },
  {
    release: '1.34',
    what: 'allocation_manager.go retryPendingResizes: "Pod resize successfully allocated", "Pod resize is infeasible", "Pod resize is deferred; will reevaluate later" (V(4)): logged from now on',
    ref: 'KEP-1287',
    source: 'pkg/kubelet/allocation/allocation_manager.go retryPendingResizes:312-317 (v1.34.2)',
    klog: {
      'Pod resize successfully allocated': NATIVE,
      'Pod resize is infeasible': NATIVE,
      'Pod resize is deferred; will reevaluate later': NATIVE,
    },
  },
  {
    release: '1.36',
    what: 'allocation_manager.go: "Node didn\'t have enough capacity: …" and "Resize cannot be accommodated" no longer logged (a resize goes through the admit handlers)',
    ref: 'KEP-1287',
    source:
      'pkg/kubelet/allocation/allocation_manager.go handlePodResourcesResize, handlers.go (v1.36.3; allocation_manager.go:723, 730 in v1.35.3)',
    klog: {
      "Node didn't have enough capacity": null,
      'Resize cannot be accommodated': null,
    },
  },
  {
    release: '1.33',
    what: 'pod_container_manager_linux.go: "Disabled CFS quota": logged from now on',
    ref: 'pkg/kubelet/cm/pod_container_manager_linux.go',
    source: 'pkg/kubelet/cm/pod_container_manager_linux.go (v1.33.5)',
    klog: {
      'Disabled CFS quota': NATIVE,
    },
  },
  {
    release: '1.33',
    what: 'topology_manager.go: "Topology manager admission check", "Pod Admit Result": logged from now on',
    ref: 'pkg/kubelet/cm/topologymanager/topology_manager.go',
    source: 'pkg/kubelet/cm/topologymanager/topology_manager.go (v1.33.5)',
    klog: {
      'Topology manager admission check': NATIVE,
      'Pod Admit Result': NATIVE,
    },
  },
  {
    release: '1.33',
    what: 'kuberuntime_container_linux.go: "Enforcing CFS quota": logged from now on',
    ref: 'pkg/kubelet/kuberuntime/kuberuntime_container_linux.go',
    source: 'pkg/kubelet/kuberuntime/kuberuntime_container_linux.go (v1.33.5)',
    klog: {
      'Enforcing CFS quota': NATIVE,
    },
  },
  {
    release: '1.33',
    what: 'pod_workers.go: "Requeueing pod due to pending update": no longer logged',
    ref: 'pkg/kubelet/pod_workers.go',
    source: 'pkg/kubelet/pod_workers.go (v1.33.5)',
    klog: {
      'Requeueing pod due to pending update': null,
    },
  },
  {
    release: '1.34',
    what: 'kuberuntime_manager.go: "Backing Off restarting container in pod" other values for container; "Creating container in pod" other values for container; "Container start failed in pod" other values for container; "HandleError" new wording',
    ref: 'pkg/kubelet/kuberuntime/kuberuntime_manager.go',
    source: 'pkg/kubelet/kuberuntime/kuberuntime_manager.go (v1.34.2)',
    klog: {
      'Backing Off restarting container in pod': NATIVE,
      'Creating container in pod': NATIVE,
      'Container start failed in pod': NATIVE,
      HandleError: NATIVE,
    },
  },
  {
    release: '1.35',
    what: 'cpu_manager.go: "RemoveStaleState: removing container" message "removing container" (was "RemoveStaleState: removing container"); "RemoveStaleState: containerMap: removing container" message "containerMap: removing container" (was "RemoveStaleState: containerMap: removing container")',
    ref: 'pkg/kubelet/cm/cpumanager/cpu_manager.go',
    source: 'pkg/kubelet/cm/cpumanager/cpu_manager.go (v1.35.3)',
    klog: {
      'RemoveStaleState: removing container': NATIVE,
      'RemoveStaleState: containerMap: removing container': NATIVE,
    },
  },
  {
    release: '1.35',
    what: 'policy_static.go: "Static policy invalid state, please drain node and remove policy state file" message "invalid state, please drain node and remove policy state file" (was "Static policy invalid state, please drain node and remove policy state file"); "TopologyHints generated" adds podUID; "Regenerating TopologyHints for CPUs already allocated" adds podUID; "Static policy: Allocate" adds podUID; and 7 more lines',
    ref: 'pkg/kubelet/cm/cpumanager/policy_static.go',
    source: 'pkg/kubelet/cm/cpumanager/policy_static.go (v1.35.3)',
    klog: {
      'Static policy invalid state, please drain node and remove policy state file': NATIVE,
      'TopologyHints generated': NATIVE,
      'Regenerating TopologyHints for CPUs already allocated': NATIVE,
      'Static policy: Allocate': S({ v: 0, keys: 'pod podUID containerName' }),
      'Static policy: container already present in state, skipping': NATIVE,
      'Topology Affinity': NATIVE,
      'Allocated exclusive CPUs': NATIVE,
      'Static policy: RemoveContainer': NATIVE,
      'Static policy: RemoveContainer (deferred)': NATIVE,
      'Allocate start': NATIVE,
      'Allocate end': NATIVE,
    },
  },
  {
    release: '1.35',
    what: 'state_mem.go: "Updated default CPUSet", "Updated desired CPUSet", "Deleted CPUSet assignment": printed through the checkpoint state\'s named logger: logger="CPUManager state checkpoint.CPUManager state memory" (klog.LoggerWithName in NewCheckpointState and NewMemoryState)',
    ref: 'pkg/kubelet/cm/cpumanager/state/state_mem.go',
    source: 'pkg/kubelet/cm/cpumanager/state/state_mem.go (v1.35.3)',
    klog: {
      'Updated default CPUSet': NATIVE,
      'Updated desired CPUSet': NATIVE,
      'Deleted CPUSet assignment': NATIVE,
    },
  },
  {
    release: '1.35',
    what: 'kuberuntime_manager.go: "computePodActions got for pod": podActions.String() adds UpdatePodLevelResources and ContainersToRemove',
    ref: 'pkg/kubelet/kuberuntime/kuberuntime_manager.go',
    source: 'pkg/kubelet/kuberuntime/kuberuntime_manager.go (v1.35.3)',
    klog: {
      'computePodActions got for pod': NATIVE,
    },
  },
  {
    release: '1.35',
    what: 'handlers.go: "Exec lifecycle hook for Container in Pod failed": severity I (was E)',
    ref: 'pkg/kubelet/lifecycle/handlers.go',
    source: 'pkg/kubelet/lifecycle/handlers.go (v1.35.3)',
    klog: {
      'Exec lifecycle hook for Container in Pod failed': NATIVE,
    },
  },
  {
    release: '1.35',
    what: 'kuberuntime_manager.go: "Pod marked for RestartAllContainers", "Removing container before pod restarts", "Killing container before removal": logged from now on (RestartAllContainers); kuberuntime_container.go "Killing container with a grace period override" as the current kubelet prints it (the model reaches it only through RestartAllContainers\' kill)',
    ref: 'KEP-5532',
    source:
      'pkg/kubelet/kuberuntime/kuberuntime_manager.go computePodActions, SyncPod; kuberuntime_container.go killContainer (v1.35.3)',
    klog: {
      'Pod marked for RestartAllContainers': NATIVE,
      'Removing container before pod restarts': NATIVE,
      'Killing container before removal': NATIVE,
      'Killing container with a grace period override': NATIVE,
    },
  },
  {
    release: '1.36',
    what: 'allocation_manager.go: "Pod admission denied": adds operation',
    ref: 'pkg/kubelet/allocation/allocation_manager.go',
    source: 'pkg/kubelet/allocation/allocation_manager.go (v1.36.3)',
    klog: {
      'Pod admission denied': NATIVE,
    },
  },
  {
    release: '1.36',
    what: 'policy_static.go: "Static policy: Allocate": no longer logged',
    ref: 'pkg/kubelet/cm/cpumanager/policy_static.go',
    source: 'pkg/kubelet/cm/cpumanager/policy_static.go (v1.36.3)',
    klog: {
      'Static policy: Allocate': null,
    },
  },
  {
    release: '1.36',
    what: 'pod_workers.go: "Notifying pod of pending update", "Cancelling current pod sync": adds updateType',
    ref: 'pkg/kubelet/pod_workers.go',
    source: 'pkg/kubelet/pod_workers.go (v1.36.3)',
    klog: {
      'Notifying pod of pending update': NATIVE,
      'Cancelling current pod sync': NATIVE,
    },
  },
  {
    release: '1.36',
    what: 'pod_startup_latency_tracker.go: "Observed pod startup duration": adds totalImagesPullingTime, totalInitContainerRuntime, isStatefulPod, imagePullSessionsCount, imagePullSessionsStartsCount; drops firstStartedPulling, lastFinishedPulling',
    ref: 'pkg/kubelet/util/pod_startup_latency_tracker.go',
    source: 'pkg/kubelet/util/pod_startup_latency_tracker.go (v1.36.3)',
    klog: {
      'Observed pod startup duration': NATIVE,
    },
  },
  {
    release: '1.21',
    what: 'topologymanager: "TopologyHints", "ContainerTopologyHint", "PodTopologyHint" and policy.go’s "Hint Provider has no preference …" lines: structured (were printf, with Go %v dumps of the hints)',
    ref: 'KEP-1602',
    source: 'pkg/kubelet/cm/topologymanager/scope_container.go, scope_pod.go, policy.go (v1.21.1)',
    touches: ['topologyManager'],
    klog: {
      TopologyHints: NATIVE,
      'TopologyHints (pod scope)': NATIVE,
      ContainerTopologyHint: S({ v: 0, keys: 'bestHint' }),
      PodTopologyHint: S({ v: 0, keys: 'bestHint' }),
      'Hint Provider has no preference for NUMA affinity with any resource': NATIVE,
      'Hint Provider has no preference for NUMA affinity with resource': NATIVE,
      'Hint Provider has no possible NUMA affinities for resource': NATIVE,
    },
  },
  {
    release: '1.21',
    what: 'devicemanager: its topology hints and allocation lines are structured ("Looking for needed resources" needed, resourceName; hints name the resource as resource=; a failed hint is an error line; 1.18-1.20’s printf forms are not modelled)',
    ref: 'KEP-1602',
    source: 'pkg/kubelet/cm/devicemanager/topology_hints.go, manager.go (v1.21.1)',
    touches: ['devices'],
    klog: {
      'Resource does not have a topology preference': S({ v: 0, keys: 'resource<resourceName' }),
      'Resource does not have a topology preference (pod scope)': S({
        v: 0,
        keys: 'resource<resourceName',
      }),
      'Resource already allocated to pod with different number than request': S({
        v: 0,
        severity: 'E',
        keys: 'resource<resourceName pod containerName request allocated',
      }),
      'Resource already allocated to pod with different number than request (pod scope)': S({
        v: 0,
        severity: 'E',
        keys: 'resource<resourceName pod request allocated',
      }),
      'Regenerating TopologyHints for resource already allocated to pod': S({
        v: 0,
        keys: 'resource<resourceName pod containerName',
      }),
      'Regenerating TopologyHints for resource already allocated to pod (pod scope)': S({
        v: 0,
        keys: 'resource<resourceName pod',
      }),
      'Unable to generate topology hints: requested number of devices unavailable': S({
        v: 0,
        severity: 'E',
        keys: 'resource<resourceName request available',
      }),
      'Unable to generate topology hints: requested number of devices unavailable (pod scope)': S({
        v: 0,
        severity: 'E',
        keys: 'resource<resourceName request available',
      }),
      'Pods to be removed': NATIVE,
      'Found pre-allocated devices for resource on pod': NATIVE,
      'Need devices to allocate for pod': NATIVE,
      'Looking for needed resources': S({ v: 3, keys: 'needed resourceName' }),
      'Making allocation request for device plugin': S({ v: 3, keys: 'devices resourceName' }),
      'Issuing a GetPreferredAllocation call for container': S({
        v: 4,
        keys: 'containerName podUID',
      }),
    },
  },
  {
    release: '1.21',
    what: 'memorymanager (new, KEP-1769): removeStaleState, the static policy’s Allocate, RemoveContainer and hints, state_mem.go’s updates and "Memory affinity" (klog.InfoS: no logger name; "Got topology affinity" names pod, podUID, containerName)',
    ref: 'KEP-1769',
    source:
      'pkg/kubelet/cm/memorymanager/memory_manager.go, policy_static.go, state/state_mem.go (v1.21.1)',
    touches: ['memoryManager'],
    klog: {
      'RemoveStaleState removing state': S({ v: 0, keys: 'podUID containerName' }),
      'Memory manager: RemoveContainer': S({ v: 0, keys: 'podUID containerName' }),
      'Deleted memory assignment': S({ v: 2, keys: 'podUID containerName' }),
      'Updated machine memory state': S({ v: 0, keys: '' }),
      'Updated memory state': S({ v: 0, keys: 'podUID containerName' }),
      'Regenerating TopologyHints, resource was already allocated to pod': S({
        v: 0,
        keys: 'resourceName pod podUID containerName',
      }),
      'Memory manager: Allocate': NATIVE,
      'Container already present in state, skipping': NATIVE,
      'Got topology affinity': S({ v: 0, keys: 'pod podUID=podUid containerName hint' }),
      'Allocate error': S({ v: 0, severity: 'E', keys: 'err' }),
      'Memory affinity': NATIVE,
    },
  },
  {
    release: '1.22',
    what: 'memory_manager.go: removeStaleState also walks the containerMap ("RemoveStaleState removing state")',
    ref: 'pkg/kubelet/cm/memorymanager/memory_manager.go',
    source: 'pkg/kubelet/cm/memorymanager/memory_manager.go removeStaleState (v1.22.17)',
    touches: ['memoryManager'],
    klog: {
      'RemoveStaleState removing state (containerMap)': S({ v: 0, keys: 'podUID containerName' }),
    },
  },
  {
    release: '1.33',
    what: 'topologymanager: "ContainerTopologyHint", "PodTopologyHint" name the pod (and container)',
    ref: 'pkg/kubelet/cm/topologymanager/scope_container.go',
    source: 'pkg/kubelet/cm/topologymanager/scope_container.go, scope_pod.go (v1.33.5)',
    touches: ['topologyManager'],
    klog: { ContainerTopologyHint: NATIVE, PodTopologyHint: NATIVE },
  },
  {
    release: '1.33',
    what: 'devicemanager: its lines name the pod and container and say resourceName (was resource); hint failures are info lines; "Making allocation request for device plugin" at V(4); "No devices needed, nothing to do" and "Checkpoint file written" logged from now on',
    ref: 'pkg/kubelet/cm/devicemanager/manager.go',
    source: 'pkg/kubelet/cm/devicemanager/topology_hints.go, manager.go (v1.33.5)',
    touches: ['devices'],
    klog: {
      'Resource does not have a topology preference': NATIVE,
      'Resource does not have a topology preference (pod scope)': NATIVE,
      'Resource already allocated to pod with different number than request': NATIVE,
      'Resource already allocated to pod with different number than request (pod scope)': NATIVE,
      'Regenerating TopologyHints for resource already allocated to pod': NATIVE,
      'Regenerating TopologyHints for resource already allocated to pod (pod scope)': NATIVE,
      'Unable to generate topology hints: requested number of devices unavailable': NATIVE,
      'Unable to generate topology hints: requested number of devices unavailable (pod scope)':
        NATIVE,
      'No devices needed, nothing to do': NATIVE,
      'Looking for needed resources': NATIVE,
      'Making allocation request for device plugin': NATIVE,
      'Issuing a GetPreferredAllocation call for container': NATIVE,
      'Checkpoint file written': NATIVE,
    },
  },
  {
    release: '1.33',
    what: 'memorymanager: "RemoveStaleState removing state" at V(2); "Allocate error" names the pod and container; "Allocated exclusive memory" (V4) logged from now on',
    ref: 'pkg/kubelet/cm/memorymanager/memory_manager.go',
    source: 'pkg/kubelet/cm/memorymanager/memory_manager.go, policy_static.go (v1.33.5)',
    touches: ['memoryManager'],
    klog: {
      'RemoveStaleState removing state': NATIVE,
      'RemoveStaleState removing state (containerMap)': NATIVE,
      'Allocate error': NATIVE,
      'Allocated exclusive memory': NATIVE,
    },
  },
  {
    release: '1.34',
    what: 'memorymanager: contextual logging: state_mem.go prints logger="Memory Manager state checkpoint"; "RemoveContainer" repeats podUID and containerName (the logger’s values and its own); "Got topology affinity" and the hint regeneration take the pod from the logger (no podUID on the former)',
    ref: 'pkg/kubelet/cm/memorymanager/policy_static.go',
    source:
      'pkg/kubelet/cm/memorymanager/policy_static.go, state/state_mem.go, state/state_checkpoint.go (v1.34.2)',
    touches: ['memoryManager'],
    klog: {
      'Memory manager: RemoveContainer': NATIVE,
      'Deleted memory assignment': NATIVE,
      'Updated machine memory state': NATIVE,
      'Updated memory state': NATIVE,
      'Regenerating TopologyHints, resource was already allocated to pod': NATIVE,
      'Got topology affinity': NATIVE,
    },
  },
  {
    release: '1.34',
    what: 'policy_static.go (CPU and memory managers): a pod with pod-level resources is skipped, with "CPU Manager allocation skipped, pod is using pod-level resources which are not supported by the static CPU manager policy" (V(2)) and the hint calls’ V(3) lines',
    ref: 'KEP-2837',
    source:
      'pkg/kubelet/cm/cpumanager/policy_static.go Allocate, GetTopologyHints, GetPodTopologyHints; pkg/kubelet/cm/memorymanager/policy_static.go Allocate, GetTopologyHints, GetPodTopologyHints (v1.34.2)',
    touches: ['podLevelResources'],
    klog: {
      'CPU Manager allocation skipped (pod-level resources)': S({
        v: 2,
        msg: 'CPU Manager allocation skipped, pod is using pod-level resources which are not supported by the static CPU manager policy',
        keys: 'pod podUID',
      }),
      'CPU Manager hint generation skipped (pod-level resources)': S({
        v: 3,
        msg: 'CPU Manager hint generation skipped, pod is using pod-level resources which are not supported by the static CPU manager policy',
        keys: 'pod podUID',
      }),
      'CPU Manager pod hint generation skipped (pod-level resources)': S({
        v: 3,
        msg: 'CPU Manager pod hint generation skipped, pod is using pod-level resources which are not supported by the static CPU manager policy',
        keys: 'pod podUID',
      }),
      'Allocation skipped, pod is using pod-level resources which are not supported by the static Memory manager policy':
        NATIVE,
      'Memory Manager hint generation skipped (pod-level resources)': S({
        v: 3,
        msg: 'Topology hints generation skipped, pod is using pod-level resources which are not supported by the static Memory manager policy',
        keys: 'pod podUID',
      }),
      'Memory Manager pod hint generation skipped (pod-level resources)': S({
        v: 3,
        msg: 'Topology hints generation skipped, pod is using pod-level resources which are not supported by the static Memory manager policy',
        keys: 'pod podUID',
      }),
    },
  },
  {
    release: '1.35',
    what: 'policy_static.go (CPU manager): the pod-level resources lines through the contextual logger; "CPU Manager allocation skipped, pod is using pod-level resources which are not supported by the static CPU manager policy" at V(0)',
    ref: 'KEP-2837',
    source: 'pkg/kubelet/cm/cpumanager/policy_static.go Allocate, GetTopologyHints (v1.35.3)',
    touches: ['podLevelResources'],
    klog: {
      'CPU Manager allocation skipped (pod-level resources)': S({
        v: 0,
        msg: 'CPU Manager allocation skipped, pod is using pod-level resources which are not supported by the static CPU manager policy',
        keys: 'pod podUID containerName',
      }),
      'CPU Manager hint generation skipped (pod-level resources)': S({
        v: 3,
        msg: 'CPU Manager hint generation skipped, pod is using pod-level resources which are not supported by the static CPU manager policy',
        keys: 'containerName pod podUID',
      }),
    },
  },
  {
    release: '1.36',
    what: 'policy_static.go (CPU and memory managers): a pod with pod-level resources is skipped unless PodLevelResourceManagers (alpha) is on: the lines name the gate',
    ref: 'KEP-2837',
    source:
      'pkg/kubelet/cm/cpumanager/policy_static.go, pkg/kubelet/cm/memorymanager/policy_static.go; PodLevelResourceManagers in pkg/features/kube_features.go (v1.36.3)',
    touches: ['podLevelResources'],
    klog: {
      'CPU Manager allocation skipped (pod-level resources)': NATIVE,
      'CPU Manager hint generation skipped (pod-level resources)': NATIVE,
      'CPU Manager pod hint generation skipped (pod-level resources)': NATIVE,
      'Memory Manager hint generation skipped (pod-level resources)': NATIVE,
      'Memory Manager pod hint generation skipped (pod-level resources)': NATIVE,
    },
  },
];

/** Each line's file:line by release: "<minor>=<file:line>" entries, the file left out when unchanged. */
const SOURCES: Readonly<Partial<Record<KlogKey, string>>> = {
  'Starting kubelet main sync loop':
    '18=kubelet.go:1835 19=1770 20=1828 21=1858 22=1858 23=2039 24=2009 25=2033 26=2133 27=2339 28=2317 29=2343 30=2370 31=2335 32=2397 33=2451 34=2443 35=2516 36=2637',
  'SyncLoop ADD':
    '18=kubelet.go:1888 19=1856 20=1914 21=1944 22=1944 23=2125 24=2095 25=2119 26=2219 27=2425 28=2403 29=2429 30=2456 31=2421 32=2483 33=2537 34=2530 35=2603 36=2724',
  'SyncLoop UPDATE':
    '18=kubelet.go:1894 19=1863 20=1921 21=1951 22=1951 23=2132 24=2102 25=2126 26=2226 27=2432 28=2410 29=2436 30=2463 31=2428 32=2490 33=2544 34=2537 35=2610 36=2731',
  'SyncLoop REMOVE':
    '18=kubelet.go:1897 19=1866 20=1924 21=1954 22=1954 23=2135 24=2105 25=2129 26=2229 27=2435 28=2413 29=2439 30=2466 31=2431 32=2493 33=2547 34=2540 35=2613 36=2734',
  'SyncLoop RECONCILE':
    '18=kubelet.go:1900 19=1869 20=1927 21=1957 22=1957 23=2138 24=2108 25=2132 26=2232 27=2438 28=2416 29=2442 30=2469 31=2434 32=2496 33=2550 34=2543 35=2616 36=2737',
  'SyncLoop DELETE':
    '18=kubelet.go:1903 19=1872 20=1930 21=1960 22=1960 23=2141 24=2111 25=2135 26=2235 27=2441 28=2419 29=2445 30=2472 31=2437 32=2499 33=2553 34=2546 35=2619 36=2740',
  'SyncLoop (PLEG): event for pod':
    '18=kubelet.go:1920 19=1894 20=1952 21=1982 22=1982 23=2163 24=2133 25=2157 26=2251 27=2457 28=2435 29=2461 30=2488 31=2453 32=2515 33=2569 34=2561 35=2634 36=2752',
  'SyncLoop (PLEG): pod does not exist, ignore irrelevant event':
    '18=kubelet.go:1924 19=1898 20=1956 21=1986 22=1986 23=2167 24=2137 25=2161 26=2255 27=2461 28=2439 29=2465 30=2492 31=2457 32=2519 33=2573 34=2565 35=2638 36=2756',
  'SyncLoop (SYNC) pods':
    '18=kubelet.go:1943 19=1913 20=1971 21=2001 22=2001 23=2182 24=2152 25=2176 26=2270 27=2476 28=2454 29=2480 30=2507 31=2472 32=2534 33=2588 34=2580 35=2653 36=2771',
  'SyncLoop (probe)':
    '18=kubelet.go:1955 19=1927 20=1985 21=2038 22=2054 23=2235 24=2205 25=2229 26=2323 27=2529 28=2507 29=2533 30=2560 31=2542 32=2604 33=2658 34=2649 35=2722 36=2841',
  'SyncLoop (housekeeping)':
    '18=kubelet.go:1968 19=1936 20=1994 21=2021 22=2032 23=2213 24=2183 25=2207 26=2301 27=2507 28=2485 29=2511 30=2538 31=2520 32=2582 33=2636 34=2627 35=2700 36=2818',
  'Clean up pod workers for terminated pods':
    '22=kubelet_pods.go:988 23=1082 24=1079 25=1088 26=1105 27=1033 28=1050 29=1050 30=1132 31=1151 32=1158 33=1163 34=1226 35=1223 36=1237',
  'Clean up probes for terminated pods':
    '22=kubelet_pods.go:1017 23=1111 24=1108 25=1117 26=1134 27=1083 28=1100 29=1100 30=1182 31=1201 32=1208 33=1213 34=1276 35=1273 36=1287',
  'Clean up orphaned pod statuses':
    '22=kubelet_pods.go:1054 23=1148 24=1145 25=1154 26=1171 27=1087 28=1104 29=1104 30=1186 31=1205 32=1212 33=1217 34=1280 35=1277 36=1291',
  'Clean up orphaned pod user namespace allocations':
    '25=kubelet_pods.go:1167 26=1184 27=1091 28=1108 29=1108 30=1190 31=1209 32=1216 33=1222 34=1285 35=1282 36=1296',
  'Clean up orphaned pod directories':
    '22=kubelet_pods.go:1073 23=1167 24=1164 25=1179 26=1196 27=1103 28=1120 29=1120 30=1202 31=1221 32=1228 33=1234 34=1297 35=1294 36=1308',
  'Clean up orphaned mirror pods':
    '23=kubelet_pods.go:1178 24=1175 25=1190 26=1207 27=1114 28=1131 29=1131 30=1213 31=1232 32=1239 33=1245 34=1308 35=1305 36=1319',
  'Clean up orphaned pod cgroups':
    '22=kubelet_pods.go:1086 23=1185 24=1182 25=1197 26=1214 27=1256 28=1273 29=1273 30=1355 31=1374 32=1381 33=1387 34=1450 35=1447 36=1461',
  'SyncLoop (housekeeping) end':
    '22=kubelet.go:2040 23=2221 24=2191 25=2215 26=2309 27=2515 28=2493 29=2519 30=2546 31=2528 32=2590 33=2644 34=2635 35=2708 36=2826',
  'Pod admission denied':
    '31=kubelet.go:2320 32=2366 33=2420 34=allocation_manager.go:702 35=676 36=628',
  'Predicate failed on Pod':
    '18=predicate.go:142 19=143 20=143 21=143 22=144 23=145 24=133 25=133 26=133 27=133 28=151 29=168 30=168 31=168 32=226 33=227 34=233 35=234 36=235',
  'SyncPod enter':
    '22=kubelet.go:1415 23=1577 24=1524 25=1546 26=1633 27=1739 28=1709 29=1740 30=1754 31=1772 32=1862 33=1907 34=1924 35=1965 36=2043',
  'SyncPod exit':
    '22=kubelet.go:1417 23=1579 24=1526 25=1548 26=1635 27=1741 28=1711 29=1742 30=1756 31=1778 32=1868 33=1913 34=1930 35=1971 36=2049',
  'Pod has been deleted and must be killed':
    '22=kubelet.go:1799 23=1980 24=1950 25=1974 26=2074 27=2264 28=2242 29=2273 30=2300 31=2276 32=2331 33=2385 34=2401 35=2474 36=2593',
  'SyncTerminatingPod enter':
    '22=kubelet.go:1625 23=1815 24=1766 25=1788 26=1878 27=2016 28=1994 29=2025 30=2042 31=2020 32=2075 33=2119 34=2144 35=2203 36=2309',
  'SyncTerminatingPod exit':
    '22=kubelet.go:1626 23=1816 24=1767 25=1789 26=1879 27=2017 28=1995 29=2026 30=2043 31=2021 32=2076 33=2120 34=2145 35=2217 36=2323',
  'Pod terminating with grace period':
    '22=kubelet.go:1634 23=1824 24=1775 25=1797 26=1887 27=2026 28=2004 29=2035 30=2052 31=2030 32=2085 33=2134 34=2154 35=2227 36=2333',
  'Post-termination container state':
    '22=kubelet.go:1696 23=1877 24=1847 25=1869 26=1959 27=2077 28=2055 29=2086 30=2104 31=2082 32=2137 33=2186 34=2206 35=2279 36=2397',
  'Pod termination stopped all running containers':
    '22=kubelet.go:1703 23=1884 24=1854 25=1876 26=1975 27=2100 28=2078 29=2109 30=2127 31=2105 32=2160 33=2209 34=2229 35=2302 36=2420',
  'SyncTerminatedPod enter':
    '22=kubelet.go:1713 23=1894 24=1864 25=1886 26=1985 27=2151 28=2129 29=2160 30=2187 31=2165 32=2220 33=2269 34=2290 35=2363 36=2482',
  'SyncTerminatedPod exit':
    '22=kubelet.go:1714 23=1895 24=1865 25=1887 26=1986 27=2152 28=2130 29=2161 30=2188 31=2166 32=2221 33=2270 34=2291 35=2364 36=2483',
  'Pod termination unmounted volumes':
    '22=kubelet.go:1726 23=1907 24=1877 25=1899 26=1999 27=2165 28=2143 29=2174 30=2201 31=2179 32=2234 33=2288 34=2304 35=2377 36=2496',
  'Pod termination cleaned up volume paths':
    '27=kubelet.go:2179 28=2157 29=2188 30=2215 31=2192 32=2247 33=2301 34=2317 35=2390 36=2509',
  'Pod termination removed cgroups':
    '22=kubelet.go:1747 23=1928 24=1898 25=1920 26=2020 27=2201 28=2179 29=2210 30=2237 31=2213 32=2268 33=2322 34=2338 35=2411 36=2530',
  'Pod is terminated and will need no more status updates':
    '22=kubelet.go:1752 23=1933 24=1903 25=1927 26=2027 27=2208 28=2186 29=2217 30=2244 31=2220 32=2275 33=2329 34=2345 35=2418 36=2537',
  'Marking terminal pod as failed':
    '27=status_manager.go:480 28=482 29=482 30=482 31=482 32=521 33=521 34=610 35=628 36=698',
  'Pod is being synced for the first time':
    '22=pod_workers.go:568 23=571 24=571 25=585 26=585 27=770 28=770 29=768 30=768 31=768 32=768 33=768 34=788 35=788 36=796',
  'Notifying pod of pending update':
    '27=pod_workers.go:965 28=965 29=963 30=963 31=963 32=963 33=963 34=986 35=986 36=994',
  'Pod is marked for graceful deletion, begin teardown':
    '22=pod_workers.go:622 23=625 24=625 25=639 26=639 27=856 28=856 29=854 30=854 31=854 32=854 33=854 34=874 35=874 36=882',
  'Pod is being removed by the kubelet, begin teardown':
    '22=pod_workers.go:635 23=638 24=638 25=652 26=652 27=869 28=869 29=867 30=867 31=867 32=867 33=867 34=887 35=887 36=895',
  'Pod is being evicted by the kubelet, begin teardown':
    '22=pod_workers.go:632 23=635 24=635 25=649 26=649 27=866 28=866 29=864 30=864 31=864 32=864 33=864 34=884 35=884 36=892',
  'Evicting pod':
    '22=eviction_manager.go:564 23=566 24=566 25=568 26=583 27=580 28=580 29=604 30=604 31=604 32=615 33=616 34=616 35=622 36=622',
  'Eviction manager: pod is evicted successfully':
    '22=eviction_manager.go:573 23=575 24=575 25=577 26=595 27=592 28=592 29=616 30=616 31=616 32=627 33=629 34=629 35=635 36=635',
  'Pod is finished processing, no further updates':
    '22=pod_workers.go:608 23=611 24=611 25=625 26=625 27=842 28=842 29=840 30=840 31=840 32=840 33=840 34=860 35=860 36=868',
  'Processing pod event':
    '22=pod_workers.go:885 23=888 24=888 25=902 26=902 27=1232 28=1232 29=1230 30=1230 31=1233 32=1233 33=1233 34=1256 35=1256 36=1265',
  'Processing pod event done':
    '22=pod_workers.go:875 23=878 24=878 25=892 26=892 27=1308 28=1308 29=1306 30=1306 31=1309 32=1309 33=1309 34=1332 35=1332 36=1346',
  'Error syncing pod, skipping':
    '18=pod_workers.go:191 19=191 20=191 21=190 22=948 23=951 24=951 25=965 26=965 27=1300 28=1300 29=1298 30=1298 31=1301 32=1301 33=1301 34=1324 35=1324 36=1338',
  'Pod worker has observed request to terminate':
    '22=pod_workers.go:1002 23=1005 24=1005 25=1019 26=1019 27=1354 28=1354 29=1352 30=1352 31=1355 32=1355 33=1355 34=1378 35=1378 36=1392',
  'Pod terminated all containers successfully':
    '22=pod_workers.go:1047 23=1050 24=1050 25=1064 26=1064 27=1401 28=1401 29=1399 30=1399 31=1402 32=1402 33=1402 34=1425 35=1425 36=1439',
  'Pod is complete and the worker can now stop':
    '22=pod_workers.go:1102 23=1105 24=1105 25=1119 26=1119 27=1462 28=1462 29=1460 30=1460 31=1463 32=1463 33=1463 34=1486 35=1486 36=1500',
  'Requeueing pod due to pending update':
    '27=pod_workers.go:1510 28=1510 29=1508 30=1508 31=1511 32=1511',
  'Pod is terminal':
    '22=pod_workers.go:975 23=978 24=978 25=992 26=992 27=1327 28=1327 29=1325 30=1325 31=1328 32=1328 33=1328 34=1351 35=1351 36=1365',
  'Pod indicated lifecycle completed naturally and should now terminate':
    '22=pod_workers.go:1020 23=1023 24=1023 25=1037 26=1037 27=1372 28=1372 29=1370 30=1370 31=1373 32=1373 33=1373 34=1396 35=1396 36=1410',
  'Cancelling current pod sync':
    '22=pod_workers.go:758 23=761 24=761 25=775 26=775 27=972 28=972 29=970 30=970 31=970 32=970 33=970 34=993 35=993 36=1001',
  'Could not initialize checkpoint manager, please drain node and remove policy state file':
    '18=cpu_manager.go:194 19=194 20=203 21=210 22=219 23=224 24=224 25=224 26=225 27=225 28=225 29=225 30=225 31=235 32=232 33=232 34=232 35=236 36=246',
  'Static policy invalid state, please drain node and remove policy state file':
    '18=policy_static.go:125 19=125 20=126 21=125 22=156 23=158 24=159 25=163 26=166 27=188 28=188 29=189 30=189 31=189 32=194 33=195 34=196 35=198 36=201',
  'Policy start error':
    '18=cpu_manager.go:201 19=201 20=210 21=217 22=226 23=231 24=231 25=231 26=232 27=232 28=232 29=232 30=232 31=242 32=239 33=239 34=239 35=243 36=253',
  'Failed to start ContainerManager':
    '18=kubelet.go:1384 19=1316 20=1367 21=1389 22=1299 23=1447 24=1394 25=1413 26=1479 27=1556 28=1528 29=1559 30=1573 31=1583 32=1661 33=1706 34=1722 35=1763 36=1839',
  'Generating pod status':
    '18=kubelet_pods.go:1382 19=1486 20=1482 21=1520 22=1338 23=1444 24=1432 25=1447 26=1464 27=1587 28=1655 29=1673 30=1755 31=1774 32=1826 33=1762 34=1867 35=1878 36=1893',
  'Got phase for pod':
    '22=kubelet_pods.go:1350 23=1456 24=1444 25=1457 26=1474 27=1600 28=1668 29=1686 30=1768 31=1787 32=1839 33=1772 34=1877 35=1888 36=1903',
  'Status manager phase was terminal, updating phase to match':
    '22=kubelet_pods.go:1357 23=1463 24=1451 25=1464 26=1481 27=1607 28=1675 29=1693 30=1775 31=1794 32=1846 33=1779 34=1884 35=1895 36=1910',
  'No sandbox for pod can be found. Need to start a new one':
    '18=kuberuntime_manager.go:422 19=425 20=439 21=460 22=484 23=487 24=469 25=util.go:30 26=30 27=30 28=30 29=30 30=30 31=30 32=30 33=30 34=34 35=34 36=34',
  'No ready sandbox for pod can be found. Need to start a new one':
    '18=kuberuntime_manager.go:440 19=443 20=457 21=479 22=503 23=506 24=488 25=util.go:48 26=48 27=48 28=48 29=48 30=48 31=48 32=48 33=48 34=52 35=52 36=52',
  'computePodActions got for pod':
    '18=kuberuntime_manager.go:650 19=664 20=678 21=705 22=729 23=732 24=714 25=671 26=681 27=1014 28=1056 29=1057 30=1051 31=1055 32=1122 33=1137 34=1209 35=1398 36=1454',
  'SyncPod received new pod, will create a sandbox for it':
    '18=kuberuntime_manager.go:659 19=673 20=687 21=714 22=738 23=741 24=723 25=680 26=690 27=1023 28=1065 29=1066 30=1060 31=1064 32=1131 33=1146 34=1218 35=1407 36=1463',
  'Stopping PodSandbox for pod, will start new one':
    '18=kuberuntime_manager.go:666 19=680 20=694 21=721 22=745 23=748 24=730 25=687 26=697 27=1030 28=1072 29=1073 30=1067 31=1071 32=1138 33=1153 34=1225 35=1414 36=1470',
  'Stopping PodSandbox for pod, because all other containers are dead':
    '18=kuberuntime_manager.go:668 19=682 20=696 21=723 22=747 23=750 24=732 25=689 26=699 27=1032 28=1074 29=1075 30=1069 31=1073 32=1140 33=1155 34=1227 35=1416 36=1472',
  'Killing unwanted container for pod':
    '18=kuberuntime_manager.go:684 19=698 20=712 21=739 22=763 23=766 24=748 25=705 26=715 27=1048 28=1090 29=1091 30=1085 31=1089 32=1156 33=1171 34=1243 35=1432 36=1488',
  'Creating PodSandbox for pod':
    '18=kuberuntime_manager.go:721 19=735 20=749 21=776 22=800 23=803 24=785 25=742 26=752 27=1085 28=1127 29=1128 30=1122 31=1126 32=1193 33=1208 34=1280 35=1495 36=1551',
  'Failed to create sandbox for pod':
    '18=kuberuntime_sandbox.go:68 19=69 20=70 21=68 22=70 23=70 24=70 25=71 26=72 27=72 28=72 29=72 30=72 31=72 32=72 33=70 34=71 35=71 36=70',
  'CreatePodSandbox for pod failed':
    '18=kuberuntime_manager.go:727 19=741 20=755 21=790 22=819 23=833 24=815 25=772 26=782 27=1122 28=1171 29=1172 30=1166 31=1170 32=1237 33=1252 34=1343 35=1558 36=1614',
  'Created PodSandbox for pod':
    '18=kuberuntime_manager.go:735 19=749 20=763 21=798 22=827 23=841 24=823 25=780 26=790 27=1130 28=1179 29=1180 30=1174 31=1178 32=1245 33=1260 34=1351 35=1566 36=1622',
  'Determined the ip for pod after sandbox changed':
    '18=kuberuntime_manager.go:754 19=768 20=782 21=817 22=846 23=860 24=846 25=803 26=813 27=1153 28=1202 29=1203 30=1197 31=1201 32=1268 33=1283 34=1374 35=1589 36=1645',
  'Container of pod is not in the desired state and shall be started':
    '18=kuberuntime_manager.go:579 19=593 20=607 21=629 22=653 23=656 24=638 25=595 26=605 27=931 28=968 29=969 30=963 31=970 32=1037 33=1050 34=1118 35=1255 36=1310',
  'Message for Container of pod':
    '18=kuberuntime_manager.go:628 19=642 20=656 21=683 22=707 23=710 24=692 25=649 26=659 27=991 28=1028 29=1029 30=1023 31=1027 32=1094 33=1107 34=1182 35=1319 36=1374',
  'Computing init container action':
    '28=kuberuntime_container.go:968 29=1030 30=1039 31=1068 32=1069 33=1119 34=1078 35=1102 36=1121',
  'Init container has been initialized':
    '28=kuberuntime_container.go:1017 29=1079 30=1088 31=1122 32=1123 33=1173 34=1132 35=1154 36=1177',
  'Checking backoff for container in pod':
    '18=kuberuntime_manager.go:853 19=867 20=881 21=916 22=951 23=971 24=957 25=912 26=922 27=1269 28=1337 29=1338 30=1332 31=1436 32=1503 33=1543 34=1621 35=1836 36=1922',
  'Back-off restarting failed container':
    '18=kuberuntime_manager.go:863 19=877 20=891 21=926 22=961 23=981 24=967 25=922 26=933 27=1280 28=1348 29=1349 30=1343 31=1447 32=1514 33=1554 34=1632 35=1848 36=1934',
  'Backing Off restarting container in pod':
    '18=kuberuntime_manager.go:787 19=801 20=815 21=850 22=881 23=895 24=881 25=838 26=848 27=1188 28=1237 29=1238 30=1232 31=1243 32=1310 33=1325 34=1416 35=1631 36=1694',
  'Creating container in pod':
    '18=kuberuntime_manager.go:791 19=805 20=819 21=854 22=886 23=903 24=889 25=846 26=856 27=1196 28=1245 29=1246 30=1240 31=1251 32=1318 33=1333 34=1424 35=1639 36=1702',
  'Container start failed in pod':
    '18=kuberuntime_manager.go:799 19=813 20=827 21=862 22=897 23=917 24=903 25=860 26=870 27=1210 28=1259 29=1260 30=1254 31=1272 32=1339 33=1356 34=1447 35=1662 36=1725',
  'Completed init container for pod':
    '18=kuberuntime_manager.go:827 19=841 20=855 21=890 22=925 23=945 24=931 25=886 26=896 27=1236 28=1286 29=1287 30=1281 31=1299 32=1366 33=1385 34=1479 35=1694 36=1765',
  'Failed to initialize the pod, as the init container failed to start, aborting':
    '28=kuberuntime_manager.go:1298 29=1299 30=1293 31=1311 32=1378 33=1397 34=1474 35=1689 36=1760',
  'Failed to start the restartable init container for the pod, skipping':
    '28=kuberuntime_manager.go:1295 29=1296 30=1290 31=1308 32=1375 33=1394 34=1471 35=1686 36=1757',
  'Creating hosts mount for container':
    '18=kubelet_pods.go:172 19=145 20=145 21=152 22=158 23=162 24=161 25=161 26=161 27=162 28=161 29=161 30=248 31=261 32=269 33=270 34=273 35=279 36=280',
  'Enforcing CFS quota': '33=kuberuntime_container_linux.go:140 34=142 35=142 36=142',
  'Container has pinned cpus': '33=container_manager.go:245 34=245 35=245 36=246',
  'Pod contains no container with pinned cpus': '33=container_manager.go:238 34=238 35=238 36=239',
  'Updated QoS cgroup configuration':
    '18=qos_container_manager_linux.go:333 19=333 20=333 21=337 22=380 23=384 24=383 25=383 26=383 27=386 28=386 29=386 30=386 31=387 32=391 33=391 34=391 35=394 36=405',
  'Disabled CFS quota': '33=pod_container_manager_linux.go:80 34=80 35=80 36=83',
  'Pod resize successfully allocated': '34=allocation_manager.go:317 35=272 36=267',
  'Pod resize is infeasible': '34=allocation_manager.go:315 35=270 36=265',
  'Pod resize is deferred; will reevaluate later': '34=allocation_manager.go:312 35=267 36=262',
  "Node didn't have enough capacity": '33=kubelet.go:2917 34=allocation_manager.go:750 35=723',
  'Resize cannot be accommodated': '33=kubelet.go:2929 34=allocation_manager.go:757 35=730',
  'Updating container resources': '33=kuberuntime_manager.go:849 34=947 35=1070 36=1125',
  'Resize is infeasible for Guaranteed Pods alongside CPU Manager policy "static"':
    '33=kubelet.go:2887 34=allocation_manager.go:722 35=696 36=handlers.go:87',
  'Resize is infeasible for Guaranteed Pods alongside Memory Manager policy "Static"':
    '33=kubelet.go:2893 34=allocation_manager.go:731 35=705 36=handlers.go:95',
  'Failed to execute PostStartHook':
    '22=kuberuntime_container.go:284 23=284 24=285 25=282 26=282 27=286 28=287 29=304 30=304 31=315 32=316 33=324 34=327 35=328 36=328',
  'Exec lifecycle hook for Container in Pod failed':
    '18=handlers.go:66 19=67 20=67 21=67 22=67 23=67 24=67 25=67 26=78 27=78 28=78 29=79 30=78 31=78 32=80 33=80 34=82 35=85 36=86',
  'Pod marked for RestartAllContainers': '35=kuberuntime_manager.go:1136 36=1191',
  'Removing container before pod restarts': '35=kuberuntime_manager.go:1446 36=1502',
  'Killing container before removal': '35=kuberuntime_manager.go:1450 36=1506',
  'Killing container with a grace period override':
    '18=kuberuntime_container.go:645 19=632 20=632 21=716 22=719 23=725 24=724 25=698 26=705 27=738 28=731 29=749 30=758 31=787 32=788 33=837 34=851 35=875 36=894',
  'Killing container with a grace period':
    '18=kuberuntime_container.go:648 19=635 20=635 21=720 22=723 23=729 24=728 25=702 26=709 27=742 28=745 29=770 30=779 31=808 32=809 33=858 34=872 35=896 36=915',
  'Container exited normally':
    '18=kuberuntime_container.go:654 19=641 20=641 21=728 22=732 23=738 24=737 25=711 26=718 27=751 28=754 29=779 30=788 31=817 32=818 33=867 34=881 35=905 36=924',
  'Running preStop hook':
    '18=kuberuntime_container.go:530 19=517 20=517 21=579 22=590 23=590 24=585 25=582 26=588 27=626 28=627 29=645 30=654 31=683 32=684 33=733 34=746 35=770 36=789',
  'PreStop hook completed':
    '18=kuberuntime_container.go:547 19=534 20=534 21=598 22=609 23=609 24=604 25=601 26=608 27=646 28=647 29=665 30=674 31=703 32=704 33=753 34=766 35=790 36=809',
  'PreStop hook not completed in grace period':
    '18=kuberuntime_container.go:545 19=532 20=532 21=595 22=606 23=606 24=601 25=598 26=605 27=643 28=644 29=662 30=671 31=700 32=701 33=750 34=763 35=787 36=806',
  'Removing init container':
    '18=kuberuntime_container.go:717 19=702 20=703 21=793 22=796 23=805 24=801 25=775 26=782 27=815 28=818 29=856 30=865 31=894 32=895 33=943 34=959 35=983 36=1002',
  'Removing container':
    '18=kuberuntime_container.go:869 19=841 20=842 21=944 22=947 23=956 24=956 25=930 26=937 27=970 28=1197 29=1259 30=1268 31=1302 32=1315 33=1372 34=1346 35=1365 36=1389',
  RemoveContainer:
    '18=topology_manager.go:219 19=221 20=scope.go:111 21=111 22=110 23=110 24=110 25=115 26=115 27=115 28=117 29=117 30=117 31=117 32=117 33=117 34=117 35=122 36=122',
  "Container not found in pod's containers":
    '18=pod_container_deletor.go:78 19=79 20=79 21=79 22=79 23=79 24=79 25=79 26=80 27=80 28=80 29=80 30=80 31=80 32=80 33=80 34=80 35=80 36=80',
  GenericPLEG:
    '18=generic.go:155 19=155 20=155 21=155 22=155 23=155 24=155 25=155 26=182 27=184 28=184 29=184 30=184 31=184 32=201 33=201 34=199 35=199 36=257',
  'Generic (PLEG): container finished':
    '22=generic.go:296 23=296 24=296 25=296 26=332 27=334 28=334 29=334 30=334 31=334 32=358 33=358 34=356 35=356 36=413',
  'Probe failed':
    '18=prober.go:124 19=117 20=117 21=116 22=116 23=121 24=121 25=114 26=109 27=107 28=107 29=107 30=107 31=107 32=107 33=120 34=120 35=122 36=122',
  'Probe succeeded':
    '18=prober.go:133 19=126 20=126 21=125 22=125 23=130 24=130 25=123 26=118 27=116 28=116 29=116 30=116 31=116 32=116 33=111 34=111 35=113 36=113',
  'operationExecutor.VerifyControllerAttachedVolume started':
    '18=reconciler.go:224 19=224 20=224 21=224 22=225 23=221 24=270 25=357 26=reconciler_common.go:253 27=258 28=258 29=258 30=247 31=245 32=251 33=251 34=251 35=251 36=251',
  'Starting operationExecutor.MountVolume':
    '18=reconciler.go:254 19=254 20=254 21=254 22=253 23=247 24=234 25=258 26=reconciler_common.go:217 27=220 28=220 29=220 30=209 31=207 32=213 33=213 34=214 35=214 36=214',
  'operationExecutor.MountVolume started':
    '18=reconciler.go:269 19=269 20=269 21=269 22=266 23=258 24=245 25=269 26=reconciler_common.go:228 27=231 28=231 29=231 30=220 31=218 32=224 33=224 34=225 35=225 36=225',
  'MountVolume.SetUp succeeded':
    '18=operation_generator.go:657 19=663 20=672 21=698 22=714 23=756 24=703 25=730 26=730 27=718 28=722 29=721 30=721 31=637 32=614 33=615 34=615 35=614 36=617',
  'Waiting for volumes to attach and mount for pod':
    '18=volume_manager.go:372 19=372 20=373 21=373 22=406 23=406 24=404 25=408 26=408 27=405 28=406 29=406 30=406 31=404 32=404 33=404 34=421 35=410 36=409',
  'All volumes are attached and mounted for pod':
    '18=volume_manager.go:403 19=403 20=404 21=404 22=437 23=437 24=435 25=439 26=439 27=439 28=442 29=442 30=442 31=440 32=440 33=440 34=482 35=471 36=470',
  'Patch status for pod':
    '18=status_manager.go:570 19=564 20=564 21=586 22=669 23=685 24=685 25=688 26=703 27=839 28=874 29=874 30=874 31=872 32=911 33=916 34=1038 35=1065 36=1184',
  'Ignoring same status for pod':
    '18=status_manager.go:435 19=429 20=429 21=437 22=530 23=535 24=535 25=538 26=553 27=658 28=693 29=693 30=693 31=691 32=730 33=735 34=848 35=875 36=972',
  'Status for pod updated successfully':
    '18=status_manager.go:578 19=572 20=572 21=595 22=678 23=694 24=694 25=697 26=712 27=848 28=883 29=883 30=883 31=881 32=920 33=925 34=1047 35=1074 36=1193',
  'Topology manager admission check':
    '18=topology_manager.go:233 19=235 20=187 33=topology_manager.go:225 34=225 35=234 36=267',
  'Pod Admit Result': '33=topology_manager.go:232 34=232 35=241 36=274',
  'TopologyHints generated':
    '18=policy_static.go:350 19=351 20=379 21=378 22=424 23=437 24=457 25=458 26=475 27=527 28=527 29=551 30=551 31=557 32=585 33=602 34=613 35=612 36=877',
  'Regenerating TopologyHints for CPUs already allocated':
    '18=policy_static.go:339 19=339 20=364 21=363 22=409 23=422 24=442 25=443 26=460 27=512 28=512 29=536 30=536 31=542 32=570 33=587 34=598 35=597 36=862',
  'Best TopologyHint':
    '20=scope_container.go:54 21=53 22=54 23=54 24=54 25=54 26=54 27=55 28=50 29=50 30=50 31=50 32=50 33=50 34=50 35=54 36=57',
  'Best TopologyHint (pod scope)':
    '20=scope_pod.go:53 21=52 22=53 23=53 24=53 25=53 26=53 27=54 28=49 29=49 30=49 31=49 32=49 33=49 34=49 35=53 36=118',
  'Topology Affinity (container scope)':
    '18=topology_manager.go:258 19=260 20=scope_container.go:59 21=58 22=59 23=59 24=59 25=59 26=59 27=61 28=56 29=56 30=56 31=56 32=56 33=59 34=59 35=63 36=69',
  'Topology Affinity (pod scope)':
    '20=scope_pod.go:59 21=58 22=59 23=59 24=59 25=59 26=59 27=61 28=56 29=56 30=56 31=56 32=56 33=60 34=60 35=64 36=71',
  'Static policy: Allocate':
    '18=policy_static.go:220 19=220 20=221 21=220 22=251 23=253 24=258 25=262 26=275 27=301 28=301 29=318 30=318 31=318 32=336 33=337 34=343 35=349',
  'Static policy: container already present in state, skipping':
    '18=policy_static.go:225 19=225 20=226 21=225 22=271 23=273 24=278 25=282 26=301 27=344 28=344 29=361 30=361 31=361 32=386 33=390 34=396 35=403 36=614',
  'Topology Affinity':
    '18=policy_static.go:231 19=231 20=232 21=231 22=277 23=279 24=284 25=288 26=307 27=350 28=350 29=367 30=367 31=367 32=392 33=396 34=402 35=409 36=620',
  AllocateCPUs:
    '18=policy_static.go:258 19=258 20=259 21=258 22=304 23=306 24=326 25=330 26=347 27=390 28=390 29=407 30=407 31=407 32=435 33=441 34=447 35=459 36=690',
  'Updated default CPUSet':
    '18=state_mem.go:88 19=88 20=88 21=88 22=88 23=88 24=88 25=88 26=88 27=88 28=88 29=88 30=88 31=88 32=88 33=88 34=88 35=94 36=123',
  'allocateCPUs: returning': '18=policy_static.go:293 19=293 20=294',
  'Updated desired CPUSet':
    '18=state_mem.go:80 19=80 20=80 21=80 22=80 23=80 24=80 25=80 26=80 27=80 28=80 29=80 30=80 31=80 32=80 33=80 34=80 35=86 36=115',
  'Allocated exclusive CPUs': '33=policy_static.go:409 34=415 35=422 36=635',
  'RemoveStaleState: removing container':
    '18=cpu_manager.go:342 19=342 20=358 21=352 22=379 23=384 24=384 25=384 26=385 27=385 28=385 29=385 30=385 31=399 32=386 33=388 34=388 35=400 36=427',
  'RemoveStaleState: containerMap: removing container':
    '22=cpu_manager.go:390 23=395 24=395 25=395 26=396 27=396 28=396 29=396 30=396 31=410 32=399 33=401 34=401 35=414 36=441',
  'Static policy: RemoveContainer':
    '18=policy_static.go:248 19=248 20=249 21=248 22=294 23=296 24=314 25=318 26=335 27=378 28=378 29=395 30=395 31=395 32=422 33=427 34=433 35=441 36=654',
  'Deleted CPUSet assignment':
    '18=state_mem.go:107 19=107 20=107 21=107 22=107 23=107 24=107 25=107 26=107 27=107 28=107 29=107 30=107 31=107 32=107 33=107 34=107 35=113 36=161',
  'Observed pod startup duration':
    '26=pod_startup_latency_tracker.go:102 27=102 28=102 29=102 30=104 31=104 32=104 33=104 34=104 35=108 36=148',
  'Event occurred':
    '19=event.go:291 20=291 21=291 22=291 23=294 24=294 25=294 26=294 27=307 28=307 29=376 30=389 31=389 32=389 33=389 34=389 35=389 36=389',
  HandleError:
    '18=kuberuntime_manager.go:801 19=815 20=829 21=864 22=899 23=919 24=905 25=862 26=872 27=1212 28=1261 29=1262 30=1256 31=1274 32=1341 33=1358 34=1449 35=1664 36=1727',
  'command failed':
    '18=server.go:273 19=265 20=269 21=292 22=252 23=302 24=run.go:74 25=74 26=74 27=74 28=74 29=74 30=74 31=72 32=72 33=72 34=72 35=72 36=72',
  'Allocate start': '35=policy_static.go:335',
  'Allocate end': '35=policy_static.go:336',
  'Static policy: RemoveContainer (deferred)': '35=policy_static.go:442',
  TopologyHints:
    '18=topology_manager.go:180 19=182 20=scope_container.go:77 21=scope_container.go:76 22=77 23=77 24=77 25=77 26=77 27=80 28=75 29=75 30=75 31=75 32=79 33=83 34=83 35=87 36=93',
  'TopologyHints (pod scope)':
    '20=scope_pod.go:77 21=scope_pod.go:76 22=77 23=77 24=77 25=77 26=77 27=80 28=75 29=75 30=75 31=75 32=79 33=84 34=84 35=88 36=146',
  ContainerTopologyHint:
    '18=topology_manager.go:199 19=201 20=scope_container.go:85 21=scope_container.go:84 22=85 23=85 24=85 25=85 26=85 27=88 28=83 29=83 30=83 31=83 32=87 33=91 34=91 35=95 36=101',
  PodTopologyHint:
    '20=scope_pod.go:85 21=scope_pod.go:84 22=85 23=85 24=85 25=85 26=85 27=88 28=83 29=83 30=83 31=83 32=87 33=92 34=92 35=96 36=154',
  'Hint Provider has no preference for NUMA affinity with any resource':
    '18=policy.go:70 19=70 20=70 21=policy.go:70 22=70 23=70 24=72 25=72 26=71 27=71 28=71 29=71 30=71 31=71 32=79 33=79 34=79 35=79 36=79',
  'Hint Provider has no preference for NUMA affinity with resource':
    '18=policy.go:78 19=78 20=78 21=policy.go:78 22=78 23=78 24=80 25=80 26=79 27=79 28=79 29=79 30=79 31=79 32=87 33=87 34=87 35=87 36=87',
  'Hint Provider has no possible NUMA affinities for resource':
    '18=policy.go:84 19=84 20=84 21=policy.go:84 22=84 23=84 24=86 25=86 26=85 27=85 28=85 29=85 30=85 31=85 32=93 33=93 34=93 35=93 36=93',
  'Resource does not have a topology preference':
    '18=topology_hints.go:44 19=45 20=46 21=topology_hints.go:45 22=49 23=49 24=49 25=49 26=49 27=50 28=50 29=50 30=50 31=50 32=46 33=46 34=46 35=49 36=49',
  'Resource does not have a topology preference (pod scope)':
    '21=topology_hints.go:95 22=103 23=103 24=103 25=103 26=103 27=105 28=105 29=105 30=105 31=105 32=97 33=97 34=97 35=103 36=103',
  'Resource already allocated to pod with different number than request':
    '21=topology_hints.go:56 22=60 23=60 24=60 25=60 26=60 27=61 28=61 29=61 30=61 31=61 32=57 33=57 34=57 35=60 36=60',
  'Resource already allocated to pod with different number than request (pod scope)':
    '21=topology_hints.go:106 22=114 23=114 24=114 25=114 26=114 27=116 28=116 29=116 30=116 31=116 32=108 33=108 34=108 35=114 36=114',
  'Regenerating TopologyHints for resource already allocated to pod':
    '21=topology_hints.go:60 22=64 23=64 24=64 25=64 26=64 27=65 28=65 29=65 30=65 31=65 32=61 33=61 34=61 35=64 36=64',
  'Regenerating TopologyHints for resource already allocated to pod (pod scope)':
    '21=topology_hints.go:110 22=118 23=118 24=118 25=118 26=118 27=120 28=120 29=120 30=120 31=120 32=112 33=112 34=112 35=118 36=118',
  'Unable to generate topology hints: requested number of devices unavailable':
    '21=topology_hints.go:69 22=73 23=73 24=73 25=73 26=73 27=74 28=74 29=74 30=74 31=74 32=70 33=70 34=70 35=73 36=73',
  'Unable to generate topology hints: requested number of devices unavailable (pod scope)':
    '21=topology_hints.go:118 22=126 23=126 24=126 25=126 26=126 27=128 28=128 29=128 30=128 31=128 32=120 33=120 34=120 35=126 36=126',
  'Pods to be removed':
    '18=manager.go:632 19=631 20=629 21=manager.go:635 22=677 23=678 24=678 25=515 26=523 27=523 28=539 29=547 30=547 31=563 32=563 33=563 34=559 35=574 36=574',
  'Found pre-allocated devices for resource on pod':
    '18=manager.go:648 19=647 20=645 21=manager.go:651 22=693 23=694 24=694 25=531 26=539 27=539 28=555 29=563 30=563 31=579 32=579 33=579 34=575 35=591 36=591',
  'Need devices to allocate for pod':
    '18=manager.go:660 19=659 20=657 21=manager.go:663 22=705 23=706 24=706 25=543 26=551 27=548 28=580 29=588 30=588 31=604 32=604 33=604 34=600 35=616 36=616',
  'No devices needed, nothing to do': '33=manager.go:630 34=626 35=642 36=642',
  'Looking for needed resources':
    '18=manager.go:786 19=843 20=842 21=manager.go:848 22=914 23=914 24=914 25=751 26=759 27=773 28=813 29=821 30=823 31=839 32=839 33=839 34=835 35=852 36=852',
  'Making allocation request for device plugin':
    '18=manager.go:830 19=887 20=888 21=manager.go:894 22=960 23=960 24=960 25=797 26=805 27=819 28=859 29=867 30=869 31=885 32=885 33=885 34=881 35=903 36=903',
  'Issuing a GetPreferredAllocation call for container':
    '21=manager.go:1013 22=1079 23=1079 24=1097 25=934 26=942 27=956 28=996 29=1004 30=1006 31=1022 32=1022 33=1022 34=1018 35=1043 36=1043',
  'Checkpoint file written': '33=manager.go:506 34=502 35=514 36=514',
  'RemoveStaleState removing state':
    '21=memory_manager.go:299 22=337 23=337 24=337 25=337 26=338 27=338 28=338 29=346 30=346 31=346 32=347 33=348 34=360 35=357 36=376',
  'RemoveStaleState removing state (containerMap)':
    '22=memory_manager.go:345 23=345 24=345 25=345 26=346 27=346 28=346 29=354 30=354 31=354 32=355 33=356 34=368 35=365 36=384',
  'Memory manager: RemoveContainer':
    '21=policy_static.go:188 22=234 23=234 24=234 25=234 26=234 27=237 28=237 29=241 30=249 31=249 32=254 33=257 34=270 35=266 36=591',
  'Deleted memory assignment':
    '21=state_mem.go:112 22=112 23=112 24=112 25=112 26=112 27=112 28=112 29=112 30=112 31=112 32=112 33=113 34=115 35=115 36=171',
  'Updated machine memory state':
    '21=state_mem.go:75 22=75 23=75 24=75 25=75 26=75 27=75 28=75 29=75 30=75 31=75 32=75 33=75 34=77 35=77 36=112',
  'Updated memory state':
    '21=state_mem.go:88 22=88 23=88 24=88 25=88 26=88 27=88 28=88 29=88 30=88 31=88 32=88 33=88 34=90 35=90 36=125',
  'Regenerating TopologyHints, resource was already allocated to pod':
    '21=policy_static.go:269 22=308 23=308 24=308 25=308 26=308 27=311 28=311 29=315 30=323 31=323 32=328 33=331 34=344 35=340 36=691',
  'Memory manager: Allocate':
    '21=policy_static.go:93 22=98 23=98 24=98 25=98 26=98 27=101 28=101 29=105 30=106 31=106 32=104 33=106 34=117 35=113 36=441',
  'Container already present in state, skipping':
    '21=policy_static.go:95 22=102 23=102 24=102 25=102 26=102 27=105 28=105 29=109 30=117 31=117 32=115 33=117 34=128 35=124 36=453',
  'Got topology affinity':
    '21=policy_static.go:101 22=108 23=108 24=108 25=108 26=108 27=111 28=111 29=115 30=123 31=123 32=121 33=123 34=134 35=130 36=459',
  'Allocate error':
    '21=memory_manager.go:217 22=248 23=248 24=248 25=248 26=249 27=249 28=249 29=257 30=257 31=257 32=269 33=270 34=276 35=273 36=276',
  'Allocated exclusive memory': '33=policy_static.go:201 34=212 35=208 36=539',
  'Memory affinity':
    '21=memory_manager.go:203 22=230 23=230 24=230 25=230 26=231 27=231 28=231 29=239 30=239 31=239 32=255 33=256 34=259 35=259 36=262',
  'CPU Manager allocation skipped (pod-level resources)': '34=policy_static.go:339 35=345 36=586',
  'CPU Manager hint generation skipped (pod-level resources)':
    '34=policy_static.go:581 35=580 36=845',
  'CPU Manager pod hint generation skipped (pod-level resources)':
    '34=policy_static.go:633 35=634 36=901',
  'Allocation skipped, pod is using pod-level resources which are not supported by the static Memory manager policy':
    '34=policy_static.go:113 35=109 36=437',
  'Memory Manager hint generation skipped (pod-level resources)':
    '34=policy_static.go:457 35=453 36=848',
  'Memory Manager pod hint generation skipped (pod-level resources)':
    '34=policy_static.go:422 35=418 36=791',
};

export const KLOG_SOURCES: Readonly<
  Partial<Record<KubeletMinor, Partial<Record<KlogKey, string>>>>
> = sourcesOf(SOURCES);
