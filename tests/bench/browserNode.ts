/**
 * Browser figures on the 110-pod node (issue 16, item 5): the longest main-thread
 * task (PerformanceObserver 'longtask') during a policy toggle, an edit undone, a
 * perturbation and a preset switch; Step and scrub answered (input to the next frame
 * after the clock changed); the toggle to its redraw including the worker's re-run;
 * and the JavaScript the page fetched before hello-pod's first diagram.
 * Locators are CSS, not roles: Playwright's role queries on a 110-pod page are long
 * tasks of their own in the page's main thread.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from '@playwright/test';
import { BUDGETS, NO_BUDGET } from './budgets';
import { summarise, type Figure } from './harness';

const G = 'browser';

export interface NodePage {
  page: Page;
  close: () => Promise<void>;
}

/** Records every long task of the page from its first script on (also used by e2e worker.spec). */
export async function watchLongTasks(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __long: { start: number; ms: number }[] };
    w.__long = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__long.push({ start: e.startTime, ms: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
}

/** The page's first contentful paint, from navigation (waits for it). */
export async function firstPaint(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const find = () =>
          performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
        const now = find();
        if (now !== null) return resolve(now);
        new PerformanceObserver(() => {
          const t = find();
          if (t !== null) resolve(t);
        }).observe({ type: 'paint', buffered: true });
      }),
  );
}

const now = (page: Page) => page.evaluate(() => performance.now());
const progress = (page: Page) => page.locator('[role="progressbar"][aria-label="Simulating"]');

/** The longest task since t0 (0 when none passed 50 ms), after the action settled. */
async function longestSince(page: Page, t0: number): Promise<number> {
  await progress(page).waitFor({ state: 'detached', timeout: 60_000 });
  await page.waitForTimeout(600);
  return page.evaluate(
    (t) =>
      Math.max(
        0,
        ...(window as unknown as { __long: { start: number; ms: number }[] }).__long
          .filter((e) => e.start >= t)
          .map((e) => e.ms),
      ),
    t0,
  );
}

