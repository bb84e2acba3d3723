/**
 * Retained heap of a result: `npm run bench` runs under plain tsx (no --expose-gc
 * on the command line), so the flag is set at run time and gc() is fetched from a
 * fresh context, the documented way for V8 flags set after start-up.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function settledHeap(): number {
  // Two passes: the first can leave objects only freed by the second (weak refs, finalizers).
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

/** Holds the result during the measurement, so nothing can collect it early. */
const holder: { value: unknown } = { value: undefined };

/**
 * Bytes still reachable from what `make` returned, measured as the heap after a
 * full GC with the result held minus the heap after a full GC before making it.
 */
export function retainedBytes(make: () => unknown): number {
  const before = settledHeap();
  holder.value = make();
  const after = settledHeap();
  holder.value = undefined;
  return Math.max(0, after - before);
}

export const MB = 1024 * 1024;
