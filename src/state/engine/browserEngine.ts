/** The engine client of the page: a module Web Worker wrapped by Comlink. */
import { wrap } from 'comlink';
import type { EngineApi } from './engineApi';
import { createEngineClient, type EngineClient } from './engineClient';
import { spawnEngineWorker } from './spawnWorker';

export function browserEngineClient(): EngineClient {
  return createEngineClient(() => {
    const worker = spawnEngineWorker();
    return {
      api: wrap<EngineApi>(worker),
      terminate: () => worker.terminate(),
    };
  });
}
