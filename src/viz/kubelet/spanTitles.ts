/**
 * What a span is called where a person reads it (the timeline, its tooltip, the exported
 * picture, the Inspector's title, Perfetto): the kubelet's Go function or CRI call the state
 * stands for, not the machine's state name. The lanes keep the state name as the span's key
 * (the start-up waterfall and the OTLP export read it); a label not listed here (a pull's
 * image, "running", "CrashLoopBackOff", an instant's name) is already in the kubelet's words.
 */
const TITLES: Readonly<Record<string, string>> = {
  // pod_workers.go podWorkerLoop
  waitingForCache: 'GetNewerThan (waiting for PLEG)',
  cacheReady: 'GetNewerThan',
  dispatching: 'podWorkerLoop',
  syncing: 'SyncPod',
  startingTermination: 'begin teardown',
  terminating: 'SyncTerminatingPod',
  terminated: 'SyncTerminatedPod',
  // Kubelet.SyncPod, then kubeGenericRuntimeManager.SyncPod
  generatingStatus: 'generateAPIPodStatus',
  preparing: 'pod cgroup, dirs',
  mountingVolumes: 'WaitForAttachAndMount',
  computingActions: 'computePodActions',
  killingPod: 'killPodWithSyncResult',
  killingContainers: 'killContainer',
  creatingSandbox: 'RunPodSandbox',
  waitingForInit: 'start init container',
  initBackOff: 'init container back-off',
  initAborted: 'init container failed',
  initDone: 'init containers done',
  waitingForContainer: 'start containers',
  containerBackOff: 'CrashLoopBackOff',
  containersDone: 'containers started',
  // v1.3 DockerManager.SyncPod (docker_manager.go)
  computingContainerChanges: 'computePodContainerChanges',
  pruningInitContainers: 'pruneInitContainersBeforeStart',
  creatingInfraContainer: 'createPodInfraContainer',
  startingInfraContainer: 'StartContainer (POD)',
  settingUpNetwork: 'networkPlugin.SetUpPod',
  inspectingInfraContainer: 'InspectContainer (POD)',
  waitingForPull: 'waiting for pull',
  // volume manager: populator, reconciler, operation executor
  populating: 'populator',
  attached: 'VerifyControllerAttachedVolume',
  mounting: 'MountVolume.SetUp',
  // startContainer (kuberuntime_container.go)
  ensuringImage: 'EnsureImageExists',
  imagePresent: 'EnsureImageExists: present',
  imageFailed: 'EnsureImageExists failed',
  generatingConfig: 'generateContainerConfig',
  preCreate: 'PreCreateContainer',
  creating: 'CreateContainer',
  preStart: 'PreStartContainer',
  updatingContainerResources: 'UpdateContainerResources',
  startingAfterPreStart: 'PreStartContainer',
  starting: 'StartContainer',
  postStart: 'PostStart hook',
};

/** The span's title for a person: the Go function or CRI call its state stands for. */
export function spanTitle(label: string): string {
  return TITLES[label] ?? label;
}

/** `labels` as titles, index for index (LaneModel.titles). */
export function spanTitles(labels: readonly string[]): string[] {
  return labels.map(spanTitle);
}
