/**
 * Model tests of every machine with xstate/graph: from the initial state, every reachable state
 * (serialised by state value only, so contexts do not make the graph infinite) is either final or
 * waits for at least one event - no dead ends - and the states the code relies on are reachable.
 */
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyStateMachine } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { apiServerMachine } from '../../../src/sim/machines/apiServer.machine';
import { containerRuntimeMachine } from '../../../src/sim/machines/containerRuntime.machine';
import { cpuManagerMachine } from '../../../src/sim/machines/cpuManager.machine';
import { kubeletProcessMachine } from '../../../src/sim/machines/kubeletProcess.machine';
import { imagePullerMachine } from '../../../src/sim/machines/imagePuller.machine';
import { plegMachine } from '../../../src/sim/machines/pleg.machine';
import { podWorkerMachine } from '../../../src/sim/machines/podWorker.machine';
import { proberMachine } from '../../../src/sim/machines/prober.machine';
import { startContainerMachine } from '../../../src/sim/machines/startContainer.machine';
import { syncLoopMachine } from '../../../src/sim/machines/syncLoop.machine';
import { syncPodMachine } from '../../../src/sim/machines/syncPod.machine';
import { stateString } from '../../../src/sim/runner/engine';

const cases: [string, AnyStateMachine, AnyEventObject[], unknown, string[]][] = [
  [
    'syncLoop',
    syncLoopMachine,
    [
      { type: 'CONFIG', op: 'ADD', uids: ['u'] },
      { type: 'PLEG', uid: 'u', event: 'ContainerStarted', data: 'x' },
      { type: 'SYNC_TICK' },
      { type: 'HOUSEKEEPING' },
      { type: 'PROBE', probe: 'readiness', uid: 'u', containerId: 'c', result: 'Success' },
    ],
    undefined,
    ['select'],
  ],
  [
    'podWorker',
    podWorkerMachine,
    [
      { type: 'UPDATE' },
      { type: 'CACHE_READY', workType: 'sync' },
      { type: 'CACHE_READY', workType: 'terminating' },
      { type: 'CACHE_READY', workType: 'terminated' },
      { type: 'SYNC_DONE', isTerminal: false },
      { type: 'TERMINATING_DONE' },
      { type: 'TERMINATED_DONE' },
    ],
    { uid: 'u' },
    ['idle', 'waitingForCache', 'syncing', 'terminating', 'terminated', 'finished'],
  ],
  [
    'syncPod',
    syncPodMachine,
    [
      { type: 'START', updateType: 'sync' },
      { type: 'NEXT' },
      { type: 'TERMINAL' },
      { type: 'FAIL', error: 'x' },
      {
        type: 'ACTIONS',
        killPod: true,
        createSandbox: true,
        kill: 0,
        initToStart: 1,
        containersToStart: 0,
      },
      {
        type: 'ACTIONS',
        killPod: false,
        createSandbox: false,
        kill: 1,
        initToStart: 0,
        containersToStart: 1,
      },
      {
        type: 'ACTIONS',
        killPod: false,
        createSandbox: false,
        kill: 0,
        initToStart: 0,
        containersToStart: 1,
      },
      {
        type: 'ACTIONS',
        killPod: false,
        createSandbox: false,
        kill: 0,
        initToStart: 0,
        containersToStart: 0,
      },
      { type: 'KILLED' },
      { type: 'SANDBOX_READY', id: 's' },
      { type: 'SANDBOX_FAILED' },
      { type: 'CONTAINER_RESULT', ok: true },
      { type: 'INIT_DONE' },
      { type: 'CONTAINERS_DONE' },
    ],
    { uid: 'u' },
    [
      'idle',
      'generatingStatus',
      'preparing',
      'mountingVolumes',
      'runtime.computingActions',
      'runtime.killingPod',
      'runtime.killingContainers',
      'runtime.creatingSandbox',
      'runtime.startingInit',
      'runtime.startingContainers',
    ],
  ],
  [
    'startContainer',
    startContainerMachine,
    [
      { type: 'START', typeName: 'container' },
      { type: 'IMAGE_PRESENT' },
      { type: 'PULL_QUEUED' },
      { type: 'PULLED' },
      { type: 'PULL_FAILED' },
      { type: 'IMAGE_FAILED' },
      { type: 'NEXT' },
      { type: 'CREATED' },
      { type: 'CREATE_FAILED' },
      { type: 'STARTED', hook: true },
      { type: 'STARTED', hook: false },
      { type: 'START_FAILED' },
      { type: 'HOOK_DONE' },
      { type: 'HOOK_FAILED' },
      { type: 'KILLED' },
    ],
    { uid: 'u', name: 'c' },
    [
      'idle',
      'ensuringImage',
      'pullingImage',
      'generatingConfig',
      'preCreate',
      'creating',
      'preStart',
      'starting',
      'postStart',
      'killingAfterHook',
    ],
  ],
  [
    'imagePuller',
    imagePullerMachine,
    [
      { type: 'PULL', requester: 'r', image: 'i', podUid: 'u' },
      { type: 'PULL_COMPLETE', id: 1 },
    ],
    undefined,
    ['idle', 'pulling'],
  ],
  ['pleg', plegMachine, [{ type: 'RELIST' }], undefined, ['waiting']],
  [
    'prober',
    proberMachine,
    [{ type: 'TICK' }, { type: 'TRIGGER' }, { type: 'STOP' }],
    { uid: 'u', container: 'c', probe: 'readiness' },
    ['probing', 'stopped'],
  ],
  [
    'containerRuntime',
    containerRuntimeMachine,
    [
      { type: 'EXIT', id: 'c', exitCode: 1, reason: 'Error' },
      { type: 'STOPPED', id: 'c' },
    ],
    undefined,
    ['serving'],
  ],
  [
    'apiServer',
    apiServerMachine,
    [
      { type: 'POD_CREATE', uids: ['u'] },
      { type: 'POD_DELETE', uid: 'u' },
      { type: 'POD_REMOVE', uid: 'u' },
    ],
    undefined,
    ['serving'],
  ],
  [
    'kubeletProcess',
    kubeletProcessMachine,
    [{ type: 'START', gen: 0 }, { type: 'STARTED' }, { type: 'EXITED' }, { type: 'STOP' }],
    undefined,
    ['down', 'starting', 'running'],
  ],
  ['cpuManager', cpuManagerMachine, [{ type: 'RECONCILE' }], undefined, ['running']],
];

describe('machine models', () => {
  for (const [name, machine, events, input, expected] of cases) {
    it(`${name}: every reachable state is final or waits for an event`, () => {
      const paths = getShortestPaths(machine, {
        events,
        input,
        serializeState: (s: { value: unknown }) => JSON.stringify(s.value),
      } as never);
      const reached = new Set<string>();
      for (const p of paths) {
        const snap = p.state;
        const value = stateString(snap.value);
        reached.add(value);
        if (snap.status === 'done') continue;
        // A waiting state: at least one of the machine's events is handled here.
        expect(events.some((e) => snap.can(e))).toBe(true);
      }
      for (const s of expected) expect(reached).toContain(s);
    });
  }
});
