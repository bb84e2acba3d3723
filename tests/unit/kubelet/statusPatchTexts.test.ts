/**
 * statusPatch builds the patch from each status's field texts: it must give exactly the text
 * the JSON objects give (statusPatchOfObjects), for every pair of statuses a run stores.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deepFreeze } from '../../../src/sim/core/clone';
import {
  podStatusJson,
  podStatusText,
  statusChanged,
  statusPatch,
  statusPatchOfObjects,
} from '../../../src/sim/kubelet/statusPatch';
import type {
  ApiContainerStatus,
  ApiPodStatus,
  ContainerStateView,
  PodCondition,
} from '../../../src/sim/kubelet/types';
import { runPreset } from './helpers';

/** The patch of a status that did not change, for pods "u" and 'pod"1'. */
const EMPTY_PATCH = '{"metadata":{"uid":"u"},"status":{}}';
const EMPTY_PATCH_1 = '{"metadata":{"uid":"pod\\"1"},"status":{}}';

function statusesOf(preset: string): ApiPodStatus[] {
  const run = runPreset(preset);
  const seen = new Set<ApiPodStatus>();
  const steps = run.trace.steps.t.length;
  for (let i = 0; i <= steps; i += Math.max(1, Math.floor(steps / 60)))
    for (const s of Object.values(run.stateAt(i).domain.status)) seen.add(s);
  return [...seen];
}

describe('statusPatch from field texts', () => {
  it.each([
    'sidecar-startup-probe',
    'hello-pod',
    'crashloop-backoff',
    'delete-grace-period',
    'sandbox-failure',
  ])('%s: every pair of stored statuses patches as the JSON objects do', (preset) => {
    const all = statusesOf(preset);
    expect(all.length).toBeGreaterThan(2);
    for (const a of [undefined, ...all])
      for (const b of all) {
        const patch = statusPatchOfObjects('u', a, b);
        expect(statusPatch('u', a, b)).toBe(patch);
        // The sync's "changed?" compares values; it agrees with the patch's texts.
        expect(statusChanged(a, b)).toBe(patch !== EMPTY_PATCH);
      }
    for (const s of all) expect(podStatusText(s)).toBe(JSON.stringify(podStatusJson(s)));
  });
});

/*
 * The texts are written by hand (string templates in Go field order) and a new status takes
 * the texts of the items it shares with the pod's previous one: both are held to the JSON
 * objects over random statuses, with quotes, backslashes, control characters and unicode in
 * every string, every container state, and pairs that share, replace or reorder items.
 */
const text = fc.oneof(
  fc.constantFrom('', 'Error', 'say "hi"', 'back\\slash', 'tab\there\nnewline', 'ünï ☃ 🚀'),
  fc.string({ unit: 'binary', maxLength: 12 }),
);
const time = fc.integer({ min: 0, max: 30 * 3600 * 1000 });
const opt = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });

const stateArb: fc.Arbitrary<ContainerStateView> = fc.oneof(
  fc.constant({}),
  fc.record({
    waiting: fc.record({ reason: text, message: opt(text) }, { requiredKeys: ['reason'] }),
  }),
  fc.record({ running: fc.record({ startedAt: time }) }),
  fc.record({
    terminated: fc.record(
      {
        exitCode: fc.integer({ min: -2, max: 255 }),
        reason: text,
        message: opt(text),
        startedAt: opt(time),
        finishedAt: time,
      },
      { requiredKeys: ['exitCode', 'reason', 'finishedAt'] },
    ),
  }),
);

/** A resource list, its keys in the sorted order a Go map prints them in. */
const resourceListArb = fc.record(
  { cpu: fc.constantFrom('1', '2', '500m'), memory: fc.constantFrom('64Mi', '128Mi') },
  { requiredKeys: [] },
);

const containerArb: fc.Arbitrary<ApiContainerStatus> = fc.record(
  {
    name: text,
    image: text,
    imageID: text,
    containerID: opt(text),
    state: stateArb,
    lastState: stateArb,
    ready: fc.boolean(),
    started: opt(fc.boolean()),
    restartCount: fc.nat(20),
    allocatedResources: resourceListArb,
    resources: fc.record(
      { limits: resourceListArb, requests: resourceListArb },
      { requiredKeys: [] },
    ),
  },
  { requiredKeys: ['name', 'image', 'imageID', 'state', 'lastState', 'ready', 'restartCount'] },
);

const conditionArb: fc.Arbitrary<PodCondition> = fc.record(
  {
    type: fc.constantFrom(
      'PodReadyToStartContainers',
      'Initialized',
      'Ready',
      'ContainersReady',
      'PodScheduled',
      'x"y',
    ),
    status: fc.constantFrom('True' as const, 'False' as const),
    observedGeneration: opt(fc.integer({ min: 1, max: 3 })),
    reason: opt(text),
    message: opt(text),
    lastTransitionTime: time,
  },
  { requiredKeys: ['type', 'status', 'lastTransitionTime'] },
);

