/**
 * Compare: two runs of a scenario side by side, as a learner uses it, by the names on
 * the screen: static against none, v1.18 against today, a fault in one run only, a
 * link with both runs, accessibility, and the phone's stacked layout.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';

const runA = (page: Page) => page.getByRole('region', { name: 'Run A', exact: true });
const runB = (page: Page) => page.getByRole('region', { name: 'Run B', exact: true });
const diff = (page: Page) => page.getByRole('region', { name: 'Differences' });

async function open(page: Page, preset: string) {
  await page.goto(`/?preset=${preset}`);
  await expect(page.getByRole('region', { name: 'Timeline' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^CPU 0: / })).toBeVisible();
}

async function startCompare(page: Page) {
  const button = page.getByRole('button', { name: 'Compare' });
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await expect(runB(page).getByRole('img', { name: /^CPU 0: / })).toBeVisible();
}

/** The CPUs of a run's NUMA diagram by accessible name ("CPU 3: exclusive to ..."). */
async function cpuNames(run: Locator): Promise<string[]> {
  return run
    .getByRole('img', { name: /^CPU \d+: / })
    .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
}

const idsOf = (names: string[], state: RegExp) =>
  names
    .filter((n) => state.test(n.slice(n.indexOf(':') + 2)))
    .map((n) => Number(/\d+/.exec(n)![0]));

/** A run's lane labels (a restart adds lanes; the shared time axis may change with B). */
async function laneNames(run: Locator): Promise<string[]> {
  return run.locator('.tl-labels').getByRole('button').allInnerTexts();
}

/** "1,9" or "2-5" as cpusets print them. */
function cpuList(ids: number[]): string {
  const out: string[] = [];
  for (let i = 0; i < ids.length;) {
    let j = i;
    while (j + 1 < ids.length && ids[j + 1] === ids[j]! + 1) j++;
    out.push(j > i ? `${ids[i]}-${ids[j]}` : `${ids[i]}`);
    i = j + 1;
  }
  return out.join(',');
}

/** The diff's cells of a container's row: [start A, start B, B − A, cpuset A, cpuset B, only A, only B]. */
async function diffRow(page: Page, key: string): Promise<string[]> {
  const row = diff(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: key, exact: true }) });
  await expect(row).toHaveCount(1);
  return row.getByRole('cell').allInnerTexts();
}

test('static against none: an exclusive CPU in A is shared in B; the diff says so', async ({
  page,
}) => {
  await open(page, 'static-vs-none');
  await startCompare(page);
  // Each run has its own controls; B starts as a copy of A.
  const policyA = runA(page).getByRole('combobox', { name: 'CPU manager policy' });
  const policyB = runB(page).getByRole('combobox', { name: 'CPU manager policy' });
  await expect(policyA).toHaveValue('static');
  await expect(policyB).toHaveValue('static');
  await expect(page.getByRole('combobox', { name: 'CPU manager policy' })).toHaveCount(2);
  await policyB.selectOption('none');
  await expect(policyA).toHaveValue('static');

  // 3 s: both runs' app containers run (the bookmark, 1.1 s, is A's cpuset being written).
  await page.getByRole('slider', { name: 'Timeline position' }).fill('3000');
  const a = await cpuNames(runA(page));
  const b = await cpuNames(runB(page));
  const mine = idsOf(a, /^exclusive to default\/web\/app$/);
  expect(mine).toHaveLength(2);
  // Under none nothing is pinned: the app's CPUs are in the shared pool in B.
  for (const id of mine) expect(b).toContain(`CPU ${id}: shared`);
  expect(b.filter((n) => n.includes('exclusive'))).toEqual([]);

  const app = await diffRow(page, 'default/web/app');
  expect(app[0]).toBe(app[1]);
  expect(app[2]).toBe('same');
  expect(app[3]).toBe(`${cpuList(mine)} (exclusive)`);
  expect(app[4]).toBe('0-15 (shared pool)');
  expect(app.slice(5)).toEqual(['none', 'none']);
  const side = await diffRow(page, 'default/web/log-shipper');
  expect(side[3]).toMatch(/\(shared pool\)$/);
  expect(side[3]).not.toContain(cpuList(mine));
  expect(side[4]).toBe('0-15 (shared pool)');
});

