import { describe, expect, it } from 'vitest';
import {
  cursorAtTime,
  formatSpeed,
  nextCursor,
  prevCursor,
  speedFromLog,
  timeAtCursor,
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
