import { describe, expect, it } from 'vitest';
import {
  ERR_FORMAT_WRONG,
  ERR_SUFFIX,
  compareQuantity,
  mustParseQuantity,
  parseQuantity,
  toBytes,
  toMillicores,
} from './quantity';

describe('resource quantities', () => {
  it.each([
    ['500m', 500],
    ['2', 2000],
    [2, 2000],
    ['1.5', 1500],
    ['0.5', 500],
    ['.5', 500],
    ['2000m', 2000],
    ['1e3', 1_000_000],
    ['1k', 1_000_000],
    ['0.0005', 1], // MilliValue rounds up
    ['100n', 1],
    ['0', 0],
  ])('cpu %j is %d millicores', (text, milli) => {
    expect(toMillicores(text)).toEqual({ ok: true, value: milli });
  });

  it.each([
    ['128Mi', 134217728],
    ['2Gi', 2147483648],
    ['1G', 1_000_000_000],
    ['1.5Gi', 1610612736],
    ['1k', 1000],
    ['1Ki', 1024],
    ['1e3', 1000],
    ['1E3', 1000],
    ['1.1', 2], // Value rounds up
    ['100m', 1],
  ])('memory %j is %d bytes', (text, bytes) => {
    expect(toBytes(text)).toEqual({ ok: true, value: bytes });
  });

  it.each([
    ['', ERR_FORMAT_WRONG],
    ['abc', ERR_FORMAT_WRONG],
    ['1 Gi', ERR_FORMAT_WRONG],
    ['1Gb', ERR_FORMAT_WRONG], // 'b' is not a suffix letter, as in Go
    ['1e', ERR_SUFFIX],
    ['1Gi5', ERR_SUFFIX],
    ['1mm', ERR_SUFFIX],
  ])('rejects %j', (text, error) => {
    expect(parseQuantity(text)).toEqual({ ok: false, error });
  });

  it('compares exactly, whatever the spelling', () => {
    expect(compareQuantity(mustParseQuantity('1'), mustParseQuantity('1000m'))).toBe(0);
    expect(compareQuantity(mustParseQuantity('1Gi'), mustParseQuantity('1G'))).toBe(1);
    expect(compareQuantity(mustParseQuantity('1G'), mustParseQuantity('1e9'))).toBe(0);
    expect(compareQuantity(mustParseQuantity('0.1'), mustParseQuantity('101m'))).toBe(-1);
  });
});
