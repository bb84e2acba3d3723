/**
 * The kubelet component a machine kind stands for, as the step line names it. Apart from the
 * sentence rules, so the page has it without them.
 */
const COMPONENTS: Readonly<Record<string, string>> = {
  kubeletProcess: 'kubelet process',
  apiServer: 'API server',
  evictionManager: 'eviction manager',
  containerRuntime: 'containerd',
  syncLoop: 'sync loop',
  podWorker: 'pod worker',
  pleg: 'PLEG',
  syncPod: 'SyncPod',
  startContainer: 'startContainer',
  imagePuller: 'image puller',
  imagePull: 'image pull',
  backOff: 'back-off',
  cpuManager: 'CPU manager',
  cpuContainer: 'CPU manager',
  volumeManager: 'volume manager',
  killContainer: 'killContainer',
  prober: 'probe worker',
};

/** "pod worker, default/web"; "startContainer, default/web app"; "sync loop". */
export function componentOf(kind: string, id: string): string {
  const name = COMPONENTS[kind] ?? kind;
  const colon = id.indexOf(':');
  if (colon < 0) return name;
  const [ns, podName, container, probe] = id.slice(colon + 1).split('/');
  const who = [`${ns}/${podName}`, container, probe].filter(Boolean).join(' ');
  return `${name}, ${who}`;
}
