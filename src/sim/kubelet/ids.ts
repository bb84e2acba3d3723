/** Machine instance ids: readable, one lane each in the timeline. */
export const SYNC_LOOP = 'syncLoop';
export const PLEG = 'pleg';
export const IMAGE_PULLER = 'imagePuller';
export const CONTAINER_RUNTIME = 'containerd';
export const CPU_MANAGER = 'cpuManager';
export const API_SERVER = 'apiServer';
export const EVICTION_MANAGER = 'evictionManager';
export const KUBELET = 'kubelet';

export const podWorkerId = (key: string) => `podWorker:${key}`;
export const syncPodId = (key: string) => `syncPod:${key}`;
export const startContainerId = (key: string, container: string) =>
  `startContainer:${key}/${container}`;
/** One image pull in flight for a container (the puller's goroutine for it). */
export const killContainerId = (key: string, container: string) =>
  `killContainer:${key}/${container}`;
export const imagePullId = (key: string, container: string) => `imagePull:${key}/${container}`;
/** A container's restart (CrashLoopBackOff) or image pull (ImagePullBackOff) back-off window. */
export const backOffId = (key: string, container: string, reason: string) =>
  `backOff:${key}/${container}/${reason}`;
export const proberId = (key: string, container: string, probe: string) =>
  `prober:${key}/${container}/${probe}`;
/** One container's CPUs in the CPU manager (static policy). */
export const cpuContainerId = (key: string, container: string) =>
  `cpuContainer:${key}/${container}`;
