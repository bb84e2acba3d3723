/**
 * The Go functions a sentence names, as the chosen release spelled them. Renames checked in the
 * sources of each minor (pkg/kubelet): Kubelet.syncPod became SyncPod and
 * podWorkers.managePodLoop became podWorkerLoop in 1.27; syncTerminatingPod and
 * syncTerminatedPod arrived with the pod worker rewrite of 1.22 (before it, a killed pod went
 * through Kubelet.killPod) and were exported in 1.27; GenericPLEG.relist became Relist in
 * 1.26; internalContainerLifecycle.PreCreateContainer (the cpuset in the create request)
 * arrived in 1.21, before which PreStartContainer applied it with UpdateContainerResources.
 */

/** "1.34" → 34; "1.3" → 3. Every version the project models is a 1.x minor. */
export function minorOf(version: string): number {
  const m = /^1\.(\d+)/.exec(version);
  return m ? Number(m[1]) : Number.POSITIVE_INFINITY;
}

export interface GoNames {
  readonly syncPod: string;
  readonly podWorkerLoop: string;
  readonly syncTerminatingPod: string;
  readonly syncTerminatedPod: string;
  readonly relist: string;
  /** Whether PreCreateContainer writes the cpuset into the CRI create request. */
  readonly preCreateCpuset: boolean;
  /** The kubelet has a CPU manager (1.8 on). */
  readonly cpuManager: boolean;
  /** The runtime is DockerManager (before CRI). */
  readonly dockerManager: boolean;
  /** DockerManager (before CRI): its runContainerInPod starts a container. */
  readonly startContainer: string;
  /** The runtime call that starts a container. */
  readonly runtimeStart: string;
  /** The service account token volume a pod mounts by default. */
  readonly tokenVolume: string;
}

export function goNames(version: string): GoNames {
  const n = minorOf(version);
  return {
    syncPod: n >= 27 ? 'Kubelet.SyncPod' : 'Kubelet.syncPod',
    podWorkerLoop: n >= 27 ? 'podWorkerLoop' : 'managePodLoop',
    syncTerminatingPod:
      n >= 27 ? 'SyncTerminatingPod' : n >= 22 ? 'syncTerminatingPod' : 'Kubelet.killPod',
    syncTerminatedPod: n >= 27 ? 'SyncTerminatedPod' : n >= 22 ? 'syncTerminatedPod' : '',
    relist: n >= 26 ? 'GenericPLEG.Relist' : 'GenericPLEG.relist',
    preCreateCpuset: n >= 21,
    // The models' DockerManager is 1.3's; kuberuntime (CRI) from 1.6 on.
    dockerManager: n <= 5,
    cpuManager: n >= 8,
    startContainer: n <= 5 ? 'runContainerInPod' : 'startContainer',
    runtimeStart: n <= 5 ? 'docker StartContainer' : 'CRI StartContainer',
    // BoundServiceAccountTokenVolume: beta and on by default in 1.21.
    tokenVolume: n >= 21 ? 'kube-api-access' : 'the service account token Secret',
  };
}
