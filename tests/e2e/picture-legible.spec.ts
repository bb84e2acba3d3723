/**
 * Readable at any size (issue 13, point 8): big machines fold identical cores as lstopo does
 * without hiding a CPU that does work, the diagram pans by drag and keys, log lines wrap, and
 * cause arrows are drawn for the selected span's chain only unless asked for all.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

async function open(page: Page, preset: string) {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/?preset=${preset}`);
  await expect(page.getByRole('region', { name: 'Timeline' })).toBeVisible();
}

const cpus = (page: Page, name: RegExp) => page.getByRole('img', { name });
const folds = (page: Page) => page.getByRole('button', { name: /^\d+ identical .* folded/ });

test('64, 128 and 256 CPUs: identical idle/shared cores fold, working ones never', async ({
  page,
}) => {
  await open(page, 'static-vs-none');
  await page.getByRole('button', { name: 'Jump to end' }).click();
  for (const [topo, n] of [
    ['intel-2s-16c-ht', 64],
    ['amd-epyc-64c-8ccd', 128],
    ['amd-epyc-2s-nps4', 256],
  ] as const) {
    await page.getByRole('combobox', { name: 'Node topology' }).selectOption(topo);
    await expect(cpus(page, new RegExp(`^CPU ${n - 1}: `))).toHaveCount(1);
    await expect(folds(page).first()).toBeVisible();
    // Every CPU keeps exactly one accessible name, folded or not.
    const names = await cpus(page, /^CPU \d+: /).evaluateAll((els) =>
      els.map((e) => e.getAttribute('aria-label')!),
    );
    const ids = names.map((s) => Number(/^CPU (\d+):/.exec(s)![1]));
    expect(new Set(ids).size).toBe(n);
    expect(ids).toHaveLength(n);
    // The app's exclusive CPUs are drawn one by one, never folded.
    const exclusive = page.locator('.pu[aria-label*="exclusive to default/web/app"]');
    await expect(exclusive).toHaveCount(2);
    const foldedStates = await page
      .locator('.pu-folded')
      .evaluateAll((els) => [
        ...new Set(els.map((e) => e.getAttribute('aria-label')!.split(': ')[1])),
      ]);
    expect(foldedStates).toEqual(['shared']);
  }
  // At 128 CPUs whole L3 groups (CCDs) fold as well; unfolded, their cores still fold.
  await page.getByRole('combobox', { name: 'Node topology' }).selectOption('amd-epyc-64c-8ccd');
  const ccds = page.getByRole('button', { name: /^5 identical L3 groups \(40 cores\) folded/ });
  await expect(ccds).toHaveCount(1);
  const coreFolds = await folds(page).count();
  await ccds.click();
  await expect(ccds).toHaveCount(0);
  await expect.poll(() => folds(page).count()).toBeGreaterThan(coreFolds);
  await expect(cpus(page, /^CPU \d+: /)).toHaveCount(128);
  // At 64 CPUs the folded machine fits the panel: nothing to scroll.
  await page.getByRole('combobox', { name: 'Node topology' }).selectOption('intel-2s-16c-ht');
  await expect(page.locator('.topo-body')).not.toHaveClass(/is-scrolling/);
  // Clicking a fold unfolds it: its cores are drawn and it is gone.
  const before = await page.locator('.pu').count();
  const fold = folds(page).first();
  const label = (await fold.getAttribute('aria-label'))!;
  const cores = Number(/^(\d+) identical/.exec(label)![1]);
  await fold.click();
  await expect(page.getByRole('button', { name: label })).toHaveCount(0);
  await expect(page.locator('.pu')).toHaveCount(before + cores * 2);
  // "all cores" draws every core (lstopo --no-factorize); pressed again, it folds again.
  await page.getByRole('button', { name: 'all cores' }).click();
  await expect(folds(page)).toHaveCount(0);
  await expect(page.locator('.pu')).toHaveCount(64);
  await page.getByRole('button', { name: 'all cores' }).click();
  await expect(folds(page).first()).toBeVisible();
  // A folded box tells what it holds on hover, and who runs there.
  await folds(page).first().hover();
  await expect(page.locator('.topo-tooltip')).toContainText('identical cores, folded');
  await expect(page.locator('.topo-tooltip')).toContainText('runs here: default/');
});

test('a small node is never folded', async ({ page }) => {
  await open(page, 'hello-pod');
  await expect(cpus(page, /^CPU 7: /)).toBeVisible();
  await expect(folds(page)).toHaveCount(0);
});

test('the zoomed diagram pans by drag and by the arrow keys', async ({ page }) => {
  await open(page, 'static-vs-none');
  await page.getByRole('combobox', { name: 'Node topology' }).selectOption('amd-epyc-2s-nps4');
  await page.getByRole('button', { name: 'Zoom diagram in' }).click();
  const body = page.locator('.topo-body');
  await expect(body).toHaveClass(/is-scrolling/);
  const scroll = () => body.evaluate((e): [number, number] => [e.scrollLeft, e.scrollTop]);
  expect(await scroll()).toEqual([0, 0]);
  const box = (await body.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x - 60, y - 30, { steps: 6 });
  await page.mouse.move(x - 120, y - 50, { steps: 6 });
  await page.mouse.up();
  const [l, t] = await scroll();
  expect(l).toBeGreaterThan(100);
  expect(t).toBeGreaterThan(30);
  // The drag did not click what it started on.
  await expect(
    page.getByRole('group', { name: 'Selection details' }).getByRole('heading', { name: /^CPU / }),
  ).toHaveCount(0);
  // Keyboard: the viewport takes focus, arrows pan it.
  const viewport = page.getByRole('group', { name: 'Diagram viewport: drag or arrow keys pan' });
  await viewport.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await expect.poll(async () => (await scroll())[0]).toBeGreaterThan(l);
  await expect.poll(async () => (await scroll())[1]).toBeGreaterThan(t);
});

test('log lines wrap with a hanging indent; unwrapped, they scroll under a scrollbar', async ({
  page,
}) => {
  await open(page, 'hello-pod');
  await page.getByRole('button', { name: 'Jump to end' }).click();
  const list = page.getByRole('group', { name: 'klog lines' });
  await expect(list.locator('.klog-line').first()).toBeVisible();
  // Nothing runs past the list's right edge, and long lines take more than one line.
  expect(await list.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
  const lines = await list.locator('.klog-line').evaluateAll((els) =>
    els.map((e) => ({
      h: e.getBoundingClientRect().height,
      // Rendered lines (from the text's client rects) match the height given to the row.
      rendered: (() => {
        const r = document.createRange();
        r.selectNodeContents(e);
        return new Set([...r.getClientRects()].map((c) => Math.round(c.top))).size;
      })(),
    })),
  );
  expect(lines.some((l) => l.h > 17)).toBe(true);
  for (const l of lines) expect(l.rendered * 17).toBe(Math.round(l.h));
  // The continuation of a wrapped line starts further right than its first line.
  const indent = await list.locator('.klog-line').evaluateAll((els) => {
    const e = els.find((x) => x.getBoundingClientRect().height > 17)!;
    const r = document.createRange();
    r.selectNodeContents(e);
    const rects = [...r.getClientRects()];
    return rects[rects.length - 1]!.left - rects[0]!.left;
  });
  expect(indent).toBeGreaterThan(10);
  // Wrap off: one screen line per log line, and a horizontal scrollbar that is always drawn.
  await page.getByRole('button', { name: 'wrap' }).click();
  await expect(page.getByRole('button', { name: 'wrap' })).toHaveAttribute('aria-pressed', 'false');
  expect(await list.evaluate((e) => e.scrollWidth > e.clientWidth)).toBe(true);
  // (Headless Chromium hides every scrollbar, so only the style can be read here.)
  expect(await list.evaluate((e) => getComputedStyle(e).overflowX)).toBe('scroll');
});

test('cause arrows: the selected span’s chain, or all of them on request', async ({ page }) => {
  await open(page, 'hello-pod');
  await page.getByRole('button', { name: 'Jump to end' }).click();
  await page
    .getByRole('region', { name: 'Timeline' })
    .getByRole('button', { name: 'Fit', exact: true })
    .click();
  await page.mouse.move(0, 0);
  const pixels = () =>
    page.evaluate(() => document.querySelector<HTMLCanvasElement>('.tl-canvas')!.toDataURL());
  const legend = page.getByRole('list', { name: 'Span colours' });
  await expect(legend).toContainText('cause → effect (select a span)');
  const none = await pixels();
  const all = page.getByRole('checkbox', { name: 'All causes' });
  await all.check();
  await expect(legend).not.toContainText('select a span');
  await expect.poll(pixels).not.toBe(none);
  await all.uncheck();
  await expect.poll(pixels).toBe(none);
});

test('folded diagram, scrolling viewport and wrapped log have no accessibility violations', async ({
  page,
}) => {
  await open(page, 'static-vs-none');
  await page.getByRole('button', { name: 'Jump to end' }).click();
  await page.getByRole('combobox', { name: 'Node topology' }).selectOption('amd-epyc-2s-nps4');
  await expect(folds(page).first()).toBeVisible();
  await expect(page.locator('.topo-body')).toHaveClass(/is-scrolling/);
  const results = await new AxeBuilder({ page })
    .include('.topology')
    .include('.log-panel')
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
});

test('a long scenario name is cut short with an ellipsis, not wrapped: the header stays one row', async ({
  page,
}) => {
  const name = 'PostStart deadlock, fixed with a native sidecar';
  const scenario = page.getByRole('combobox', { name: 'Scenario' });
  for (const [w, h] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.goto('/?preset=poststart-deadlock-sidecar');
    await expect(page.getByRole('region', { name: 'Timeline' })).toBeVisible();
    await expect(scenario).toHaveValue('poststart-deadlock-sidecar');
    // The whole name is the select's description (its title) wherever it is cut.
    await expect(scenario).toHaveAccessibleDescription(name);
    const look = await scenario.evaluate((sel) => {
      const bar = sel.closest('.topbar')!;
      const fields = [...bar.querySelectorAll<HTMLElement>('.quick-controls > .field')].filter(
        (f) => !f.hidden,
      );
      const mid = (e: Element) => {
        const r = e.getBoundingClientRect();
        return Math.round(r.top + r.height / 2);
      };
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.font = getComputedStyle(sel).font;
      return {
        rows: new Set([bar.querySelector('h1')!, ...fields].map(mid)).size,
        cut: ctx.measureText((sel as HTMLSelectElement).title).width > sel.clientWidth,
        ellipsis: getComputedStyle(sel).textOverflow,
        pageWidth: document.documentElement.scrollWidth,
      };
    });
    expect(look.pageWidth).toBeLessThanOrEqual(w);
    expect(look.ellipsis).toBe('ellipsis');
    // On a laptop the brand and every control share one row, the name cut short to fit;
    // on a phone the controls sit in a grid, each select as wide as its cell.
    if (w === 1280) expect(look).toMatchObject({ rows: 1, cut: true });
    else expect(look.cut).toBe(true);
  }
});

test('with the editor docked at 1280 px the header keeps every control reachable and the caption readable', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, 'hello-pod');
  await page.getByRole('button', { name: 'Edit scenario' }).click();
  await expect(page.getByRole('button', { name: 'Download YAML' })).toBeVisible();
  // Each header control is the element at its own centre (nothing lies over it).
  for (const name of [
    'Scenario',
    'Node topology',
    'Kubelet version',
    'CPU manager policy',
    'Topology manager policy',
  ]) {
    const box = (await page.getByRole('combobox', { name, exact: true }).boundingBox())!;
    const hit = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.getAttribute('aria-label') ?? null,
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(hit, name).toBe(name);
  }
  // The caption is a readable column, not a word per line.
  const caption = (await page.locator('.scenario-bar .caption').boundingBox())!;
  expect(caption.width).toBeGreaterThan(300);
  expect(caption.height).toBeLessThan(60);
});