async function openNode(
  fresh: () => Promise<NodePage>,
  base: string,
  link: string,
): Promise<NodePage> {
  const p = await fresh();
  await watchLongTasks(p.page);
  await p.page.goto(`${base}/${link}`);
  await p.page.locator('text=node-110').first().waitFor({ timeout: 60_000 });
  // The run has landed when the clock counts its steps (the progress bar shows only once a run
  // has taken 200 ms, so on a loaded machine it may not be up yet).
  await p.page.locator('.clock-step', { hasText: /^step \d+\// }).waitFor({ timeout: 60_000 });
  await progress(p.page).waitFor({ state: 'detached', timeout: 60_000 });
  await p.page.waitForTimeout(1500);
  return p;
}

/** From an input event to the next frame after the step counter changed, in the page. */
function answered(page: Page, act: 'step' | 'scrub'): Promise<number> {
  return page.evaluate((what) => {
    const clock = [...document.querySelectorAll('*')].find(
      (e) => e.children.length === 0 && /^step \d+\//.test(e.textContent ?? ''),
    );
    // Say what the page shows instead (its error screen, if it stopped).
    if (!clock)
      throw new Error(`no step counter on the page: ${document.body.innerText.slice(0, 300)}`);
    const before = clock.textContent;
    return new Promise<number>((resolve) => {
      const t0 = performance.now();
      const obs = new MutationObserver(() => {
        if (clock.textContent === before) return;
        obs.disconnect();
        requestAnimationFrame(() => resolve(performance.now() - t0));
      });
      obs.observe(clock, { characterData: true, childList: true, subtree: true });
      if (what === 'step') {
        (document.querySelector('button[aria-label="Step forward"]') as HTMLElement).click();
      } else {
        const slider = document.querySelector(
          'input[aria-label="Timeline position"]',
        ) as HTMLInputElement;
        // React's value tracker: set through the prototype, then announce the input.
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(
          slider,
          String(Number(slider.value) + Number(slider.max) / 37),
        );
        slider.dispatchEvent(new Event('input', { bubbles: true }));
      }
    });
  }, act);
}

/**
 * `engineRun` times the engine's full run of the scenario the toggle re-runs (the node with
 * topology policy best-effort) in this process, just before each toggle, so the toggle is
 * judged against the engine's own work measured beside it.
 */
export async function nodeFigures(
  fresh: () => Promise<NodePage>,
  base: string,
  link: string,
  engineRun: () => number,
): Promise<Figure[]> {
  const longest = { toggle: [] as number[], undo: [] as number[], perturb: [] as number[] };
  const preset: number[] = [];
  const toggle: number[] = [];
  const engine: number[] = [];
  const step: number[] = [];
  const scrub: number[] = [];
  for (let round = 0; round < 3; round++) {
    const { page, close } = await openNode(fresh, base, link);
    const policy = page.locator('select[aria-label="Topology manager policy"]');

    for (let i = 0; i < 8; i++) step.push(await answered(page, 'step'));
    for (let i = 0; i < 8; i++) scrub.push(await answered(page, 'scrub'));
    await page.waitForTimeout(600);

    engine.push(engineRun());
    // Toggle: from the change to the frame after the select shows the re-run's policy.
    let t0 = await now(page);
    const redrawn = page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const sel = document.querySelector(
            'select[aria-label="Topology manager policy"]',
          ) as HTMLSelectElement;
          let start = 0;
          sel.addEventListener('change', () => (start = performance.now()), { once: true });
          const poll = () => {
            if (start > 0 && sel.value === 'best-effort' && !document.querySelector('.simulating'))
              requestAnimationFrame(() => resolve(performance.now() - start));
            else requestAnimationFrame(poll);
          };
          requestAnimationFrame(poll);
        }),
    );
    await policy.selectOption('best-effort');
    toggle.push(await redrawn);
    longest.toggle.push(await longestSince(page, t0));

    // An edit undone (Ctrl+Z re-runs the scenario before the toggle).
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    t0 = await now(page);
    await page.keyboard.press('Control+z');
    await page.waitForTimeout(100);
    longest.undo.push(await longestSince(page, t0));

    // A perturbation at the end of the run, from a container's keyboard menu.
    const lane = page.getByRole('button', { name: 'a', exact: true }).first();
    const handle = await lane.elementHandle();
    await handle.click();
    t0 = await now(page);
    await handle.press('Shift+F10');
    await page.locator('[role="menuitem"]', { hasText: 'Exit here with code 1' }).first().click();
    await page.waitForTimeout(100);
    longest.perturb.push(await longestSince(page, t0));

    // A preset switch away from the node.
    t0 = await now(page);
    await page.locator('select[aria-label="Scenario"]').selectOption('static-vs-none');
    await page.waitForFunction(
      () =>
        document.querySelector<HTMLSelectElement>('select[aria-label="Scenario"]')?.value ===
        'static-vs-none',
    );
    preset.push(await longestSince(page, t0));
    await close();
  }
  const note = 'longest PerformanceObserver longtask (0: none over 50 ms)';
  return [
    summarise(G, '110-pod node: longest task, policy toggle', longest.toggle, 50, 'ms', note),
    summarise(G, '110-pod node: longest task, edit undone', longest.undo, 50, 'ms', note),
    summarise(G, '110-pod node: longest task, perturbation', longest.perturb, 50, 'ms', note),
    summarise(G, '110-pod node: longest task, preset switch', preset, 50, 'ms', note),
    summarise(G, '110-pod node: Step answered (to next frame)', step, 16.7),
    summarise(G, '110-pod node: scrub answered (to next frame)', scrub, 16.7),
    summarise(G, '110-pod node: policy toggle → redrawn, with re-run', toggle, NO_BUDGET),
    summarise(
      G,
      '110-pod node: policy toggle with re-run ÷ engine full run',
      toggle.map((t, i) => t / engine[i]!),
      BUDGETS.toggleVsEngine,
      '×',
      `engine full run beside each toggle: ${engine.map((e) => e.toFixed(0)).join('/')} ms`,
    ),
  ];
}

