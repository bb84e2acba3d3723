/** The start-up waterfall of one pod of a run (computed once per run and pod). */
import type { SimulationRun } from '../sim';
import { pullWaits, type PullWait } from '../viz/kubelet/pullSpans';
import { startupWaterfall, type StartupWaterfall } from '../viz/kubelet/startupWaterfall';
import type { RunView } from './types';

const pullsCache = new WeakMap<object, PullWait[]>();
const cache = new WeakMap<object, Map<string, StartupWaterfall | null>>();

export function waterfallOf(run: RunView, pod: string): StartupWaterfall | null {
  const r = (run as RunView<SimulationRun>).raw;
  let m = cache.get(run);
  if (!m) cache.set(run, (m = new Map<string, StartupWaterfall | null>()));
  if (m.has(pod)) return m.get(pod)!;
  const def = Object.values(r.config.pods).find((p) => p.key === pod);
  let w: StartupWaterfall | null = null;
  if (def) {
    const podKeyOf = (uid: string) => r.config.pods[uid]?.key;
    let pulls = pullsCache.get(run);
    if (!pulls) pullsCache.set(run, (pulls = pullWaits(r.trace, podKeyOf)));
    w = startupWaterfall({
      trace: r.trace,
      model: run.lanes,
      pod,
      uid: def.uid,
      created: def.at,
      pulls,
      isInit: (k) => def.byName[k.slice(pod.length + 1)]?.kind === 'init',
      order: [...def.init, ...def.containers].map((c) => `${pod}/${c.name}`),
    });
  }
  m.set(pod, w);
  return w;
}
