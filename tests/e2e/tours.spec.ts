/**
 * Guided tours and exported pictures, as a learner and a trainer use them: a whole tour
 * with Next and Back (the cursor and the selection move), a prediction answered wrong and
 * right, a tour opened from a link, the SVG and PNG exports read back, axe with a tour open,
 * and screenshots on a desktop and a phone (under /tmp/tours/).
 */
import AxeBuilder from '@axe-core/playwright';
import { readFileSync, mkdirSync } from 'node:fs';
import { expect, test, type Download, type Page } from '@playwright/test';

const SHOTS = '/tmp/tours';

async function open(page: Page, preset = 'hello-pod') {
  await page.goto(`/?preset=${preset}`);
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
}

const position = (page: Page) => page.getByRole('slider', { name: 'Timeline position' });
const where = (page: Page) => position(page).getAttribute('aria-valuetext');
const inspectorTitle = (page: Page) =>
  page.getByRole('region', { name: 'Inspector' }).getByRole('heading', { level: 3 });

/**
 * Waits until the tour's step is on screen: the dialog says its step at once, but the cursor
 * moves once the step's runs have landed (aria-busy meanwhile), and the Inspector follows the
 * cursor in a React transition (aria-busy until it has caught up).
 */
async function stepShown(page: Page) {
  await expect(page.getByRole('dialog')).not.toHaveAttribute('aria-busy', 'true');
  await expect(page.getByRole('region', { name: 'Inspector' })).not.toHaveAttribute(
    'aria-busy',
    'true',
  );
}

async function snapshot(page: Page) {
  await stepShown(page);
  return { at: await where(page), sel: await inspectorTitle(page).textContent() };
}