/** A task's trace event: Chromium 156 names it ThreadControllerImpl::RunTask, older ones RunTask. */
const TASK = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

/**
 * The longest task of the page's main thread (Chromium's RunTask on CrRendererMain) while
 * `act` runs and the page settles, from a trace: PerformanceObserver reports only tasks over
 * 50 ms, and this budget is one frame.
 */
async function longestTraced(
  page: Page,
  browser: Browser,
  act: () => Promise<void>,
): Promise<number> {
  await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline', '__metadata'] });
  await act();
  await page.waitForTimeout(800);
  const buf = await browser.stopTracing();
  const { traceEvents } = JSON.parse(buf.toString('utf8')) as {
    traceEvents: {
      name: string;
      ph: string;
      pid: number;
      tid: number;
      dur?: number;
      args?: { name?: string };
    }[];
  };
  const main = traceEvents.find(
    (e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  );
  if (!main) throw new Error('no renderer main thread in the trace');
  let longest = 0;
  for (const e of traceEvents)
    if (TASK.has(e.name) && e.pid === main.pid && e.tid === main.tid && e.dur !== undefined)
      longest = Math.max(longest, e.dur / 1000);
  return longest;
}

/**
 * The page at rest: the State machines panel's charts laid out and drawn. ELK answers in its
 * own worker, late on a loaded machine, and drawing a chart is a task of its own (20-30 ms
 * here), which would otherwise be timed as the log panel's.
 */
async function chartsDrawn(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const panel = document.querySelector('section[aria-label="State machines"]');
      if (!panel) return true;
      if (!panel.querySelector('.machine-head')) return false;
      return !/Laying out…|Loading the chart…/.test(panel.textContent ?? '');
    },
    null,
    { timeout: 60_000 },
  );
  await page.waitForTimeout(300);
}

/**
 * Opening the Kubelet log panel at the end of the 110-pod run: `link` opens the node at its end
 * with the panel shut (so its lines were never fetched); the longest main-thread task from the
 * click until its rows are shown.
 */
export async function logPanelFigure(
  fresh: () => Promise<NodePage>,
  base: string,
  link: string,
): Promise<Figure> {
  const samples: number[] = [];
  for (let round = 0; round < 3; round++) {
    const { page, close } = await openNode(fresh, base, link);
    await chartsDrawn(page);
    const toggle = page.locator('section[aria-label="Kubelet log"] button.panel-toggle');
    const browser = page.context().browser()!;
    // The pointer is on the button before the click, as a user's is: Playwright's click moves
    // it there in the same task as the press, and the page's hover styles are not the panel's.
    await toggle.hover();
    await page.waitForTimeout(300);
    samples.push(
      await longestTraced(page, browser, async () => {
        await toggle.click();
        // Until its lines are in: the foot counts them once they have arrived from the worker.
        await page
          .locator('section[aria-label="Kubelet log"] .panel-foot', { hasText: /\d+ of \d+ lines/ })
          .waitFor({ timeout: 60_000 });
        await page.locator('section[aria-label="Kubelet log"] .klog-line.sev-I').first().waitFor();
      }),
    );
    await close();
  }
  return summarise(
    G,
    '110-pod node: longest main-thread task, opening the Kubelet log at the end',
    samples,
    BUDGETS.logPanelTaskMs,
    'ms',
    'traced RunTask on the renderer main thread',
  );
}

/** The page's own marks on the way to the first diagram (main.tsx, Root.tsx, the engine). */
const STAGES = [
  ['ks:entry', 'entry'],
  ['ks:preset-ask', 'preset asked'],
  ['ks:preset', 'preset'],
  ['ks:run-landed', 'run landed'],
  ['bench:diagram-frame', 'its frame began'],
] as const;

