/** The engine client of the page: a module Web Worker wrapped by Comlink. */
import { wrap } from 'comlink';
import type { EngineApi } from './engineApi';
import { createEngineClient, type EngineClient } from './engineClient';

export function browserEngineClient(): EngineClient {
  return createEngineClient(() => {
    const worker = new Worker(new URL('./engine.worker.ts', import.meta.url), {
      type: 'module',
      name: 'kubeletscope-engine',
    });
    return {
      api: wrap<EngineApi>(worker),
      terminate: () => worker.terminate(),
    };
  });
}
