/**
 * kubectl get pods columns, following printPod (pkg/printers/internalversion/printers.go):
 * READY counts ready regular containers plus started-and-ready sidecars over regular + sidecar
 * containers; STATUS walks init container statuses (Init:N/M, Init:<reason>) then regular
 * containers from the last (waiting/terminated reasons), "Terminating" when deleted;
 * RESTARTS with "(<age> ago)" of the last termination.
 */
import { ageSince } from '../core/time';
import type { PodDef } from '../kubelet/config';
import type { ApiPodStatus } from '../kubelet/types';

export interface PodRowCells {
  ready: string;
  status: string;
  restarts: string;
}

export function printPod(pod: PodDef, s: ApiPodStatus, deleted: boolean, now: number): PodRowCells {
  let restarts = 0;
  let sidecarRestarts = 0;
  let readyContainers = 0;
  let lastRestart = -1;
  let lastSidecarRestart = -1;
  let total = pod.containers.length + pod.init.filter((c) => c.kind === 'sidecar').length;
  void total;
  let reason: string = s.reason ?? s.phase;
  let initializing = false;
  for (let i = 0; i < s.initContainerStatuses.length; i++) {
    const c = s.initContainerStatuses[i]!;
    const sidecar = pod.init[i]?.kind === 'sidecar';
    restarts += c.restartCount;
    const lt = c.lastState.terminated?.finishedAt;
    if (lt !== undefined && lt > lastRestart) lastRestart = lt;
    if (sidecar) {
      sidecarRestarts += c.restartCount;
      if (lt !== undefined && lt > lastSidecarRestart) lastSidecarRestart = lt;
    }
    const term = c.state.terminated;
    if (term && term.exitCode === 0) continue;
    if (sidecar && c.started) {
      if (c.ready) readyContainers++;
      continue;
    }
    if (term) {
      reason = term.reason ? `Init:${term.reason}` : `Init:ExitCode:${term.exitCode}`;
      initializing = true;
    } else if (
      c.state.waiting &&
      c.state.waiting.reason &&
      c.state.waiting.reason !== 'PodInitializing'
    ) {
      reason = `Init:${c.state.waiting.reason}`;
      initializing = true;
    } else {
      reason = `Init:${i}/${pod.init.length}`;
      initializing = true;
    }
    break;
  }
  const initializedTrue = s.conditions.some((c) => c.type === 'Initialized' && c.status === 'True');
  if (!initializing || initializedTrue) {
    restarts = sidecarRestarts;
    lastRestart = lastSidecarRestart;
    let hasRunning = false;
    for (let i = s.containerStatuses.length - 1; i >= 0; i--) {
      const c = s.containerStatuses[i]!;
      restarts += c.restartCount;
      const lt = c.lastState.terminated?.finishedAt;
      if (lt !== undefined && lt > lastRestart) lastRestart = lt;
      if (c.state.waiting && c.state.waiting.reason) reason = c.state.waiting.reason;
      else if (c.state.terminated && c.state.terminated.reason) reason = c.state.terminated.reason;
      else if (c.state.terminated) reason = `ExitCode:${c.state.terminated.exitCode}`;
      else if (c.ready && c.state.running) {
        hasRunning = true;
        readyContainers++;
      }
    }
    if (reason === 'Completed' && hasRunning) {
      reason = s.conditions.some((c) => c.type === 'Ready' && c.status === 'True')
        ? 'Running'
        : 'NotReady';
    }
  }
  if (deleted && s.phase !== 'Succeeded' && s.phase !== 'Failed') reason = 'Terminating';
  total = pod.containers.length + pod.init.filter((c) => c.kind === 'sidecar').length;
  const restartsStr =
    restarts !== 0 && lastRestart >= 0
      ? `${restarts} (${ageSince(now, lastRestart)} ago)`
      : String(restarts);
  return { ready: `${readyContainers}/${total}`, status: reason, restarts: restartsStr };
}