/**
 * The time the page showed the first CPU diagram: the end of the first frame after it is in
 * the DOM, recorded in the page (waiting through Playwright adds its polling to the figure).
 * A message posted from the frame's animation callback is delivered once that frame's
 * callbacks, style, layout and paint are done: what a user sees. (The frame's start, the
 * animation callback itself, left out the timeline drawn in that frame and the page's first
 * layout and paint: tens of ms.) The frame's start is kept as a mark too.
 */
const DRAWN_WATCH = `(() => {
  window.__benchTasks = [];
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) window.__benchTasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
  const seen = () => document.querySelector('[role="img"][aria-label^="CPU 0: "]');
  const mo = new MutationObserver(() => {
    if (!seen()) return;
    mo.disconnect();
    requestAnimationFrame(() => {
      performance.mark('bench:diagram-frame');
      const ch = new MessageChannel();
      ch.port1.onmessage = () => performance.mark('bench:diagram-drawn');
      ch.port2.postMessage(0);
    });
  });
  document.addEventListener('DOMContentLoaded', () =>
    mo.observe(document.body, { subtree: true, childList: true, attributes: true }),
  );
})();`;

/**
 * hello-pod's first diagram from navigation, beside an empty page's first paint (a first
 * frame against a first frame) in the same run, and the JavaScript (gzip, from dist) fetched before that diagram —
 * the engine worker's script included, since it is fetched for the first run.
 */
export async function firstDiagramFigures(
  fresh: () => Promise<NodePage>,
  base: string,
  dist: string,
  emptyPage: string,
): Promise<Figure[]> {
  const drawn: number[] = [];
  const empty: number[] = [];
  const longest: number[] = [];
  const stages: Record<string, number>[] = [];
  let kb = 0;
  let files: string[] = [];
  for (let i = 0; i < 5; i++) {
    const { page, close } = await fresh();
    await page.goto(base + emptyPage);
    empty.push(await firstPaint(page));
    const fetched: string[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.pathname.endsWith('.js')) fetched.push(u.pathname.replace(/^\//, ''));
    });
    await page.addInitScript(DRAWN_WATCH);
    await page.goto(`${base}/?preset=hello-pod`);
    await page.locator('[role="img"][aria-label^="CPU 0: "]').first().waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => performance.getEntriesByName('bench:diagram-drawn').length);
    const marks = await page.evaluate(() =>
      Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name, m.startTime])),
    );
    drawn.push(marks['bench:diagram-drawn']!);
    stages.push(marks);
    // The longest main-thread task from navigation to the diagram shown.
    longest.push(
      await page.evaluate((end) => {
        const tasks = (window as unknown as { __benchTasks: [number, number][] }).__benchTasks;
        return Math.max(0, ...tasks.filter(([t]) => t < end).map(([, d]) => d));
      }, marks['bench:diagram-drawn']!),
    );
    await close();
    files = [...new Set(fetched)];
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const breakdown = STAGES.map(([m, label]) => {
    const t = median(stages.map((s) => s[m]).filter((x): x is number => x !== undefined));
    return `${label} ${t === undefined ? '?' : t.toFixed(0)}`;
  }).join(', ');
  for (const f of files) kb += gzipSync(readFileSync(join(dist, f))).length / 1024;
  const ratio = drawn.map((d, i) => d / Math.max(1, empty[i]!));
  return [
    summarise(
      G,
      'hello-pod diagram drawn, from navigation',
      drawn,
      400,
      'ms',
      `first frame with it; medians on the way (ms): ${breakdown}`,
    ),
    summarise(
      G,
      'hello-pod diagram ÷ empty page first paint (same run)',
      ratio,
      BUDGETS.firstDiagramRatio,
      '×',
      `empty page first paints at ${empty.map((e) => e.toFixed(0)).join('/')} ms`,
    ),
    summarise(
      G,
      'longest main-thread task while hello-pod loads (to its diagram)',
      longest,
      50,
      'ms',
      'PerformanceObserver longtask; 0 when none passed 50 ms',
    ),
    summarise(
      G,
      'JavaScript fetched before the first diagram (gzip)',
      [kb],
      250,
      'KB',
      files.join(', '),
    ),
  ];
}
