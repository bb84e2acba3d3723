/**
 * The families records belong to, in the words a user knows them by: for the import banner
 * (which families were read, which lines were not), the rebuilt scenario's comment (what was read
 * but not rebuilt) and the comparison's "not compared" reasons.
 */
export type Family =
  | 'sync loop'
  | 'pod worker'
  | 'admission'
  | 'volumes'
  | 'sandbox'
  | 'images'
  | 'containers'
  | 'hooks'
  | 'probes'
  | 'PLEG'
  | 'status'
  | 'Events'
  | 'start-up latency'
  | 'CPU manager'
  | 'topology manager'
  | 'memory manager'
  | 'device manager'
  | 'CRI calls'
  | 'container runtime'
  | 'kubectl describe'
  | 'kubectl get pods'
  | 'node'
  | 'eviction';

const PREFIX: readonly [RegExp, Family][] = [
  [/^Event/, 'Events'],
  [/^Cri/, 'CRI calls'],
  [/^Rt/, 'container runtime'],
  [
    /^Container(State|Reason|ExitCode|Signal|StartedAt|FinishedAt|Ready|RestartCount|StatusMessage)|^PodPhase|^PodReason|^PodMessage|^PodStartTime|^PodCondition|^Condition|^PodCreated/,
    'kubectl describe',
  ],
  [/^PodRow/, 'kubectl get pods'],
  [/^SyncLoop|^Housekeeping|^ReceivingNewPod|^PodUpdateBroadcast/, 'sync loop'],
  [
    /^Pod(FirstSync|UpdateNotified|EventProcessing|EventDone|Requeued|WorkerTerminateRequest|GracefulDeletion|ContainersTerminated|WorkerDone|CannotStart|SyncCancelled|TerminalPhase|Terminating|Terminated|Termination|Evicted|DeleteFailed)|^ErrorSyncingPod|^SyncPod|^SyncTerminat|^KillingUnwantedPod|^PostTermination|^MirrorPod/,
    'pod worker',
  ],
  [/^PodAdmission|^PredicateFailed|^PodAdmitResult/, 'admission'],
  [/^Volume/, 'volumes'],
  [/Sandbox|^PodIP|^ComputePodActions|^SyncingPod|^SandboxChanged|^SandboxNetwork/, 'sandbox'],
  [/^Pull|Image/, 'images'],
  [
    /^(CreatingContainer|ContainerToStart|CheckingBackoff|BackOffRestarting|BackingOffContainer|ContainerStartFailed|InitContainer|SidecarStartFailed|EnforcingCFSQuota|ContainerExited|KillingContainer|KillingUnwantedContainer|RestartAllContainers|KillFailed|KillPodFailed|RemovingContainer|ContainerNotFound|HostsMount|ContainerMessage|ContainerStarted|ContainerTerminated)/,
    'containers',
  ],
  [/Hook/, 'hooks'],
  [/^Probe|^ReadinessChanged|^StartupChanged/, 'probes'],
  [/^PLEG|^GenericPLEG/, 'PLEG'],
  [
    /^Status|^GeneratingPodStatus|^GotPhase|^PhaseKeptTerminal|^PodIllegalPhase|^PodRemovedFromApi|^PodGoneFromApi/,
    'status',
  ],
  [/^PodStartupObserved/, 'start-up latency'],
  [/^Cpu|^PinnedCpus|^NoPinnedCpus/, 'CPU manager'],
  [/^Topology/, 'topology manager'],
  [/^Memory/, 'memory manager'],
  [/^Device/, 'device manager'],
  [/^Evict/, 'eviction'],
  [
    /^NodeConfig|^QoSCgroups|^PodCFSQuota|^RuntimeStatus|^ContainerManager|^UnhandledError|^CommandFailed/,
    'node',
  ],
];

export function familyOf(what: string): Family {
  for (const [re, f] of PREFIX) if (re.test(what)) return f;
  return 'node';
}

/** The family a Go file's unread lines belong to, for "not read: 6 lines from …". */
export function familyOfFile(file: string): string {
  if (/^(containerd|cri-o)$/.test(file)) return 'container runtime';
  if (/reconciler|operation_generator|volume/.test(file)) return 'volumes';
  if (/kuberuntime/.test(file)) return 'containers and sandbox';
  if (/prober|worker\.go/.test(file)) return 'probes';
  if (/status_manager/.test(file)) return 'status';
  if (/cpumanager|policy_static|cpu_manager|state_mem/.test(file)) return 'CPU manager';
  if (/topology|scope/.test(file)) return 'topology manager';
  if (/devicemanager|manager\.go|pod_devices|endpoint/.test(file))
    return 'device manager (or cAdvisor)';
  if (/memory/.test(file)) return 'memory manager';
  if (/generic\.go|evented/.test(file)) return 'PLEG';
  if (/kubelet\.go|kubelet_pods|pod_workers/.test(file)) return 'kubelet';
  return file;
}
