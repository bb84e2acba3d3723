/**
 * The engine's Web Worker: simulate + buildRunView off the page's main thread, and
 * the views that need the kubelet's state at a cursor (stateAt replays from this
 * worker's checkpoints). Exposed with Comlink; the page talks to it only through
 * engineClient.ts.
 */
import { expose, transfer } from 'comlink';
import { formatKlog, loadKubeletVersions } from '../../sim';
import { DEFAULT_PRESET, isBundledPreset } from '../presetTitles';
import type { Scenario } from '../types';
import { buildRunView, runViewOf, simulateScenario, type KubeletRunView } from '../buildRunView';
import { cursorViews, traceViews } from '../kubeletViews';
import type { EngineApi } from './engineApi';
import { heldRun, pieceToSend, type HeldRun } from './packedRun';

performance.mark('ks:worker-start');
const runs = new Map<number, HeldRun>();

function held(id: number): HeldRun {
  const r = runs.get(id);
  if (!r) throw new Error(`kubeletscope: run ${id} is not in the engine worker`);
  return r;
}

/** The run's views (built on first use: the run's answer and its trace's pieces go first). */
function get(id: number): KubeletRunView {
  return held(id).views();
}

/** A run just simulated, its views built when first asked for. */
function simulated(id: number, scenario: Scenario, from: HeldRun | null): HeldRun {
  const run = simulateScenario(scenario, from?.run ?? null);
  performance.mark('ks:simulated');
  let view: KubeletRunView | null = null;
  return {
    id,
    run,
    views() {
      if (!view) {
        view = runViewOf(scenario, run);
        performance.mark('ks:views-built');
      }
      return view;
    },
  };
}

/**
 * The page's first run, simulated before the page asks (spawnWorker.ts names the preset):
 * the page is busy loading its own code meanwhile. Used when the first run asked for is
 * that same scenario; either way the engine's code is compiled by then.
 */
let warm: { json: string; view: KubeletRunView } | null = null;

/**
 * The bundled presets, each parsed and validated at build time (scripts/presetScenarios.ts)
 * and fetched when first opened: the worker's first run needs no YAML parser nor schema.
 */
const presetFiles = import.meta.glob<Scenario>('/presets/*.yaml', {
  query: '?scenario',
  import: 'default',
});
function presetScenario(id: string): Promise<Scenario> | undefined {
  return isBundledPreset(id) ? presetFiles[`/presets/${id}.yaml`]?.() : undefined;
}

const warmPreset = / warm=(.*)$/.exec(self.name)?.[1];
if (warmPreset !== undefined)
  void presetScenario(isBundledPreset(warmPreset) ? warmPreset : DEFAULT_PRESET)?.then((s) => {
    performance.mark('ks:warm-preset');
    if (!warm) warm = { json: JSON.stringify(s), view: buildRunView(s) };
    performance.mark('ks:warm-done');
  });

const api: EngineApi = {
  prepare: (version) => loadKubeletVersions(version),
  // Synchronous on purpose: the page asks for the run's pieces before this answers
  // (engineClient), and they find the run only because this handler has finished by then.
  run(id, scenario, from) {
    const w = warm;
    warm = null;
    performance.mark('ks:run-start');
    const h =
      w && from === null && JSON.stringify(scenario) === w.json
        ? heldRun(id, w.view)
        : simulated(id, scenario, from === null ? null : (runs.get(from) ?? null));
    runs.set(id, h);
    performance.mark('ks:run-answered');
    const { logs, records } = h.run.trace;
    return { logCount: logs.length, recordCount: records.length };
  },
  async preset(id) {
    const s = presetScenario(id);
    if (!s) return { ok: false, error: `There is no preset named "${id}".` };
    return { ok: true, scenario: await s };
  },
  piece(id, what) {
    performance.mark(`ks:piece-${what}`);
    // Step columns', lanes' and CPU history's buffers move to the page instead of being copied.
    const [piece, buffers] = pieceToSend(held(id), what);
    return buffers.length > 0 ? transfer(piece, buffers) : piece;
  },
  logMatches(id, q) {
    // Copies: the answer's buffers move to the page, the cached ones stay for the next question.
    const m = traceViews.logMatches(get(id), q)!;
    const out = { line: m.line.slice(), step: m.step.slice(), length: m.length.slice() };
    return transfer(out, [out.line.buffer, out.step.buffer, out.length.buffer]);
  },
  logRows(id, mode, lines) {
    const run = get(id);
    const out = [];
    for (const i of lines) {
      const row = traceViews.logRow(run, mode, i);
      if (row) out.push(row);
    }
    return out;
  },
  part(id, what, start, end) {
    const r = held(id).run;
    // Formatting klog is the log panel's main cost: done here, a chunk at a time (the
    // worker stays free to answer between chunks).
    return what === 'klog'
      ? r.trace.logs.slice(start, end).map(formatKlog)
      : r.trace[what].slice(start, end);
  },
  keep(ids) {
    for (const id of [...runs.keys()]) if (!ids.includes(id)) runs.delete(id);
  },
  has(id) {
    return runs.has(id);
  },
  podsAt(id, cursor) {
    return cursorViews.podsAt(get(id), cursor);
  },
  machinesAt(id, cursor, pod) {
    return cursorViews.machinesAt(get(id), cursor, pod);
  },
  async changesAgainst(id, other) {
    const run = get(id);
    await loadKubeletVersions();
    return cursorViews.changesAgainst(run, other) ?? [];
  },
  async inspect(id, cursor, sel) {
    // The inspector's code (and the YAML printer) is fetched when first asked for.
    const run = get(id);
    return (await import('../stateViews')).kubeletViews.inspect(run, cursor, sel);
  },
  async replayRecords(id) {
    // The comparison's code is fetched with the first import.
    const { replayOfRun } = await import('../../replay/fromTrace');
    return replayOfRun(held(id).run).events;
  },
  async link(scenario, view, compare) {
    return (await import('./workerLinks')).link(scenario, view, compare);
  },
};

expose(api);
