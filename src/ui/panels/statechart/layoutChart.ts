/**
 * Lays a statechart out with elkjs, loaded on first use (a lazy chunk: the page does not
 * pay for it until the State machines panel draws a chart). Layouts depend only on the
 * definition and its labels, so each is computed once and shared by every instance.
 */
import type { StateChart } from '../../../viz/statechart/chartModel';
import { elkGraph, readLayout, type ChartLayout } from '../../../viz/statechart/elkGraph';
import { retryableImport } from '../../app/retryableLazy';

interface ElkLike {
  layout(graph: ReturnType<typeof elkGraph>): Promise<ReturnType<typeof elkGraph>>;
}

const loadApi = retryableImport(() => import('elkjs/lib/elk-api.js'));
const loadWorkerUrl = retryableImport(() => import('elkjs/lib/elk-worker.min.js?url'));

let elk: Promise<ElkLike> | null = null;
function loadElk(): Promise<ElkLike> {
  // ELK lays out in its own Web Worker (elk-worker.min.js, served as a file): a chart's layout
  // takes 20–60 ms, a long task the page's main thread would pay on every new chart.
  if (elk) return elk;
  const loading = Promise.all([loadApi(), loadWorkerUrl()]).then(([api, url]): ElkLike => {
    // elkjs has no word for a worker that stopped (its file did not arrive, say): its
    // layouts would wait forever. They fail instead, and the next chart starts a new one.
    let stopped: (e: Error) => void = () => {};
    const stop = new Promise<never>((_, reject) => (stopped = reject));
    stop.catch(() => {
      if (elk === loading) elk = null;
    });
    const engine = new api.default({
      workerFactory: () => {
        const w = new Worker(url.default, { name: 'kubeletscope-elk' });
        w.addEventListener('error', (e) => {
          w.terminate();
          stopped(
            new Error(
              `the layout worker stopped: ${e instanceof ErrorEvent && e.message ? e.message : `${url.default} did not load`}`,
            ),
          );
        });
        return w;
      },
    }) as unknown as ElkLike;
    return { layout: (graph) => Promise.race([engine.layout(graph), stop]) };
  });
  // A failed fetch is not kept: the next chart asks again.
  loading.catch(() => {
    if (elk === loading) elk = null;
  });
  elk = loading;
  return loading;
}

const layouts = new Map<string, Promise<ChartLayout>>();

export function layoutChart(
  chart: StateChart,
  labels: ReadonlyMap<string, string>,
): Promise<ChartLayout> {
  const key = `${chart.machineId}|${[...labels].map(([k, v]) => `${k}=${v}`).join(',')}`;
  let p = layouts.get(key);
  if (!p) {
    p = loadElk()
      .then((e) => e.layout(elkGraph(chart, labels)))
      .then((laid) => readLayout(chart, laid));
    // A failed layout is not cached: the next render may try again.
    p.catch(() => layouts.delete(key));
    layouts.set(key, p);
    if (layouts.size > 64) layouts.delete(layouts.keys().next().value!);
  }
  return p;
}