const statusArb: fc.Arbitrary<ApiPodStatus> = fc.record(
  {
    phase: fc.constantFrom(
      'Pending' as const,
      'Running' as const,
      'Succeeded' as const,
      'Failed' as const,
    ),
    observedGeneration: opt(fc.integer({ min: 1, max: 3 })),
    reason: opt(text),
    message: opt(text),
    qosClass: fc.constantFrom('BestEffort', 'Burstable', 'Guaranteed'),
    podIP: opt(fc.constantFrom('', '10.88.0.7')),
    startTime: opt(time),
    conditions: fc.uniqueArray(conditionArb, { maxLength: 5, selector: (c) => c.type }),
    initContainerStatuses: fc.array(containerArb, { maxLength: 2 }),
    containerStatuses: fc.array(containerArb, { maxLength: 3 }),
  },
  {
    requiredKeys: ['phase', 'qosClass', 'conditions', 'initContainerStatuses', 'containerStatuses'],
  },
);

/** `next` keeping some of `prev`'s items at their places, as a stored status does (setPodStatus). */
function sharing(prev: ApiPodStatus, next: ApiPodStatus, keep: boolean[]): ApiPodStatus {
  const mix = <T>(a: T[], b: T[], at: number) =>
    b.map((x, i) => (i < a.length && keep[(at + i) % keep.length] ? a[i]! : x));
  return {
    ...next,
    conditions: keep[0] ? prev.conditions : mix(prev.conditions, next.conditions, 1),
    initContainerStatuses: mix(prev.initContainerStatuses, next.initContainerStatuses, 2),
    containerStatuses: keep[1]
      ? prev.containerStatuses
      : mix(prev.containerStatuses, next.containerStatuses, 3),
  };
}

describe('status texts written by hand', () => {
  it('each status renders as JSON.stringify of its object', () => {
    fc.assert(
      fc.property(statusArb, fc.boolean(), (s, frozen) => {
        const v = frozen ? deepFreeze(s) : s;
        expect(podStatusText(v)).toBe(JSON.stringify(podStatusJson(v)));
      }),
      { numRuns: 400 },
    );
  });

  it('a status equal but for what JSON does not show (sub-second times, an empty waiting reason) has not changed', () => {
    fc.assert(
      fc.property(statusArb, (s) => {
        const blur = (st: ContainerStateView): ContainerStateView =>
          st.waiting
            ? { waiting: { reason: st.waiting.reason || '', message: st.waiting.message || '' } }
            : st.running
              ? { running: { startedAt: Math.floor(st.running.startedAt / 1000) * 1000 + 999 } }
              : st;
        const twin: ApiPodStatus = {
          ...s,
          conditions: s.conditions.map((c) => ({
            ...c,
            lastTransitionTime: Math.floor(c.lastTransitionTime / 1000) * 1000 + 999,
          })),
          containerStatuses: s.containerStatuses.map((c) => ({ ...c, state: blur(c.state) })),
        };
        expect(statusChanged(s, twin)).toBe(false);
        expect(statusPatchOfObjects('u', s, twin)).toBe(EMPTY_PATCH);
        // Resized: only the resources differ, and that is a change.
        const resized: ApiPodStatus = {
          ...s,
          containerStatuses: s.containerStatuses.map((c) => ({
            ...c,
            allocatedResources: { cpu: '3' },
            resources: { requests: { cpu: '3' } },
          })),
        };
        expect(statusChanged(s, resized)).toBe(
          statusPatchOfObjects('u', s, resized) !== EMPTY_PATCH,
        );
      }),
      { numRuns: 200 },
    );
  });

  it('a chain of statuses sharing items patches as the JSON objects do', () => {
    fc.assert(
      fc.property(
        fc.array(statusArb, { minLength: 2, maxLength: 5 }),
        fc.array(fc.boolean(), { minLength: 4, maxLength: 8 }),
        fc.boolean(),
        (list, keep, frozen) => {
          // One pod's statuses, each sharing items with the one before (the texts' reuse).
          let prev: ApiPodStatus | undefined;
          for (const raw of list) {
            const s0 = prev ? sharing(prev, raw, keep) : raw;
            const s = frozen ? deepFreeze(s0) : s0;
            const patch = statusPatchOfObjects('pod"1', prev, s);
            expect(statusPatch('pod"1', prev, s)).toBe(patch);
            expect(statusChanged(prev, s)).toBe(patch !== EMPTY_PATCH_1);
            expect(podStatusText(s)).toBe(JSON.stringify(podStatusJson(s)));
            prev = s;
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
