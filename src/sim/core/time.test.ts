import { describe, expect, it } from 'vitest';
import { formatAge, formatGoDuration, parseDuration } from './time';

describe('durations', () => {
  it.each([
    ['10m', 600_000],
    ['90s', 90_000],
    ['50ms', 50],
    ['1m30s', 90_000],
    ['1.5s', 1500],
    ['2h', 7_200_000],
    ['3', 3000],
  ])('parses %s', (text, ms) => expect(parseDuration(text)).toBe(ms));

  it.each(['', 'ten', '5 min', '1x', '-1s'])('rejects %j', (text) =>
    expect(parseDuration(text)).toBeNull(),
  );

  it.each([
    [150, '150ms'],
    [1000, '1s'],
    [2500, '2.5s'],
    [90_000, '1m30s'],
    [3_723_000, '1h2m3s'],
  ])('prints %d ms as Go does: %s', (ms, text) => expect(formatGoDuration(ms)).toBe(text));

  it('prints ages as kubectl does', () => {
    expect(formatAge(5_000)).toBe('5s');
    expect(formatAge(119_000)).toBe('119s');
    expect(formatAge(150_000)).toBe('2m30s');
    expect(formatAge(720_000)).toBe('12m');
  });
});
