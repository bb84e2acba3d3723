import { describe, expect, it } from 'vitest';
import {
  cursorAtTime,
  formatSpeed,
  nextCursor,
  prevCursor,
  speedFromLog,
  timeAtCursor,
  unionStep,
} from './cursor';

const times = [0, 0, 100, 100, 250, 1000];

describe('cursor', () => {
  it('maps time to the number of steps at or before it', () => {
    expect(cursorAtTime(times, -1)).toBe(0);
    expect(cursorAtTime(times, 0)).toBe(2);
    expect(cursorAtTime(times, 99)).toBe(2);
    expect(cursorAtTime(times, 100)).toBe(4);
    expect(cursorAtTime(times, 5000)).toBe(6);
  });
  it('gives the time of the last applied step', () => {
    expect(timeAtCursor(times, 0)).toBe(0);
    expect(timeAtCursor(times, 5)).toBe(250);
  });
  it('steps one transition at a time', () => {
    expect(nextCursor(6, 0, null)).toBe(1);
    expect(nextCursor(6, 6, null)).toBe(6);
    expect(prevCursor(1, null)).toBe(0);
    expect(prevCursor(0, null)).toBe(0);
  });
  it('steps over notable steps only, and back exactly', () => {
    const notable = Int32Array.from([1, 4]);
    expect(nextCursor(6, 0, notable)).toBe(2);
    expect(nextCursor(6, 2, notable)).toBe(5);
    expect(nextCursor(6, 5, notable)).toBe(6);
    expect(prevCursor(6, notable)).toBe(5);
    expect(prevCursor(5, notable)).toBe(2);
    expect(prevCursor(2, notable)).toBe(0);
  });
  it('round-trips forward then back from any notable boundary', () => {
    const notable = Int32Array.from([0, 3, 7, 8, 20]);
    let c = 0;
    const seen = [c];
    while (c < 30) seen.push((c = nextCursor(30, c, notable)));
    for (let i = seen.length - 1; i > 0; i--)
      expect(prevCursor(seen[i]!, notable)).toBe(seen[i - 1]);
  });
});

describe('speed', () => {
  it('is a clamped log scale', () => {
    expect(speedFromLog(0)).toBe(1);
    expect(speedFromLog(-2)).toBeCloseTo(0.01);
    expect(speedFromLog(5)).toBe(100);
  });
  it('reads as a fraction below 1×', () => {
    expect(formatSpeed(0)).toBe('1×');
    expect(formatSpeed(-2)).toBe('1/100×');
    expect(formatSpeed(2)).toBe('100×');
    expect(formatSpeed(Math.log10(0.5))).toBe('1/2×');
  });
});

describe('unionStep: ←/→ under Compare walk both runs', () => {
  // A steps at 0, 10, 10, 30; B steps at 5, 20, 40.
  const a = { times: [0, 10, 10, 30], total: 4, notable: null };
  const b = { times: [5, 20, 40], total: 3, notable: null };

  it("forward goes to the nearer of A's next step and B's next step", () => {
    // At the start (A cursor 0, time 0): A's next step is at 0, before B's at 5.
    expect(unionStep(1, a, 0, b, 0)).toEqual({ cursor: 1 });
    // After A's step at 0: B's step at 5 comes before A's at 10.
    expect(unionStep(1, a, 1, b, 0)).toEqual({ t: 5 });
    // At 5 (A cursor still 1): A's step at 10 is next; then A's second step at 10.
    expect(unionStep(1, a, 1, b, 5)).toEqual({ cursor: 2 });
    expect(unionStep(1, a, 2, b, 10)).toEqual({ cursor: 3 });
    expect(unionStep(1, a, 3, b, 10)).toEqual({ t: 20 });
    // A is done at 30; B still has a step at 40.
    expect(unionStep(1, a, 4, b, 30)).toEqual({ t: 40 });
    expect(unionStep(1, a, 4, b, 40)).toBeNull();
  });

  it('a tie goes to A, whose cursor is exact', () => {
    const same = { times: [10], total: 1, notable: null };
    expect(unionStep(1, a, 1, same, 0)).toEqual({ cursor: 2 });
  });

  it('back retraces the same places', () => {
    expect(unionStep(-1, a, 4, b, 40)).toEqual({ t: 20 });
    expect(unionStep(-1, a, 4, b, 30)).toEqual({ t: 20 });
    // At 20 (A cursor 3, after both steps at 10): A's previous place is cursor 2 (time 10),
    // B's previous step is at 5: A's is nearer.
    expect(unionStep(-1, a, 3, b, 20)).toEqual({ cursor: 2 });
    expect(unionStep(-1, a, 1, b, 5)).toEqual({ cursor: 0 });
    expect(unionStep(-1, a, 0, b, 0)).toBeNull();
  });

  it("B's steps of note only, when stepping by kubelet step", () => {
    const bNotable = { ...b, notable: Int32Array.from([1]) };
    // B's only step of note is at 20: from time 0 (A cursor 1) A's 10 comes first.
    expect(unionStep(1, a, 1, bNotable, 0)).toEqual({ cursor: 2 });
    expect(unionStep(1, a, 3, bNotable, 10)).toEqual({ t: 20 });
  });
});
