import { describe, expect, it } from 'vitest';
import {
  CONTAINER_BACKOFF,
  IMAGE_BACKOFF,
  backoffGet,
  backoffNext,
  isInBackOffSince,
  isInBackOffSinceUpdate,
  type BackoffTable,
} from '../../../src/sim/kubelet/backoff';

describe('flowcontrol.Backoff as the kubelet configures it', () => {
  it('container restarts: 10s doubling to a 300s cap (facts §7)', () => {
    const t: BackoffTable = {};
    const seen: number[] = [];
    let now = 0;
    for (let i = 0; i < 9; i++) {
      backoffNext(t, 'k', now, now, CONTAINER_BACKOFF);
      seen.push(backoffGet(t, 'k') / 1000);
      now += backoffGet(t, 'k') + 1000;
    }
    expect(seen).toEqual([10, 20, 40, 80, 160, 300, 300, 300, 300]);
  });

  it('container back-off resets when the next exit is more than 10 minutes after the last update', () => {
    const t: BackoffTable = {};
    backoffNext(t, 'k', 0, 0, CONTAINER_BACKOFF);
    backoffNext(t, 'k', 1000, 1000, CONTAINER_BACKOFF);
    expect(backoffGet(t, 'k')).toBe(20_000);
    backoffNext(t, 'k', 1000 + 600_001, 1000 + 600_001, CONTAINER_BACKOFF);
    expect(backoffGet(t, 'k')).toBe(10_000);
  });

  it.each([
    // [finishedAt, now, inBackOff] with a 10 s entry updated at 0
    [0, 5_000, true],
    [0, 9_999, true],
    [0, 10_000, false],
    [2_000, 11_000, true],
  ])('IsInBackOffSince(finishedAt=%i) at %i -> %s', (finishedAt, now, want) => {
    const t: BackoffTable = {};
    backoffNext(t, 'k', 0, 0, CONTAINER_BACKOFF);
    expect(isInBackOffSince(t, 'k', finishedAt, now, CONTAINER_BACKOFF)).toBe(want);
  });

  it('no entry: never in back-off (the first start never backs off)', () => {
    expect(isInBackOffSince({}, 'k', 0, 1, CONTAINER_BACKOFF)).toBe(false);
    expect(isInBackOffSinceUpdate({}, 'k', 1, IMAGE_BACKOFF)).toBe(false);
  });

  it('image pulls: IsInBackOffSinceUpdate measures from the last failure', () => {
    const t: BackoffTable = {};
    backoffNext(t, 'img', 1_600, 1_600, IMAGE_BACKOFF);
    expect(isInBackOffSinceUpdate(t, 'img', 11_599, IMAGE_BACKOFF)).toBe(true);
    expect(isInBackOffSinceUpdate(t, 'img', 11_600, IMAGE_BACKOFF)).toBe(false);
    backoffNext(t, 'img', 17_800, 17_800, IMAGE_BACKOFF);
    expect(backoffGet(t, 'img')).toBe(20_000);
  });
});
