/**
 * Import off the main thread when the input is big (a Web Worker), inline when small
 * (no worker start-up for a pasted excerpt).
 */
import { importText, type ImportOutcome } from '../../replay/importPipeline';

const WORKER_FROM = 512 * 1024;

export function runImport(text: string, year: number, source: string): Promise<ImportOutcome> {
  if (text.length < WORKER_FROM || typeof Worker === 'undefined')
    // A reader that throws is reported like a worker that stopped: the dialog must not stay busy.
    return Promise.resolve()
      .then(() => importText(text, year, source))
      .catch((e: unknown) => ({
        ok: false as const,
        error: `${source}: the reader stopped (${e instanceof Error ? e.message : String(e)}).`,
      }));
  return new Promise((resolve) => {
    const w = new Worker(new URL('./replayWorker.ts', import.meta.url), { type: 'module' });
    w.onmessage = (e: MessageEvent<ImportOutcome>) => {
      w.terminate();
      resolve(e.data);
    };
    w.onerror = (e) => {
      w.terminate();
      resolve({
        ok: false,
        error: `${source}: the reader stopped (${e.message || 'worker error'}).`,
      });
    };
    w.postMessage({ text, year, source });
  });
}
