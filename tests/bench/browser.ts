/**
 * Browser figures in Debian's Chromium through Playwright: first paint against an
 * empty page, frame intervals while playing and zooming a 10k-span run, the
 * policy toggle's redraw of the NUMA diagram, and the initial JavaScript's size.
 * The app is built into /tmp/bench-dist (dist/ belongs to the test script).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from '@playwright/test';
import LZString from 'lz-string';
import { chromiumArgs } from '../../playwright.config';
import { frameIntervals, percentile, summarise, type Figure } from './harness';
import { firstDiagramFigures, firstPaint, logPanelFigure, nodeFigures } from './browserNode';
import { EMPTY_PAGE, serveStatic } from './staticServer';
import { engineOfWorkingTree } from './engineBundles';

const G = 'browser';
export const BENCH_DIST = process.env.BENCH_DIST ?? '/tmp/bench-dist';
/** BENCH_PORT: another port when two benches share the machine. */
const PORT = Number(process.env.BENCH_PORT ?? 4190);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function buildApp(): void {
  const r = spawnSync('npx', ['vite', 'build', '--outDir', BENCH_DIST, '--emptyOutDir'], {
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`vite build failed:\n${r.stdout}\n${r.stderr}`);
}

/** Script and modulepreload URLs of index.html: the JS fetched before any lazy chunk. */
export function initialScripts(html: string): string[] {
  const out: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isScript = tag.startsWith('<script') && /\bsrc="([^"]+)"/.test(tag);
    const isPreload = tag.startsWith('<link') && /\brel="modulepreload"/.test(tag);
    const url = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if ((isScript || isPreload) && url) out.push(url);
  }
  return out;
}

function initialJsFigure(): Figure {
  const html = readFileSync(join(BENCH_DIST, 'index.html'), 'utf8');
  const files = initialScripts(html);
  if (files.length === 0) throw new Error('index.html loads no script');
  const bytes = files.reduce(
    (sum, f) => sum + gzipSync(readFileSync(join(BENCH_DIST, f))).length,
    0,
  );
  const kb = bytes / 1024;
  return summarise(G, 'initial JavaScript (gzip)', [kb], 250, 'KB', `${files.join(', ')}`);
}

/** The `#s=` link of a scenario input, in link format 1 (what encodePermalink writes). */
export function scenarioLink(
  input: Record<string, unknown>,
  view?: Record<string, unknown>,
): string {
  const s: Record<string, unknown> = { ...input };
  delete s.apiVersion;
  delete s.kind;
  const payload = view ? { s, v: view } : { s };
  return `#s=1.${LZString.compressToEncodedURIComponent(JSON.stringify(payload))}`;
}

/**
 * A fresh context (no cache: a first visit) and page. tsx compiles the functions
 * passed to page.evaluate with esbuild's keepNames, which wraps them in __name();
 * the page has no __name, so it is defined as the identity before any script runs.
 */
async function freshPage(browser: Browser): Promise<{ page: Page; close: () => Promise<void> }> {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await ctx.addInitScript('window.__name = (f) => f;');
  return { page: await ctx.newPage(), close: () => ctx.close() };
}

async function ready(page: Page): Promise<void> {
  await page.getByRole('region', { name: 'Timeline' }).waitFor({ timeout: 30_000 });
  await page.getByRole('img', { name: /^CPU 0: / }).waitFor({ timeout: 30_000 });
}

/** First contentful paint of the app and of an empty page, and hello-pod's diagram, from navigation. */
async function paintFigures(browser: Browser, base: string): Promise<Figure[]> {
  const app: number[] = [];
  const empty: number[] = [];
  const usable: number[] = [];
  for (let i = 0; i < 5; i++) {
    const { page, close } = await freshPage(browser);
    await page.goto(base + EMPTY_PAGE);
    empty.push(await firstPaint(page));
    await page.goto(`${base}/?preset=hello-pod`);
    app.push(await firstPaint(page));
    await ready(page);
    usable.push(await page.evaluate(() => performance.now()));
    await close();
  }
  const diff = app.map((a, i) => a - empty[i]!);
  return [
    summarise(G, 'first contentful paint, app', app, 1000),
    summarise(G, 'first contentful paint, empty page', empty, 1000),
    summarise(G, 'first contentful paint, app − empty', diff, 1000),
    summarise(G, 'diagram drawn (hello-pod, from navigation)', usable, 2000),
  ];
}

/** Starts sampling requestAnimationFrame timestamps in the page. */
async function startFrames(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __sampling: boolean };
    w.__frames = [];
    w.__sampling = true;
    const tick = (t: number) => {
      w.__frames.push(t);
      if (w.__sampling) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

async function stopFrames(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __sampling: boolean };
    w.__sampling = false;
    return w.__frames;
  });
}