test('a whole tour, forward with Next and back with Back', async ({ page }) => {
  await open(page);
  await page.getByRole('button', { name: 'Tour', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: "A pod's path through the kubelet" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Step 1 of 7')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Back' })).toBeDisabled();
  const seen = [await snapshot(page)];
  expect(seen[0]!.at).toMatch(/^0 ms, step 11 of/);
  for (let i = 2; i <= 7; i++) {
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByText(`Step ${i} of 7`)).toBeVisible();
    seen.push(await snapshot(page));
  }
  // The last step has Finish instead of Next.
  await expect(dialog.getByRole('button', { name: 'Next' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Finish' })).toBeVisible();
  // Every step moved the cursor or the selection; the tour only goes forward in time.
  for (let i = 1; i < seen.length; i++) expect(seen[i], `step ${i + 1}`).not.toEqual(seen[i - 1]);
  const steps = seen.map((s) => Number(/step (\d+) of/.exec(s.at ?? '')?.[1]));
  expect([...steps].sort((a, b) => a - b)).toEqual(steps);
  // Step 4 is the sandbox (SyncPod), step 7 the first readiness probe: at 4.761 s, when the
  // prober worker's initial sleep (worker.go run, rand × period) ends; the worker started at
  // 300 ms, once WaitForAttachAndMount returned (probeManager.AddPod).
  expect(seen[3]!.at).toMatch(/^300 ms/);
  expect(seen[6]!.at).toMatch(/^4\.8 s/);
  expect(seen[6]!.sel).toMatch(/readiness/i);
  // Back retraces the same places.
  for (let i = 6; i >= 1; i--) {
    await dialog.getByRole('button', { name: 'Back' }).click();
    await expect(dialog.getByText(`Step ${i} of 7`)).toBeVisible();
    const s = await snapshot(page);
    // A question step waits before its answer: its cursor differs until it is answered.
    if (i !== 5) expect(s, `back to step ${i}`).toEqual(seen[i - 1]);
  }
  await dialog.getByRole('button', { name: 'Close tour' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Tour', exact: true })).toBeFocused();
  // Again to the end: Finish closes the tour and leaves the run where the tour left it.
  await page.getByRole('button', { name: 'Tour', exact: true }).click();
  for (let i = 2; i <= 7; i++) {
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByText(`Step ${i} of 7`)).toBeVisible();
  }
  const last = await where(page);
  await dialog.getByRole('button', { name: 'Finish' }).click();
  await expect(dialog).toBeHidden();
  expect(await where(page)).toBe(last);
  await expect(page.getByRole('button', { name: 'Tour', exact: true })).toBeFocused();
});

test('predict, then reveal: a wrong answer and a right one', async ({ page }) => {
  await open(page);
  await page.getByRole('button', { name: 'Tour', exact: true }).click();
  await page.getByRole('combobox', { name: 'Choose a tour' }).selectOption('start-order-sidecars');
  const dialog = page.getByRole('dialog', {
    name: 'Start order, the PostStart trick and native sidecars',
  });
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText('Step 2 of 5')).toBeVisible();
  const verdict = dialog.getByRole('status');
  await expect(verdict).toHaveText('');
  // Asked while app's hook runs: logger has not started.
  await expect(position(page)).toHaveAttribute('aria-valuetext', /^1\.3 s/);
  await dialog.getByRole('button', { name: 'At once, beside app (about 1.3 s)' }).click();
  await expect(verdict).toContainText(
    'Not quite: the answer is “About 20 s later, after the hook returns”.',
  );
  await expect(verdict).toContainText('waits for it before the next container');
  // The answer moves the cursor to logger's start and selects it.
  await expect(position(page)).toHaveAttribute('aria-valuetext', /^21\.5 s/);
  await expect(inspectorTitle(page)).toContainText('logger');
  await dialog.getByRole('button', { name: 'About 20 s later, after the hook returns' }).click();
  await expect(verdict).toContainText('Right.');
  await expect(
    dialog.getByRole('button', { name: 'About 20 s later, after the hook returns' }),
  ).toHaveAttribute('aria-pressed', 'true');
});

test('a trainer sends one link that opens a tour at its step', async ({ page, browser }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await open(page);
  await page.getByRole('button', { name: 'Tour', exact: true }).click();
  await page.getByRole('combobox', { name: 'Choose a tour' }).selectOption('v1-18-cpu-pinning');
  const name = 'v1.18: PreStartContainer and CPU pinning';
  const dialog = page.getByRole('dialog', { name });
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText('Step 2 of 5')).toBeVisible();
  // The step's text shows at once; its preset runs in the engine worker and the cursor and
  // ring follow once it has landed: read the place only when they are on screen.
  await expect(page.getByRole('combobox', { name: 'Scenario' })).toHaveValue(
    'v1-18-prestart-cpuset',
  );
  const cpu = 'CPU 1: idle, assigned to default/web/app';
  await expect(page.getByRole('img', { name: cpu })).toBeVisible();
  await stepShown(page);
  const at = await where(page);
  expect(at).not.toMatch(/^0 ms, step 0 of/);
  // What a trainer does: Copy link, and send it.
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toContain('#s=');
  const other = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await other.goto(link);
  const opened = other.getByRole('dialog', { name });
  await expect(opened).toBeVisible();
  await expect(opened.getByText('Step 2 of 5')).toBeVisible();
  // The linked run lands from the worker after the dialog shows: wait for its cursor.
  await expect(position(other)).toHaveAttribute('aria-valuetext', at!);
  await expect(other.getByRole('img', { name: cpu })).toBeVisible();
  await expect(other.getByRole('combobox', { name: 'Scenario' })).toHaveValue(
    'v1-18-prestart-cpuset',
  );
  await opened.getByRole('button', { name: 'Next' }).click();
  await expect(opened.getByText('Step 3 of 5')).toBeVisible();
  await other.close();
});

async function download(page: Page, item: string): Promise<Download> {
  await page.getByRole('button', { name: 'Export picture' }).click();
  const [dl] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('group', { name: 'Export picture' }).getByRole('button', { name: item }).click(),
  ]);
  return dl;
}

const pngSize = (buf: Buffer) => ({ width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) });

