/**
 * Where each machine goes on the timeline. Node-wide machines form the "Kubelet"
 * group: the sync loop's wake-ups split by source (config, PLEG, sync, housekeeping,
 * probes), PLEG relists, the image puller and the CPU manager. Each pod gets a group:
 * its pod worker, SyncPod, then a lane per container (startContainer's steps and the
 * container's life) and its probes.
 */
import { type EntityInfo } from '../../sim';
import type { Placement } from '../timeline/layoutLanes';
import type { SpanKind } from '../timeline/spanKinds';
import { parseEntityId, shortName } from './entityNames';

/** The PLEG's wake-up after its relist period (XState's event for `after: { relistPeriod }` in pleg.machine.ts). */
const PLEG_RELIST_EVENT = 'xstate.after.relistPeriod.pleg.sleeping';
/** The CPU manager's reconcile: its `after: { reconcilePeriod }` in cpuManager.machine.ts. */
const CPU_RECONCILE_EVENT = 'xstate.after.reconcilePeriod.cpuManager.sleeping';

export const NODE_GROUP = 'node';

const WAKEUP_LANE: Record<string, string> = {
  CONFIG: 'wake: config',
  PLEG: 'wake: PLEG',
  // The sync loop's tickers: `after: { syncTickerPeriod }` and `{ housekeepingPeriod }` in
  // syncLoop.machine.ts.
  'xstate.after.syncTickerPeriod.syncLoop.syncTicker.ticking': 'wake: sync',
  'xstate.after.housekeepingPeriod.syncLoop.housekeepingTicker.ticking': 'wake: housekeeping',
  PROBE: 'wake: probes',
};
const WAKEUP_ORDER = [
  'wake: config',
  'wake: PLEG',
  'wake: sync',
  'wake: housekeeping',
  'wake: probes',
];

const hideIdle = (s: string) => s === 'idle';
/** The pull wait is drawn from the puller's records instead (queued, then pulling): see pullSpans. */
// The pull is drawn from the puller's records (pullSpans): kuberuntime's pullingImage, v1.3's waitingForPull.
const hideIdleOrPull = (s: string) =>
  s === 'idle' || s.endsWith('pullingImage') || s.endsWith('waitingForPull');
const HOOK_STATES = new Set(['postStart', 'killingAfterHook']);

/** States of startContainer, SyncPod and the pod worker, as kubelet step names. */
const STEP_KIND: Record<string, SpanKind> = {
  ensuringImage: 'pull',
  pullingImage: 'pull',
  generatingConfig: 'create',
  preCreate: 'prestart',
  creating: 'create',
  preStart: 'prestart',
  // kubelet 1.18: PreStartContainer's UpdateContainerResources; 1.3: the image puller's wait.
  updatingContainerResources: 'prestart',
  startingAfterPreStart: 'prestart',
  waitingForPull: 'pull',
  starting: 'start',
  postStart: 'poststart',
  killingAfterHook: 'terminated',
  imagePresent: 'pull',
  imageFailed: 'error',
  waitingForCache: 'wait',
  cacheReady: 'wait',
  syncing: 'sync',
  terminating: 'terminated',
  terminated: 'terminated',
};

/** "a.b.c" → "c" (a slice, not a split: asked for each new state of each machine). */
const lastPart = (s: string) => s.slice(s.lastIndexOf('.') + 1);

function stepKind(state: string): SpanKind | undefined {
  return STEP_KIND[lastPart(state)];
}

export function nodeGroupLabel(nodeName: string): string {
  return `Kubelet (${nodeName})`;
}

/** The lane of the CPU manager's allocations and releases (derived marks). */
export function cpuManagerPlacement(nodeName: string): Placement {
  return {
    group: NODE_GROUP,
    groupLabel: nodeGroupLabel(nodeName),
    lane: 'CPU manager',
    order: 12,
    pod: null,
    container: null,
  };
}

// A placement's rules, shared by every entity of a kind: built per entity, they were most of a
// placement's cost (the 110-pod node places ~900 entities a run).
const syncLoopInstants = (ev: string) => WAKEUP_LANE[ev] ?? null;
const syncLoopKind = (lane: string): SpanKind =>
  lane === 'wake: PLEG' || lane === 'wake: config' ? 'sync' : 'wakeup';
// A relist runs on the step that enters `relisting`: the start, then each period.
const plegInstants = (ev: string) =>
  ev === 'xstate.init' || ev === PLEG_RELIST_EVENT ? 'PLEG relist' : null;
const cpuReconcileInstants = (ev: string) =>
  ev === CPU_RECONCILE_EVENT ? 'CPU manager reconcile' : null;
