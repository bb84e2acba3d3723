/**
 * The engine's module-wide caches (the transition cache and the row indices kept on its leaves)
 * hold on to no run: a trace nobody references any more is collected.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { runPreset } from '../kubelet/helpers';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

describe('a dropped run', () => {
  it('is not kept alive by the transition cache', async () => {
    // Warm: the second run is replayed from cache leaves, which note its recorder.
    runPreset('hello-pod');
    const dropped = new WeakRef(runPreset('hello-pod').trace);
    // A WeakRef holds its target until the current job ends.
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
    gc();
    expect(dropped.deref()).toBeUndefined();
  });
});
