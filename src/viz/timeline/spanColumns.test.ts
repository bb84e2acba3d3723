import { describe, expect, it } from 'vitest';
import { SpanColumns } from './spanColumns';

describe('SpanColumns', () => {
  it("gathers each lane's spans in push order, growing past its capacity", () => {
    const s = new SpanColumns(1);
    // 40 spans over 3 lanes (capacity rounds up to 16, so it grows twice); lane 1 gets none.
    for (let i = 0; i < 40; i++) s.push(i % 3 === 1 ? 2 : 0, i, i + 0.5, i % 7, 100 + i, i, -i);
    const [a, b, c] = s.byLane(3);
    const lane0 = [...Array(40).keys()].filter((i) => i % 3 !== 1);
    const lane2 = [...Array(40).keys()].filter((i) => i % 3 === 1);
    expect(Array.from(a!.start)).toEqual(lane0);
    expect(Array.from(a!.end)).toEqual(lane0.map((i) => i + 0.5));
    expect(Array.from(a!.kind)).toEqual(lane0.map((i) => i % 7));
    expect(Array.from(a!.label_)).toEqual(lane0.map((i) => 100 + i));
    expect(Array.from(a!.endStep)).toEqual(lane0.map((i) => (i === 0 ? 0 : -i)));
    expect(b!.start.length).toBe(0);
    expect(Array.from(c!.step)).toEqual(lane2);
    expect(c!.start).toBeInstanceOf(Float64Array);
    expect(c!.kind).toBeInstanceOf(Uint8Array);
  });

  it('sorts a lane by start then step, ties in push order, carrying every column', () => {
    const s = new SpanColumns(4);
    // Pushed as spans close: a long span closing last, and an extra span added after.
    s.push(0, 50, 60, 1, 10, 5, 6);
    s.push(0, 10, 90, 2, 11, 3, 9);
    s.push(0, 50, 70, 3, 12, 4, -1);
    s.push(0, 50, 80, 4, 13, 4, 8);
    const [a] = s.byLane(1);
    expect(Array.from(a!.start)).toEqual([10, 50, 50, 50]);
    expect(Array.from(a!.step)).toEqual([3, 4, 4, 5]);
    expect(Array.from(a!.end)).toEqual([90, 70, 80, 60]);
    expect(Array.from(a!.kind)).toEqual([2, 3, 4, 1]);
    expect(Array.from(a!.label_)).toEqual([11, 12, 13, 10]);
    expect(Array.from(a!.endStep)).toEqual([9, -1, 8, 6]);
  });
});