/** p95 of frame intervals while playing, then while zooming with W/S, on a 10k-span run. */
async function frameFigures(browser: Browser, base: string, big: BrowserScenario) {
  const link = scenarioLink(big.input);
  const name = (big.input.metadata as { name: string }).name;
  const { page, close } = await freshPage(browser);
  await page.goto(`${base}/${link}`);
  await ready(page);
  // The link opened (a broken one falls back to the default preset with a banner).
  await page.getByText(String(name), { exact: true }).first().waitFor();
  const play: number[] = [];
  const zoom: number[] = [];
  // Every interval too, for the share of frames that missed a vsync by more than 20 ms.
  const all = { play: [] as number[], zoom: [] as number[] };
  for (let round = 0; round < 3; round++) {
    await page.getByRole('button', { name: 'Jump to start' }).click();
    await page.getByRole('button', { name: 'Play' }).click();
    await startFrames(page);
    await page.waitForTimeout(1700);
    const p = frameIntervals(await stopFrames(page));
    all.play.push(...p);
    play.push(percentile(p, 0.95));
    await page.getByRole('button', { name: 'Pause' }).click();

    // Keys go to the window's shortcut handler; move focus off the buttons first.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await startFrames(page);
    const until = Date.now() + 1700;
    for (let k = 0; Date.now() < until; k++) await page.keyboard.press(k % 16 < 8 ? 'w' : 's');
    const z = frameIntervals(await stopFrames(page));
    all.zoom.push(...z);
    zoom.push(percentile(z, 0.95));
  }
  await close();
  const late = (xs: number[]) =>
    `${big.spans} spans, ${((100 * xs.filter((x) => x > 20).length) / xs.length).toFixed(1)}% of ${xs.length} frames > 20 ms`;
  // Issue 5's target: a p95 frame interval within 20 ms, playing and zooming alike. (16.7 ms,
  // one 60 Hz frame, cannot be a p95 budget: the frame clock's jitter puts p95 at 16.7–16.9 ms
  // with no frame dropped; a dropped frame shows as 33 ms and fails 20.)
  return [
    summarise(G, 'p95 frame interval, playing', play, 20, 'ms', late(all.play)),
    summarise(G, 'p95 frame interval, zooming (W/S)', zoom, 20, 'ms', late(all.zoom)),
  ];
}

/**
 * Policy none → static to the redrawn diagram: from the select's change event to
 * the first animation frame after a CPU is named "exclusive to …" (static-vs-none).
 */
async function toggleFigure(browser: Browser, base: string): Promise<Figure> {
  const { page, close } = await freshPage(browser);
  await page.goto(`${base}/?preset=static-vs-none`);
  await ready(page);
  await page.getByRole('button', { name: 'Jump to end' }).click();
  const policy = page.getByRole('combobox', { name: 'CPU manager policy' });
  const exclusive = page.getByRole('img', { name: /exclusive to/ });
  const samples: number[] = [];
  for (let i = 0; i < 8; i++) {
    await policy.selectOption('none');
    await exclusive.first().waitFor({ state: 'detached' });
    await page.evaluate(() => {
      const w = window as unknown as { __toggle: Promise<number> };
      w.__toggle = new Promise<number>((resolve) => {
        let t0 = 0;
        const seen = () =>
          [...document.querySelectorAll('[role="img"]')].some((e) =>
            /^CPU \d+: exclusive to /.test(e.getAttribute('aria-label') ?? ''),
          );
        document.addEventListener('change', () => (t0 = performance.now()), {
          capture: true,
          once: true,
        });
        const obs = new MutationObserver(() => {
          if (t0 === 0 || !seen()) return;
          obs.disconnect();
          requestAnimationFrame(() => resolve(performance.now() - t0));
        });
        obs.observe(document.body, { subtree: true, childList: true, attributes: true });
      });
    });
    await policy.selectOption('static');
    samples.push(
      await page.evaluate(() => (window as unknown as { __toggle: Promise<number> }).__toggle),
    );
  }
  await close();
  // The first toggles warm the JIT and the run cache like the first click of a session.
  return summarise(G, 'policy toggle → NUMA diagram redrawn', samples.slice(2), 100);
}

/**
 * A timer of the engine's full run of what the node's policy toggle re-runs: the node with
 * topology manager policy best-effort, on the working tree's engine bundled as the page's is.
 */
async function toggledRun(node: Record<string, unknown>): Promise<() => number> {
  const engine = await engineOfWorkingTree();
  const input = structuredClone(node) as { node: { kubelet?: Record<string, unknown> } };
  input.node.kubelet = { ...input.node.kubelet, topologyManagerPolicy: 'best-effort' };
  const v = engine.validateScenario(input);
  if (!v.ok) throw new Error(`toggled node does not validate: ${JSON.stringify(v.problems)}`);
  engine.simulate(structuredClone(v.scenario)); // the page's worker has run the node once
  return () => {
    const own = structuredClone(v.scenario);
    const t0 = performance.now();
    engine.simulate(own);
    return performance.now() - t0;
  };
}

export interface BrowserScenario {
  input: Record<string, unknown>;
  spans: number;
}

export async function browserFigures(
  big: BrowserScenario,
  node: Record<string, unknown>,
): Promise<Figure[]> {
  buildApp();
  const host = await serveStatic(BENCH_DIST, PORT);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: chromiumArgs });
  const fresh = () => freshPage(browser);
  try {
    return [
      ...(await paintFigures(browser, host.url)),
      ...(await firstDiagramFigures(fresh, host.url, BENCH_DIST, EMPTY_PAGE)),
      ...(await frameFigures(browser, host.url, big)),
      await toggleFigure(browser, host.url),
      ...(await nodeFigures(fresh, host.url, scenarioLink(node), await toggledRun(node))),
      await logPanelFigure(
        fresh,
        host.url,
        // At the end of the run with the log panel shut, so opening it fetches its lines.
        scenarioLink(node, { t: 30 * 60_000, panels: ['events', 'inspector', 'machines', 'pods'] }),
      ),
      initialJsFigure(),
    ];
  } finally {
    await browser.close();
    await host.close();
  }
}