test('exports the timeline and the NUMA diagram as SVG and 2x PNG', async ({ page }) => {
  await open(page, 'static-vs-none');
  await page.getByRole('button', { name: 'Jump to end' }).click();
  // The whole run in the window (a preset opens on its start-up).
  // The timeline's Fit (the State machines chart has its own once its layout is drawn).
  await page
    .getByRole('region', { name: 'Timeline' })
    .getByRole('button', { name: 'Fit', exact: true })
    .click();
  const tlSvg = readFileSync(await (await download(page, 'Timeline SVG')).path(), 'utf8');
  const tl = await page.evaluate((svg) => {
    const d = new DOMParser().parseFromString(svg, 'image/svg+xml');
    return {
      errors: d.getElementsByTagName('parsererror').length,
      caption: d.querySelector('text.caption')?.textContent,
      app: d.querySelectorAll('g.lane[data-group="default/web"][data-lane="app"] rect').length,
      width: Number(d.documentElement.getAttribute('width')),
      height: Number(d.documentElement.getAttribute('height')),
    };
  }, tlSvg);
  expect(tl.errors).toBe(0);
  expect(tl.caption).toBe('Static vs none — cursor at 2 min 00 s');
  expect(tl.app).toBeGreaterThan(2);
  const png = await download(page, 'Timeline PNG');
  expect(png.suggestedFilename()).toBe('static-vs-none-timeline.png');
  expect(pngSize(readFileSync(await png.path()))).toEqual({
    width: tl.width * 2,
    height: tl.height * 2,
  });

  const numa = await download(page, 'NUMA diagram SVG');
  expect(numa.suggestedFilename()).toBe('static-vs-none-numa.svg');
  const cpus = await page.evaluate(
    (svg) => {
      const d = new DOMParser().parseFromString(svg, 'image/svg+xml');
      return {
        caption: d.querySelector('text.caption')?.textContent,
        cpus: [...d.querySelectorAll('g.pu')].map((g) => g.getAttribute('aria-label')),
      };
    },
    readFileSync(await numa.path(), 'utf8'),
  );
  expect(cpus.caption).toBe('Static vs none — cursor at 2 min 00 s');
  expect(cpus.cpus).toHaveLength(16);
  expect(cpus.cpus).toContain('CPU 9: exclusive to default/web/app');
  // The page's diagram says the same of the same CPU.
  await expect(
    page.getByRole('img', { name: 'CPU 9: exclusive to default/web/app' }),
  ).toBeVisible();
});

test('axe finds nothing with a tour open and a question answered', async ({ page }) => {
  await open(page);
  await page.getByRole('button', { name: 'Tour', exact: true }).click();
  const dialog = page.getByRole('dialog');
  for (let i = 0; i < 4; i++) await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: /PreStartContainer/ }).click();
  await expect(dialog.getByRole('status')).toContainText('Right.');
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
});

for (const [w, h] of [
  [1280, 800],
  [390, 844],
] as const)
  test(`screenshots with a tour open at ${w}x${h}; the dialog leaves its target in view`, async ({
    page,
  }) => {
    mkdirSync(SHOTS, { recursive: true });
    await page.setViewportSize({ width: w, height: h });
    await open(page, 'static-vs-none');
    await page.getByRole('button', { name: 'Tour', exact: true }).click();
    await page.getByRole('combobox', { name: 'Choose a tour' }).selectOption('static-vs-none');
    const dialog = page.getByRole('dialog', {
      name: 'Static against none on a two-socket NUMA machine',
    });
    await expect(dialog).toBeVisible();
    // Run B runs in the engine worker: the step is shown (and scrolled to) once it landed.
    await expect(page.getByRole('region', { name: 'Run B', exact: true })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByRole('progressbar', { name: /Simulating/ })).toHaveCount(0, {
      timeout: 20_000,
    });
    await stepShown(page);
    const cpu = page.getByRole('img', { name: 'CPU 1: exclusive to default/web/app' });
    await expect(cpu).toBeVisible();
    // The CPU the step points at is on screen and not under the dialog (which settles in its
    // corner, or the phone's page scrolls, a few frames after the step is drawn).
    await expect
      .poll(async () => {
        const box = (await cpu.boundingBox())!;
        const d = (await dialog.boundingBox())!;
        return (
          box.y >= 0 &&
          (box.y + box.height <= d.y || box.x + box.width <= d.x || box.x >= d.x + d.width)
        );
      })
      .toBe(true);
    await page.screenshot({ path: `${SHOTS}/tour-numa-${w}x${h}.png` });
    // A timeline step, then a question, on the same tour.
    await page.getByRole('combobox', { name: 'Choose a tour' }).selectOption('pod-path');
    for (let i = 0; i < 4; i++)
      await dialog.page().getByRole('dialog').getByRole('button', { name: 'Next' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: 'PullImage again, to be sure' })
      .click();
    await expect(page.getByRole('dialog').getByRole('status')).toContainText('Not quite');
    await stepShown(page);
    await page.screenshot({ path: `${SHOTS}/tour-question-${w}x${h}.png` });
  });

