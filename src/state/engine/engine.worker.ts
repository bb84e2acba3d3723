/**
 * The engine's Web Worker: simulate + buildRunView off the page's main thread, and
 * the views that need the kubelet's state at a cursor (stateAt replays from this
 * worker's checkpoints). Exposed with Comlink; the page talks to it only through
 * engineClient.ts.
 */
import { expose } from 'comlink';
import { encodePermalink } from '../../sim';
import { compareFragment } from '../compareLink';
import { buildRunView, type KubeletRunView } from '../buildRunView';
import { formattedLogs, kubeletViews } from '../kubeletViews';
import type { EngineApi } from './engineApi';
import { packRun, pieceOf, type PackedRun } from './packedRun';

const runs = new Map<number, KubeletRunView>();
/** Each run packed once for the page, until its pieces have been fetched. */
const packed = new Map<number, PackedRun>();

function get(id: number): KubeletRunView {
  const r = runs.get(id);
  if (!r) throw new Error(`kubeletscope: run ${id} is not in the engine worker`);
  return r;
}

const api: EngineApi = {
  run(id, scenario, from) {
    const view = buildRunView(scenario, { from: from === null ? null : runs.get(from) });
    runs.set(id, view);
    const p = packRun(id, view);
    packed.set(id, p);
    return { logCount: p.trace.logCount, recordCount: p.trace.recordCount };
  },
  piece(id, what) {
    const p = packed.get(id) ?? packRun(id, get(id));
    packed.set(id, p);
    return pieceOf(p, what);
  },
  part(id, what, start, end) {
    const r = get(id).raw;
    // Formatting klog is the log panel's main cost: done here, once per run.
    return what === 'klog' ? formattedLogs(r).slice(start, end) : r.trace[what].slice(start, end);
  },
  keep(ids) {
    for (const id of [...runs.keys()]) if (!ids.includes(id)) runs.delete(id);
    for (const id of [...packed.keys()]) if (!ids.includes(id)) packed.delete(id);
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
  link(scenario, view, compare) {
    return encodePermalink(scenario, view).fragment + (compare ? compareFragment(compare) : '');
  },
};

expose(api);
