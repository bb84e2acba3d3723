/**
 * kubectl get pods rows and the per-pod detail kubectl describe shows, at a step of a run.
 * Pods exist in the API from their arrival time (Pending until the kubelet reports); a pod the
 * kubelet removed after deletion is gone.
 */
import { ageSince } from '../core/time';
import { initialStatus } from '../kubelet/statusManager';
import type { ApiContainerStatus, ApiPodStatus, PodCondition } from '../kubelet/types';
import type { SimulationRun } from '../simulate';
import { printPod } from './printPod';

export interface ContainerDetail {
  name: string;
  init: boolean;
  sidecar: boolean;
  image: string;
  imageID: string;
  containerID?: string;
  state: 'Waiting' | 'Running' | 'Terminated';
  reason?: string;
  message?: string;
  exitCode?: number;
  startedAt?: number;
  finishedAt?: number;
  lastState?: {
    reason: string;
    message?: string;
    exitCode: number;
    startedAt?: number;
    finishedAt?: number;
  };
  ready: boolean;
  started?: boolean;
  restartCount: number;
}

export interface PodRow {
  /** kubectl get pods columns. */
  name: string;
  ready: string;
  status: string;
  restarts: string;
  age: string;
  /** Detail for describe and inspectors. */
  namespace: string;
  key: string;
  uid: string;
  node: string;
  phase: ApiPodStatus['phase'];
  reason?: string;
  message?: string;
  qosClass: string;
  hostIP?: string;
  podIP?: string;
  startTime?: number;
  createdAt: number;
  deleting: boolean;
  conditions: PodCondition[];
  containers: ContainerDetail[];
}

function detail(s: ApiContainerStatus, init: boolean, sidecar: boolean): ContainerDetail {
  const st = s.state;
  const base = {
    name: s.name,
    init,
    sidecar,
    image: s.image,
    imageID: s.imageID,
    containerID: s.containerID,
    ready: s.ready,
    started: s.started,
    restartCount: s.restartCount,
    lastState: s.lastState.terminated
      ? {
          reason: s.lastState.terminated.reason,
          message: s.lastState.terminated.message,
          exitCode: s.lastState.terminated.exitCode,
          startedAt: s.lastState.terminated.startedAt,
          finishedAt: s.lastState.terminated.finishedAt,
        }
      : undefined,
  };
  if (st.running) return { ...base, state: 'Running', startedAt: st.running.startedAt };
  if (st.terminated)
    return {
      ...base,
      state: 'Terminated',
      reason: st.terminated.reason,
      message: st.terminated.message,
      exitCode: st.terminated.exitCode,
      startedAt: st.terminated.startedAt,
      finishedAt: st.terminated.finishedAt,
    };
  return {
    ...base,
    state: 'Waiting',
    reason: st.waiting?.reason || undefined,
    message: st.waiting?.message,
  };
}

export function podsAt(run: SimulationRun, step: number): PodRow[] {
  const world = run.stateAt(step);
  const d = world.domain;
  const now = world.t;
  const rows: PodRow[] = [];
  for (const a of run.config.arrivals) {
    if (a.at > now) continue;
    const pod = run.config.pods[a.uid]!;
    const apiPod = d.apiPods[a.uid];
    if (!apiPod || apiPod.removed) continue;
    const s = d.status[a.uid] ?? initialStatus(pod, run.config.gates);
    const deleting = apiPod.deletionAt !== undefined;
    const cells = printPod(pod, s, deleting, now);
    rows.push({
      name: pod.name,
      ...cells,
      age: ageSince(now, pod.at),
      namespace: pod.namespace,
      key: pod.key,
      uid: pod.uid,
      node: run.config.nodeName,
      phase: s.phase,
      reason: s.reason,
      message: s.message,
      qosClass: s.qosClass,
      hostIP: s.hostIP,
      podIP: s.podIP,
      startTime: s.startTime,
      createdAt: pod.at,
      deleting,
      conditions: s.conditions,
      containers: [
        ...s.initContainerStatuses.map((c, i) => detail(c, true, pod.init[i]?.kind === 'sidecar')),
        ...s.containerStatuses.map((c) => detail(c, false, false)),
      ],
    });
  }
  return rows;
}
