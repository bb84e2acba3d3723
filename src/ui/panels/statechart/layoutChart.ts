/**
 * Lays a statechart out with elkjs, loaded on first use (a lazy chunk: the page does not
 * pay for it until the State machines panel draws a chart). Layouts depend only on the
 * definition and its labels, so each is computed once and shared by every instance.
 */
import type { StateChart } from '../../../viz/statechart/chartModel';
import { elkGraph, readLayout, type ChartLayout } from '../../../viz/statechart/elkGraph';

interface ElkLike {
  layout(graph: ReturnType<typeof elkGraph>): Promise<ReturnType<typeof elkGraph>>;
}

let elk: Promise<ElkLike> | null = null;
function loadElk(): Promise<ElkLike> {
  // ELK lays out in its own Web Worker (elk-worker.min.js, served as a file): a chart's layout
  // takes 20–60 ms, a long task the page's main thread would pay on every new chart.
  elk ??= Promise.all([
    import('elkjs/lib/elk-api.js'),
    import('elkjs/lib/elk-worker.min.js?url'),
  ]).then(
    ([api, url]) =>
      new api.default({
        workerFactory: () => new Worker(url.default, { name: 'kubeletscope-elk' }),
      }) as unknown as ElkLike,
  );
  return elk;
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
