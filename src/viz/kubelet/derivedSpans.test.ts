import { describe, expect, it } from 'vitest';
import type { KubeEvent, Trace } from '../../sim';
import { makeTrace } from '../timeline/testTrace';
import type { Placement } from '../timeline/layoutLanes';
import { derivedContainerSpans } from './derivedSpans';

const place = (id: string): Placement => ({
  group: id,
  groupLabel: id,
  lane: id,
  order: 0,
  pod: null,
  container: null,
});

const backOff = (pod: string, container: string, step: number, message: string): KubeEvent => ({
  step,
  t: step * 1000,
  type: 'Warning',
  reason: 'BackOff',
  object: `default/${pod}`,
  fieldPath: `spec.containers{${container}}`,
  message,
  source: 'kubelet',
});

/**
 * Two pods' containers named "a", each exiting at step 1 and started again at step 5; the
 * events are given.
 */
function twoPods(events: KubeEvent[]): Trace {
  const sc = (pod: string) => `startContainer:default/${pod}/a`;
  const trace = makeTrace(
    [
      { id: sc('p1'), kind: 'startContainer' },
      { id: sc('p2'), kind: 'startContainer' },
    ],
    [
      [0, sc('p1'), 'START', 'idle', 'pulling'],
      [0, sc('p2'), 'START', 'idle', 'pulling'],
      [1000, sc('p1'), 'DONE', 'pulling', 'idle'],
      [1000, sc('p2'), 'DONE', 'pulling', 'idle'],
      [2000, sc('p1'), 'TICK', 'idle', 'idle'],
      [5000, sc('p1'), 'START', 'idle', 'pulling'],
      [5000, sc('p2'), 'START', 'idle', 'pulling'],
    ],
    6000,
  );
  const life = (pod: string, id: string) => [
    { step: 0, t: 0, kind: 'containerStarted', entity: sc(pod), data: { id } },
    { step: 2, t: 1000, kind: 'containerExited', entity: sc(pod), data: { id } },
  ];
  return {
    ...trace,
    events,
    records: [...life('p1', 'c1'), ...life('p2', 'c2')] as unknown as Trace['records'],
  };
}

const waits = (trace: Trace) =>
  derivedContainerSpans(trace, place)
    .filter((s) => s.kind !== 'running')
    .map((s) => [s.placement.lane, s.label]);

describe('derivedContainerSpans: the wait after an exit', () => {
  it('is a CrashLoopBackOff only for the container the BackOff event is about', () => {
    // Both pods have a container "a"; only p1's is in back-off.
    const trace = twoPods([
      backOff('p1', 'a', 4, 'Back-off restarting failed container a in pod p1_default(u1)'),
    ]);
    expect(waits(trace)).toEqual([
      ['startContainer:default/p1/a', 'CrashLoopBackOff'],
      ['startContainer:default/p2/a', 'exited'],
    ]);
  });

  it('is a CrashLoopBackOff by the event’s object and field path, whatever the message names', () => {
    // v1.18 prints "Back-off restarting failed container", v1.3 "… failed docker container":
    // neither names the container.
    for (const message of [
      'Back-off restarting failed container',
      'Back-off restarting failed docker container',
    ])
      expect(waits(twoPods([backOff('p2', 'a', 4, message)]))).toEqual([
        ['startContainer:default/p1/a', 'exited'],
        ['startContainer:default/p2/a', 'CrashLoopBackOff'],
      ]);
  });

  it('is not a CrashLoopBackOff for an image pull back-off or a BackOff outside the wait', () => {
    const trace = twoPods([
      backOff('p1', 'a', 4, 'Back-off pulling image "nginx"'),
      backOff('p2', 'a', 6, 'Back-off restarting failed container a in pod p2_default(u2)'),
    ]);
    expect(waits(trace)).toEqual([
      ['startContainer:default/p1/a', 'exited'],
      ['startContainer:default/p2/a', 'exited'],
    ]);
  });
});
