/**
 * The CRI runtime's state (containerd as the kubelet sees it through CRI): pod sandboxes and
 * containers with their states, exit codes and restart-count labels. Every change marks the
 * pod dirty so the PLEG relist only re-inspects pods that changed (the real relist lists
 * everything; the events it generates are the same).
 */
import { runtimeId } from '../core/ids';
import type { ContainerDef, PodDef } from './config';
import type { CachedPodStatus, ContainerRecord, KubeletDomain, SandboxRecord } from './types';
import { own, own2 } from '../core/cow';
import { table } from '../core/shapes';

export const NODE_IP = '10.0.0.10';

export function emptyRuntime(): KubeletDomain['runtime'] {
  return {
    sandboxes: table(),
    containers: table(),
    podSandboxes: table(),
    podContainers: table(),
    nextIp: 5,
    nextId: 1,
  };
}

function markDirty(d: KubeletDomain, uid: string): void {
  own2(d, 'pleg', 'dirty')[uid] = true;
}

function newId(d: KubeletDomain, salt: number): string {
  return runtimeId(own(d, 'runtime').nextId++, salt);
}

export function runPodSandbox(
  d: KubeletDomain,
  pod: PodDef,
  attempt: number,
  t: number,
): SandboxRecord {
  const id = newId(d, 17);
  const ip = pod.hostNetwork ? NODE_IP : `10.244.0.${own(d, 'runtime').nextIp++}`;
  const sb: SandboxRecord = {
    id,
    podUid: pod.uid,
    state: 'SANDBOX_READY',
    attempt,
    createdAt: t,
    ip,
  };
  own2(d, 'runtime', 'sandboxes')[id] = Object.freeze(sb);
  // Frozen lists, replaced rather than changed: checkpoints and seeks share them.
  own2(d, 'runtime', 'podSandboxes')[pod.uid] = Object.freeze([
    id,
    ...(d.runtime.podSandboxes[pod.uid] ?? []),
  ]);
  markDirty(d, pod.uid);
  return sb;
}

export function stopPodSandbox(d: KubeletDomain, id: string): void {
  const sb = d.runtime.sandboxes[id];
  if (!sb || sb.state === 'SANDBOX_NOTREADY') return;
  own2(d, 'runtime', 'sandboxes')[id] = Object.freeze({
    ...sb,
    state: 'SANDBOX_NOTREADY' as const,
  });
  markDirty(d, sb.podUid);
}

export function createContainer(
  d: KubeletDomain,
  pod: PodDef,
  c: ContainerDef,
  sandboxId: string,
  attempt: number,
  t: number,
): ContainerRecord {
  const id = newId(d, 31);
  const rec: ContainerRecord = {
    id,
    podUid: pod.uid,
    name: c.name,
    kind: c.kind,
    sandboxId,
    attempt,
    image: c.imageRef,
    state: 'CREATED',
    createdAt: t,
  };
  own2(d, 'runtime', 'containers')[id] = Object.freeze(rec);
  own2(d, 'runtime', 'podContainers')[pod.uid] = Object.freeze([
    id,
    ...(d.runtime.podContainers[pod.uid] ?? []),
  ]);
  markDirty(d, pod.uid);
  return rec;
}

export function startContainer(d: KubeletDomain, id: string, t: number): void {
  const c = d.runtime.containers[id];
  if (!c || c.state !== 'CREATED') return;
  own2(d, 'runtime', 'containers')[id] = Object.freeze({
    ...c,
    state: 'RUNNING' as const,
    startedAt: t,
  });
  markDirty(d, c.podUid);
}

/** The process exited (by itself, or after StopContainer). Returns false if it was not running. */
export function exitContainer(
  d: KubeletDomain,
  id: string,
  t: number,
  exitCode: number,
  reason: string,
  message?: string,
): boolean {
  const c = d.runtime.containers[id];
  if (!c || c.state === 'EXITED') return false;
  own2(d, 'runtime', 'containers')[id] = Object.freeze({
    ...c,
    state: 'EXITED' as const,
    finishedAt: t,
    exitCode,
    reason,
    ...(message !== undefined ? { message } : {}),
  });
  markDirty(d, c.podUid);
  return true;
}

export function removeContainer(d: KubeletDomain, id: string): void {
  const c = d.runtime.containers[id];
  if (!c) return;
  delete own2(d, 'runtime', 'containers')[id];
  const list = d.runtime.podContainers[c.podUid];
  if (list)
    own2(d, 'runtime', 'podContainers')[c.podUid] = Object.freeze(list.filter((x) => x !== id));
  markDirty(d, c.podUid);
}

/**
 * GetPodStatus: sandboxes and containers newest first. Records are never mutated in place
 * (every change replaces the object), so the cache can share them with the runtime. Records
 * and cache entries are frozen: checkpoints and seeks share frozen values instead of copying
 * them (core/clone.ts), and a write to one would throw rather than change a checkpoint.
 */
export function getPodStatus(d: KubeletDomain, uid: string, t: number): CachedPodStatus {
  return Object.freeze({
    t,
    sandboxes: Object.freeze(
      (d.runtime.podSandboxes[uid] ?? []).map((id) => d.runtime.sandboxes[id]!),
    ),
    containers: Object.freeze(
      (d.runtime.podContainers[uid] ?? []).map((id) => d.runtime.containers[id]!),
    ),
  }) as CachedPodStatus;
}

export function runningContainers(d: KubeletDomain, uid: string): ContainerRecord[] {
  return (d.runtime.podContainers[uid] ?? [])
    .map((id) => d.runtime.containers[id]!)
    .filter((c) => c.state !== 'EXITED');
}

/** kubecontainer.PodStatus.FindContainerStatusByName: the newest instance. */
export function latestByName(ps: CachedPodStatus, name: string): ContainerRecord | undefined {
  // A loop, not find(): computePodActions asks for every container at every sync.
  const list = ps.containers;
  for (let i = 0; i < list.length; i++) if (list[i]!.name === name) return list[i];
  return undefined;
}
