/**
 * The engine's Web Worker: simulate + buildRunView off the page's main thread, and
 * the views that need the kubelet's state at a cursor (stateAt replays from this
 * worker's checkpoints). Exposed with Comlink; the page talks to it only through
 * engineClient.ts.
 */
import { expose } from 'comlink';
import { buildRunView, type KubeletRunView } from '../buildRunView';
import { kubeletViews } from '../kubeletViews';
import type { EngineApi } from './engineApi';
import { packRun } from './packedRun';

const runs = new Map<number, KubeletRunView>();

function get(id: number): KubeletRunView {
  const r = runs.get(id);
  if (!r) throw new Error(`kubeletscope: run ${id} is not in the engine worker`);
  return r;
}

const api: EngineApi = {
  run(id, scenario, from) {
    const view = buildRunView(scenario, { from: from === null ? null : runs.get(from) });
    runs.set(id, view);
    return packRun(id, view);
  },
  part(id, what, start, end) {
    return get(id).raw.trace[what].slice(start, end);
  },
  keep(ids) {
    for (const id of [...runs.keys()]) if (!ids.includes(id)) runs.delete(id);
  },
  has(id) {
    return runs.has(id);
  },
  podsAt(id, cursor) {
    return kubeletViews.podsAt(get(id), cursor);
  },
  machinesAt(id, cursor, pod) {
    return kubeletViews.machinesAt(get(id), cursor, pod);
  },
  inspect(id, cursor, sel) {
    return kubeletViews.inspect(get(id), cursor, sel);
  },
};

expose(api);
