import { describe, expect, it } from 'vitest';
import { MatchCache, matchLines, rowsOf, type LogSource } from './logLines';

const src: LogSource = {
  text: ['SyncLoop ADD web', 'probe ok', 'SyncLoop UPDATE web', 'Pulling image', 'syncloop add db'],
  step: [1, 1, 4, 7, 9],
  v: [2, 4, 2, 0, 2],
  severity: 'IIIEI',
};

describe("the log panel's lines", () => {
  it('match the verbosity and the filter (lower-case, anywhere in the line), in order', () => {
    const m = matchLines(src, { mode: 'klog', v: 2, filter: 'syncloop add' });
    expect([...m.line]).toEqual([0, 4]);
    expect([...m.step]).toEqual([1, 9]);
    expect([...m.length]).toEqual([16, 15]);
    expect([...matchLines(src, { mode: 'klog', v: 0, filter: '' }).line]).toEqual([3]);
    // containerd's lines have no -v.
    expect(matchLines(src, { mode: 'containerd', v: 0, filter: '' }).line.length).toBe(5);
  });

  it('give rows by line number, with their severity', () => {
    expect(rowsOf(src, [3, 99, 0])).toEqual([
      { index: 3, v: 0, severity: 'E', text: 'Pulling image' },
      { index: 0, v: 2, severity: 'I', text: 'SyncLoop ADD web' },
    ]);
  });

  it('answer a query asked again from the cache, and keep the newest few', () => {
    const c = new MatchCache();
    const q = { mode: 'klog', v: 4, filter: '' } as const;
    const first = c.get(src, q);
    expect(c.get(src, { ...q })).toBe(first);
    // -v does not change containerd's answer.
    const cd = c.get(src, { mode: 'containerd', v: 0, filter: '' });
    expect(c.get(src, { mode: 'containerd', v: 4, filter: '' })).toBe(cd);
    for (let i = 0; i < 8; i++) c.get(src, { ...q, filter: `x${i}` });
    expect(c.get(src, q)).not.toBe(first);
  });
});
