/**
 * npm run bench: engine, view maths, scaling and browser figures in one report,
 * printed as tables and written to bench/results.json. Not part of npm test:
 * it takes a few minutes and its numbers depend on the machine.
 * `npm run bench -- browser scaling` runs only the named parts (engine, view,
 * scaling, browser, replay), for working on one of them. `--check` exits non-zero
 * when a figure is over its budget.
 */
import { buildRunView } from '../../src/state/buildRunView';
import { browserFigures } from './browser';
import { engineFigures } from './engine';
import { engineRatioFigures } from './engineRatios';
import type { Figure } from './harness';
import { checkExitCode, printReport, results, writeResults } from './report';
import { replayFigures } from './replay';
import { scalingRows } from './scaling';
import { podNode, podNodeInput } from './scenarios';
import { viewFigures } from './viewMaths';

const OUT = 'bench/results.json';

function step<T>(what: string, fn: () => T): T {
  const t0 = Date.now();
  process.stderr.write(`bench: ${what}…`);
  const r = fn();
  process.stderr.write(` ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
  return r;
}

const PARTS = ['engine', 'view', 'scaling', 'browser', 'replay'];

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const asked = args.filter((a) => a !== '--check');
  const unknown = asked.filter((a) => !PARTS.includes(a));
  if (unknown.length > 0)
    throw new Error(`unknown part ${unknown.join(', ')}: use ${PARTS.join(', ')}`);
  const want = (part: string) => asked.length === 0 || asked.includes(part);
  const figures: Figure[] = [];
  if (want('engine')) {
    figures.push(...step('engine', engineFigures));
    const t0 = Date.now();
    process.stderr.write('bench: engine ratios (bundled engines, alternated)…');
    figures.push(...(await engineRatioFigures()));
    process.stderr.write(` ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
  }
  if (want('view')) figures.push(...step('view maths', viewFigures));
  if (want('replay')) {
    const t0 = Date.now();
    process.stderr.write('bench: replay…');
    figures.push(...(await replayFigures()));
    process.stderr.write(` ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
  }
  const scaling = want('scaling') ? step('scaling', scalingRows) : [];
  if (want('browser')) {
    // The frame-rate scenario: the faulted pod node at the size that gives about 10k spans.
    const pods = 15;
    const spans = buildRunView(podNode(pods, { faults: true })).lanes.spanCount;
    const t0 = Date.now();
    process.stderr.write('bench: browser…');
    const input = podNodeInput(pods, { faults: true });
    // The 110-pod node of the engine figures, for the page-on-a-big-node rows.
    const node = podNodeInput(110, { faults: true });
    figures.push(...(await browserFigures({ input, spans }, node)));
    process.stderr.write(` ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
  }
  const r = results(figures, scaling);
  writeResults(OUT, r);
  console.log(printReport(r));
  console.log(`\nWritten to ${OUT}`);
  if (check) process.exitCode = checkExitCode(r.figures);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? (e.stack ?? e.message) : e);
  process.exit(1);
});
