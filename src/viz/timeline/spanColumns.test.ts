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
});