test('kubelet v1.18 against today: the diff lists each version’s own Events', async ({ page }) => {
  await open(page, 'v1-18-prestart-cpuset');
  await startCompare(page);
  const versionB = runB(page).getByRole('combobox', { name: 'Kubelet version' });
  await versionB.selectOption('1.37');
  await expect(runA(page).getByRole('combobox', { name: 'Kubelet version' })).toHaveValue('1.18');
  await page.getByRole('button', { name: 'Jump to end' }).click();
  // Both diagrams show the cursor's state: the app pinned in both versions.
  const a = await cpuNames(runA(page));
  const b = await cpuNames(runB(page));
  expect(idsOf(a, /^exclusive to default\/web\/app$/).length).toBeGreaterThan(0);
  expect(idsOf(b, /^exclusive to default\/web\/app$/)).toEqual(
    idsOf(a, /^exclusive to default\/web\/app$/),
  );
  const app = await diffRow(page, 'default/web/app');
  expect(app[5]).toContain('Created container app');
  expect(app[5]).not.toContain('Container created');
  expect(app[6]).toContain('Container created');
  // What changed: the changelog rows between 1.18 and 1.37 that touch this scenario.
  const changed = page.getByRole('region', { name: 'What changed' });
  await expect(changed).toContainText('What changed from 1.18 to 1.37');
  const rows = changed.getByRole('listitem');
  await expect(rows.filter({ hasText: /^1\.21.*CreateContainer request/ })).toHaveCount(1);
  await expect(rows.filter({ hasText: /^1\.35.*Container created/ }).first()).toBeVisible();
  await expect(changed.getByRole('link', { name: 'PR #98019' })).toHaveAttribute(
    'href',
    'https://github.com/kubernetes/kubernetes/pull/98019',
  );
});

test('perturbing a span in run B forks only B; undo brings B back', async ({ page }) => {
  await open(page, 'hello-pod');
  await startCompare(page);
  await page.getByRole('slider', { name: 'Timeline position' }).fill('5000');
  const lanesA = await laneNames(runA(page));
  const cpusA = await cpuNames(runA(page));
  expect(await diffRow(page, 'default/web/app')).toEqual(
    expect.arrayContaining(['same', 'none', 'none']),
  );

  const plot = runB(page).getByTestId('timeline-plot');
  const lane = (await runB(page).getByRole('button', { name: 'app', exact: true }).boundingBox())!;
  const box = (await plot.boundingBox())!;
  await page.mouse.click(box.x + box.width - 4, lane.y + lane.height / 2, { button: 'right' });
  const menu = page.getByRole('menu', { name: 'Perturb default/web/app' });
  await menu.getByRole('menuitem', { name: /Exit here with code 1/ }).click();
  await expect(menu).toBeHidden();
  await expect(
    page.getByRole('status').filter({ hasText: /^Run B: At 5\.0 s: Exit here with code 1/ }),
  ).toBeVisible();

  // B restarted app; A is as it was. (B's re-run takes seconds under load.)
  await expect
    .poll(async () => (await diffRow(page, 'default/web/app'))[6], { timeout: 20_000 })
    .toContain('Started Container started');
  expect((await diffRow(page, 'default/web/app'))[5]).toBe('none');
  await page.getByRole('slider', { name: 'Timeline position' }).fill('5000');
  expect(await laneNames(runA(page))).toEqual(lanesA);
  expect(await cpuNames(runA(page))).toEqual(cpusA);

  await page.getByRole('button', { name: 'Undo' }).click();
  await expect
    .poll(async () => (await diffRow(page, 'default/web/app'))[6], { timeout: 20_000 })
    .toBe('none');
});

