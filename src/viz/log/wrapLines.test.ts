import { describe, expect, it } from 'vitest';
import { rowAt, rowOffsets, wrappedLines } from './wrapLines';

describe('wrapping log lines with a hanging indent', () => {
  it('keeps a line that fits on one screen line', () => {
    expect(wrappedLines(80, 80, 4)).toBe(1);
    expect(wrappedLines(0, 80, 4)).toBe(1);
  });
  it('continues on lines narrower by the indent', () => {
    // 80 columns, then 76 per continuation line: 81..156 chars take 2 lines, 157 take 3.
    expect(wrappedLines(81, 80, 4)).toBe(2);
    expect(wrappedLines(156, 80, 4)).toBe(2);
    expect(wrappedLines(157, 80, 4)).toBe(3);
  });
  it('never divides by a column narrower than the indent', () => {
    expect(wrappedLines(10, 3, 4)).toBe(8);
    expect(wrappedLines(10, 0, 4)).toBe(1);
  });
  it('stacks rows and finds the row under a pixel', () => {
    const o = rowOffsets([10, 200, 10], 80, 4, 17);
    expect([...o]).toEqual([0, 17, 17 + 3 * 17, 17 + 4 * 17]);
    expect(rowAt(o, 0)).toBe(0);
    expect(rowAt(o, 16.9)).toBe(0);
    expect(rowAt(o, 17)).toBe(1);
    expect(rowAt(o, 60)).toBe(1);
    expect(rowAt(o, 68)).toBe(2);
    expect(rowAt(o, 1e6)).toBe(2);
    expect(rowAt(rowOffsets([], 80, 4, 17), 5)).toBe(0);
    // Among the first rows only (the log's lines before the cursor).
    expect(rowAt(o, 1e6, 2)).toBe(1);
    expect(rowAt(o, 1e6, 0)).toBe(0);
  });
});
