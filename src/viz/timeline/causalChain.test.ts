import { describe, expect, it } from 'vitest';
import { causalChain } from './causalChain';
import type { Flow } from './laneModel';

const f = (fromLane: number, fromIndex: number, toLane: number, toIndex: number): Flow => ({
  fromLane,
  fromIndex,
  toLane,
  toIndex,
});

describe('the causal chain of a selected span', () => {
  // PLEG event (0:0) → wake-up (1:0) → SyncPod (2:0) → start (3:0) and → probe (4:0);
  // an unrelated chain 0:1 → 1:1 → 2:1; and 5:0 → 1:0 joins the first.
  const flows = [
    f(0, 0, 1, 0),
    f(1, 0, 2, 0),
    f(2, 0, 3, 0),
    f(2, 0, 4, 0),
    f(0, 1, 1, 1),
    f(1, 1, 2, 1),
    f(5, 0, 1, 0),
  ];
  const on = (m: Uint8Array) => [...m].flatMap((v, i) => (v ? [i] : []));

  it('draws nothing without a selection', () => {
    expect(on(causalChain(flows, null))).toEqual([]);
  });
  it('follows every cause back to the first ones, and the effects one step on', () => {
    // SyncPod 2:0: caused by the wake-up, itself by the PLEG event and by 5:0; sets off 3:0, 4:0.
    expect(on(causalChain(flows, { lane: 2, index: 0 }))).toEqual([0, 1, 2, 3, 6]);
  });
  it('leaves out other chains and effects of effects', () => {
    // The start 3:0 is explained by the chain up to it, not by SyncPod's other effect.
    expect(on(causalChain(flows, { lane: 3, index: 0 }))).toEqual([0, 1, 2, 6]);
    expect(on(causalChain(flows, { lane: 0, index: 1 }))).toEqual([4]);
  });
  it('terminates on a cycle', () => {
    const loop = [f(0, 0, 1, 0), f(1, 0, 0, 0)];
    expect(on(causalChain(loop, { lane: 0, index: 0 }))).toEqual([0, 1]);
  });
  it('takes in the marks drawn at the same instant on the selected lane', () => {
    // Lane 2 has two marks at t = 5 (indices 0 and 1) and one at t = 9; arrows reach 1 and 2.
    const lanes = [
      { start: [0], end: [0] },
      { start: [0], end: [0] },
      { start: [5, 5, 9], end: [5, 5, 9] },
    ];
    const two = [f(0, 0, 2, 1), f(1, 0, 2, 2)];
    expect(on(causalChain(two, { lane: 2, index: 0 }))).toEqual([]);
    expect(on(causalChain(two, { lane: 2, index: 0 }, lanes))).toEqual([0]);
  });
});