test('a link with both runs restores them in a new page', async ({ page, context }) => {
  await open(page, 'static-vs-none');
  await startCompare(page);
  await runB(page).getByRole('combobox', { name: 'CPU manager policy' }).selectOption('none');
  await runB(page)
    .getByRole('combobox', { name: 'Topology manager policy' })
    .selectOption('single-numa-node');
  await page.getByRole('button', { name: 'Jump to bookmark' }).click();
  // Copy link writes the link of what is on screen into the address bar at once.
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect.poll(() => page.url()).toContain('&b=');
  const url = page.url();
  const namesA = await cpuNames(runA(page));
  const namesB = await cpuNames(runB(page));

  const other = await context.newPage();
  await other.goto(url);
  // The link's two runs are run one after the other before Compare opens (seconds under load).
  await expect(other.getByRole('button', { name: 'Compare' })).toHaveAttribute(
    'aria-pressed',
    'true',
    { timeout: 20_000 },
  );
  await expect(runB(other).getByRole('combobox', { name: 'CPU manager policy' })).toHaveValue(
    'none',
  );
  await expect(runB(other).getByRole('combobox', { name: 'Topology manager policy' })).toHaveValue(
    'single-numa-node',
  );
  await expect(runA(other).getByRole('combobox', { name: 'CPU manager policy' })).toHaveValue(
    'static',
  );
  await expect(runA(other).getByRole('img', { name: /^CPU 0: / })).toBeVisible();
  expect(await cpuNames(runA(other))).toEqual(namesA);
  expect(await cpuNames(runB(other))).toEqual(namesB);

  // Compare off: the link is a one-run link again, and the single-run layout is back.
  await page.getByRole('button', { name: 'Compare' }).click();
  await expect(runA(page)).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'CPU manager policy' })).toHaveCount(1);
  await expect.poll(() => page.url()).not.toContain('&b=');
});

test('axe finds nothing with Compare open', async ({ page }) => {
  // Two runs and axe's walk of both: under load it outlasts the default 30 s.
  test.setTimeout(90_000);
  await open(page, 'static-vs-none');
  await startCompare(page);
  await runB(page).getByRole('combobox', { name: 'Kubelet version' }).selectOption('1.3');
  await page.getByRole('button', { name: 'Jump to bookmark' }).click();
  await expect(diff(page).getByRole('row').nth(1)).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
});

test('the runs sit side by side on a laptop and stack on a phone', async ({ page }) => {
  await open(page, 'static-vs-none');
  await startCompare(page);
  let a = (await runA(page).boundingBox())!;
  let b = (await runB(page).boundingBox())!;
  expect(b.x).toBeGreaterThan(a.x + a.width - 1);
  expect(Math.abs(b.y - a.y)).toBeLessThan(1);
  // One time axis: the same plot width, so one zoom window is one x scale.
  const plotA = (await runA(page).getByTestId('timeline-plot').boundingBox())!;
  const plotB = (await runB(page).getByTestId('timeline-plot').boundingBox())!;
  expect(Math.abs(plotA.width - plotB.width)).toBeLessThan(1);
  const axisA = await runA(page).locator('.tl-axis').innerHTML();
  expect(await runB(page).locator('.tl-axis').innerHTML()).toBe(axisA);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(async () => (await runB(page).boundingBox())!.y).toBeGreaterThan(a.y + 100);
  a = (await runA(page).boundingBox())!;
  b = (await runB(page).boundingBox())!;
  expect(b.y).toBeGreaterThanOrEqual(a.y + a.height - 1);
  expect(Math.abs(b.x - a.x)).toBeLessThan(1);
  expect(a.width).toBeLessThanOrEqual(390);
  const d = (await diff(page).boundingBox())!;
  expect(d.y).toBeGreaterThanOrEqual(b.y + b.height - 1);
});

test('the panels show the run last selected or clicked in, and say which', async ({ page }) => {
  await open(page, 'static-vs-none');
  await startCompare(page);
  await runB(page).getByRole('combobox', { name: 'CPU manager policy' }).selectOption('none');
  await page.getByRole('slider', { name: 'Timeline position' }).fill('3000');
  const panels = page.getByRole('group', { name: /^Run [AB]: pods, events/ });
  const inspector = page.getByRole('region', { name: 'Inspector' });
  for (const name of ['Pods', 'Events', 'Kubelet log', 'Inspector', 'State machines'])
    await expect(page.getByRole('region', { name, exact: true })).toHaveCount(1);
  await expect(panels).toHaveAccessibleName(/^Run A/);
  await expect(page.getByRole('radio', { name: 'Run A' })).toBeChecked();

  // A CPU of app's in B: B's panels, and B's Inspector says B's truth (shared under none).
  const namesA = await cpuNames(runA(page));
  const [mine] = idsOf(namesA, /^exclusive to default\/web\/app$/);
  await runB(page)
    .getByRole('img', { name: new RegExp(`^CPU ${mine}: `) })
    .click();
  await expect(panels).toHaveAccessibleName(/^Run B/);
  await expect(page.getByRole('radio', { name: 'Run B' })).toBeChecked();
  await expect(inspector.getByRole('heading', { level: 3 })).toHaveText(`CPU ${mine}`);
  await expect(inspector).toContainText('shared');
  await expect(inspector).not.toContainText('exclusive');
  // B's Events are B's: the same pods started there.
  await expect(
    page.getByRole('region', { name: 'Events' }).getByRole('cell', { name: 'Started' }).first(),
  ).toBeVisible();

  // The same CPU in A: A's panels, exclusive to app.
  await runA(page)
    .getByRole('img', { name: new RegExp(`^CPU ${mine}: `) })
    .click();
  await expect(panels).toHaveAccessibleName(/^Run A/);
  await expect(inspector).toContainText('exclusive');
  // The switch shows B again without selecting anything in it.
  await page.getByRole('radio', { name: 'Run B' }).check();
  await expect(panels).toHaveAccessibleName(/^Run B/);
  await expect(inspector.getByRole('heading', { level: 3 })).toHaveText(`CPU ${mine}`);
});

