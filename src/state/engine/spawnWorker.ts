/**
 * The one place the engine's Web Worker is created. main.tsx calls `prewarmEngineWorker`
 * before the app's chunk is even fetched, so the worker's script (the engine) downloads
 * and compiles alongside it; the engine client's first spawn takes that worker.
 * Imports nothing else: it is part of the page's first script.
 */
let early: Worker | null = null;

/** A name ending in ` warm=<preset>` asks the worker to run that preset as soon as it loads. */
function spawn(warm?: string): Worker {
  return new Worker(new URL('./engine.worker.ts', import.meta.url), {
    type: 'module',
    name: `kubeletscope-engine${warm !== undefined ? ` warm=${warm}` : ''}`,
  });
}

/**
 * `?preset=` of the page's address (the worker checks it against its presets; anything
 * else warms the default preset): the worker simulates it while the page is still
 * loading, compiling the engine's code on the way, and answers the page's first run
 * with it when the page asks for that same scenario.
 */
export function prewarmEngineWorker(search: string): void {
  if (early || typeof Worker === 'undefined') return;
  early = spawn(new URLSearchParams(search).get('preset') ?? '');
}

/** The prewarmed worker the first time, else a new one. */
export function spawnEngineWorker(): Worker {
  const w = early ?? spawn();
  early = null;
  return w;
}