test("a step about run B's CPUs moves the dialog off run B's diagram (Compare at 1280x800)", async ({
  page,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  await open(page, 'static-vs-none');
  await page.getByRole('button', { name: 'Tour', exact: true }).click();
  await page.getByRole('combobox', { name: 'Choose a tour' }).selectOption('static-vs-none');
  const dialog = page.getByRole('dialog', {
    name: 'Static against none on a two-socket NUMA machine',
  });
  const runB = page.getByRole('region', { name: 'Run B', exact: true });
  await expect(runB).toBeVisible({ timeout: 20_000 });
  for (let i = 2; i <= 5; i++) {
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByText(`Step ${i} of 5`)).toBeVisible();
  }
  // Step 5 rings CPU 1 in run B's diagram, shared under none.
  const cpu = runB.getByRole('img', { name: /^CPU 1: shared/ });
  await expect(cpu).toBeVisible();
  const diagram = page.getByRole('region', { name: 'Run B NUMA topology' });
  // The dialog settles in its corner a frame after the step is drawn.
  await expect
    .poll(async () => {
      const d = (await dialog.boundingBox())!;
      const r = (await diagram.boundingBox())!;
      return d.x + d.width <= r.x || d.y + d.height <= r.y || d.x >= r.x + r.width;
    })
    .toBe(true);
  const c = (await cpu.boundingBox())!;
  expect(c.y + c.height).toBeLessThanOrEqual(800);
  // What is drawn at the CPU's centre is the CPU, not the dialog.
  const onTop = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x!, y!)?.closest('[role="dialog"]') !== null,
    [c.x + c.width / 2, c.y + c.height / 2],
  );
  expect(onTop).toBe(false);
  await page.screenshot({ path: `${SHOTS}/tour-run-b-1280x800.png` });
  // Back to a step about run A: the dialog may return to the bottom right, off A's diagram.
  await dialog.getByRole('button', { name: 'Back' }).click();
  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(dialog.getByText('Step 3 of 5')).toBeVisible();
  const diagramA = page.getByRole('region', { name: 'Run A NUMA topology' });
  await expect
    .poll(async () => {
      const d = (await dialog.boundingBox())!;
      const r = (await diagramA.boundingBox())!;
      return d.x >= r.x + r.width || d.y + d.height <= r.y;
    })
    .toBe(true);
});

test('arrow keys typed in the tour dialog stay in it: the timeline does not step', async ({
  page,
}) => {
  await open(page);
  await page.getByRole('button', { name: 'Tour', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: "A pod's path through the kubelet" });
  for (let i = 2; i <= 5; i++) {
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByText(`Step ${i} of 7`)).toBeVisible();
  }
  await stepShown(page);
  const at = await where(page);
  // On Back/Next: ← and → are not the timeline's.
  await dialog.getByRole('button', { name: 'Next' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  expect(await where(page)).toBe(at);
  await expect(dialog.getByText('Step 5 of 7')).toBeVisible();
  // In the answers, ↓ and ↑ move between them, as in a radio group, and choose nothing.
  const answers = dialog.getByRole('group', { name: 'Your prediction' }).getByRole('button');
  await answers.first().focus();
  await page.keyboard.press('ArrowDown');
  await expect(answers.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(answers.last()).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(answers.first()).toBeFocused();
  expect(await where(page)).toBe(at);
  await expect(dialog.getByRole('status')).toHaveText('');
  // Outside the dialog, → still steps the timeline.
  await page.getByRole('button', { name: 'Step forward' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => where(page)).not.toBe(at);
});