test("a link keeps run B's own selection", async ({ page, context }) => {
  await open(page, 'static-vs-none');
  await startCompare(page);
  await runB(page).getByRole('combobox', { name: 'CPU manager policy' }).selectOption('none');
  await page.getByRole('button', { name: 'Jump to bookmark' }).click();
  await runB(page)
    .getByRole('img', { name: /^CPU 5: / })
    .click();
  await expect(page.getByRole('radio', { name: 'Run B' })).toBeChecked();
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect.poll(() => page.url()).toContain('&b=');
  const other = await context.newPage();
  await other.goto(page.url());
  await expect(runB(other).getByRole('img', { name: /^CPU 0: / })).toBeVisible();
  // B's CPU 5 wears the selection ring in B only, and B's panels open on it.
  await expect(runB(other).locator('.pu.is-selected[data-cpu="5"]')).toHaveCount(1);
  await expect(runA(other).locator('.pu.is-selected')).toHaveCount(0);
  await expect(other.getByRole('radio', { name: 'Run B' })).toBeChecked();
  await expect(
    other.getByRole('region', { name: 'Inspector' }).getByRole('heading', { level: 3 }),
  ).toHaveText('CPU 5');
});

test("the header's step line and step count name each run and describe both", async ({ page }) => {
  await open(page, 'static-vs-none');
  // One run: the header says nothing of runs.
  await expect(page.getByTestId('step-sentence')).not.toContainText('Run A');
  await startCompare(page);
  await runB(page).getByRole('combobox', { name: 'CPU manager policy' }).selectOption('none');
  await expect(page.locator('main[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
  await page.getByRole('button', { name: 'Jump to end' }).click();
  // Each run's own step at the shared playhead, named: static (A) and none (B) take different
  // steps, so their counts differ, and each count is its own run's.
  const stepA = page.locator('.clock-step');
  const stepB = page.locator('.clock-step-b');
  await expect(stepA).toHaveText(/^A step (\d+)\/\1 · /);
  await expect(stepB).toHaveText(/^B step (\d+)\/\1 · /);
  const totalA = /\/(\d+)/.exec((await stepA.textContent())!)![1];
  const totalB = /\/(\d+)/.exec((await stepB.textContent())!)![1];
  expect(totalA).not.toBe(totalB);
  const position = page.getByRole('slider', { name: 'Timeline position' });
  await expect(position).toHaveAttribute(
    'aria-valuetext',
    new RegExp(`step ${totalA} of ${totalA}`),
  );
  await expect(page.getByTestId('step-sentence')).toContainText(/^Run A/);
  await expect(page.getByTestId('step-sentence-b')).toContainText(/^Run B/);
  // B's sentence is B's narration, not A's repeated: both runs say what their last step did.
  await expect(page.getByTestId('narration')).toContainText(/^Run A: .+ Run B: .+/);
  const [a, b] = [
    (await page.getByTestId('step-sentence').textContent())!.replace(/^Run A/, ''),
    (await page.getByTestId('step-sentence-b').textContent())!.replace(/^Run B/, ''),
  ];
  await expect(page.getByTestId('narration')).toHaveText(`Run A: ${a} Run B: ${b}`);
  // Compare off: one run again, unnamed.
  await page.getByRole('button', { name: 'Compare' }).click();
  await expect(page.getByTestId('step-sentence-b')).toHaveCount(0);
  await expect(stepB).toBeHidden();
  await expect(stepA).toHaveText(/^step \d+\/\d+ · /);
});