const cpuKind = (): SpanKind => 'cpu';
const apiServerInstants = (ev: string) => (ev.startsWith('POD_') ? 'API server' : null);
const admitKind = (): SpanKind => 'admit';
// Only the interesting part of the kubelet process: starting, or down (stopped, failed to start).
const kubeletIsEnd = (st: string) => st === 'running';
const kubeletKind = (st: string): SpanKind =>
  st === 'down' || st === 'exited' ? 'error' : 'start';
// Idle also while its work-queue entry waits out the requeue delay (idle.requeued).
const podWorkerIsEnd = (s: string) => s === 'idle' || s.startsWith('idle.');
const stepKindOrSync = (s: string): SpanKind => stepKind(s) ?? 'sync';
const stepKindOrStart = (s: string): SpanKind => stepKind(s) ?? 'start';
const containerStepLabel = (s: string) =>
  s === 'killingAfterHook' ? 'killing (hook failed)' : lastPart(s);
const volumesIsEnd = (s: string) => s === 'mounted';
const syncKind = (): SpanKind => 'sync';

export function makePlacer(nodeName: string) {
  const groupLabel = nodeGroupLabel(nodeName);
  const node = (lane: string, order: number, extra: Partial<Placement> = {}): Placement => ({
    group: NODE_GROUP,
    groupLabel,
    lane,
    order,
    pod: null,
    container: null,
    ...extra,
  });
  return (e: EntityInfo): Placement | null => {
    const n = parseEntityId(e.id, e.kind);
    if (n.pod === null) {
      switch (e.kind) {
        case 'syncLoop':
          return node('sync loop', 0, { instants: syncLoopInstants, kind: syncLoopKind });
        case 'pleg':
          return node('PLEG relist', 10, { instants: plegInstants });
        case 'imagePuller':
          return node('image puller', 11, { isEnd: hideIdle });
        case 'cpuManager':
          return node('CPU manager reconcile', 13, {
            instants: cpuReconcileInstants,
            kind: cpuKind,
          });
        case 'containerRuntime':
          return null;
        case 'apiServer':
          return node('API server', -1, { instants: apiServerInstants, kind: admitKind });
        case 'kubeletProcess':
          return node('kubelet process', 14, { isEnd: kubeletIsEnd, kind: kubeletKind });
        default:
          return node(e.kind, 20, { isEnd: hideIdle });
      }
    }
    const pod = n.pod;
    const container = n.container;
    // Object literals, not a spread of a shared base: spreading took V8's slow path.
    switch (e.kind) {
      case 'podWorker':
        return {
          group: pod,
          groupLabel: pod,
          pod,
          container,
          lane: 'pod worker',
          order: 0,
          isEnd: podWorkerIsEnd,
          kind: stepKindOrSync,
        };
      case 'syncPod':
        return {
          group: pod,
          groupLabel: pod,
          pod,
          container,
          lane: 'SyncPod',
          order: 1,
          isEnd: hideIdle,
          kind: stepKindOrSync,
        };
      case 'startContainer': {
        const name = container ? shortName(container) : 'container';
        const hookLane = `${name} PostStart hook`;
        return {
          group: pod,
          groupLabel: pod,
          pod,
          container,
          lane: name,
          order: 10,
          isEnd: hideIdleOrPull,
          // The hook runs beside the container's process (which is already running):
          // its own lane, named for what it is.
          laneOf: (s) => (HOOK_STATES.has(lastPart(s)) ? hookLane : name),
          label: containerStepLabel,
          kind: stepKindOrStart,
        };
      }
      case 'volumeManager':
        // Verify, mount, SetUp of kube-api-access: a short span at the pod's first sync.
        return {
          group: pod,
          groupLabel: pod,
          pod,
          container,
          lane: 'volumes',
          order: 2,
          isEnd: volumesIsEnd,
          kind: syncKind,
        };
      case 'prober':
        // Probes are drawn from the prober's results (probeMarks), only once they run.
        return null;
      case 'cpuContainer':
        // A container's CPUs are drawn in the CPU manager's lane and the CPU diagram.
        return null;
      case 'imagePull':
        // A pull is drawn in its container's lane (startContainer's pullingImage).
        return null;
      case 'killContainer':
        // A kill is drawn in the pod worker's terminating span and its container's Killing event.
        return null;
      case 'backOff':
        // Back-off windows are drawn in the container's lane from its Events (gaps).
        return null;
      default:
        return {
          group: pod,
          groupLabel: pod,
          pod,
          container,
          lane: e.kind,
          order: 30,
          isEnd: hideIdle,
        };
    }
  };
}

/**
 * Pods first, in order of arrival (they are what a person came to watch), then the
 * node-wide machines whose wake-ups drive them.
 */
export const groupOrder = (g: string) => (g === NODE_GROUP ? 1 : 0);

export const WAKEUP_LANES = WAKEUP_ORDER;
