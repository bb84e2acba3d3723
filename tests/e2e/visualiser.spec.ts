/**
 * Journeys through the visualiser in Chromium, as a person would use it: by the
 * names on the screen (buttons, sliders, regions, CPU names), never by internals.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

async function open(page: Page, preset = 'hello-pod') {
  await page.goto(`/?preset=${preset}`);
  await expect(page.getByRole('region', { name: 'Timeline' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^CPU 0: / })).toBeVisible();
}

const events = (page: Page) => page.getByRole('region', { name: 'Events' });
const cpu = (page: Page, id: number) => page.getByRole('img', { name: new RegExp(`^CPU ${id}: `) });

test('play, pause, step back and forward: the Events and the diagram change', async ({ page }) => {
  await open(page);
  await page.getByRole('button', { name: 'Jump to start' }).click();
  await expect(cpu(page, 0)).toHaveAccessibleName('CPU 0: idle');
  await expect(events(page).getByRole('row')).toHaveCount(1); // header only

  // The speed control spans 1/100× to 100× on a log scale. (Home and End on it move the
  // timeline, as they do wherever focus is: picture-controls.spec.ts.)
  const speed = page.getByRole('slider', { name: 'Playback speed' });
  await speed.fill('2');
  await expect(speed).toHaveAttribute('aria-valuetext', /^100×/);
  await speed.fill('-2');
  await expect(speed).toHaveAttribute('aria-valuetext', /^1\/100×/);
  await speed.fill('0.3');
  await expect(speed).toHaveAttribute('aria-valuetext', /^2×/);

  const position = page.getByRole('slider', { name: 'Timeline position' });
  await page.getByRole('button', { name: 'Play' }).click();
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
  await expect(position).not.toHaveAttribute('aria-valuetext', /^0 ms, step 0 /);
  await page.getByRole('button', { name: 'Play' }).click();
  await expect(events(page).getByRole('cell', { name: 'Started', exact: true })).toBeVisible();
  // Playback ends on its own at the end of the run (or pause it first).
  const pause = page.getByRole('button', { name: 'Pause' });
  if (await pause.isVisible()) await pause.click();
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();

  // With the container running, every CPU is in the shared pool (policy none).
  await expect(cpu(page, 0)).toHaveAccessibleName('CPU 0: shared');
  await expect(cpu(page, 7)).toHaveAccessibleName('CPU 7: shared');

  // Step back to before the start: the Event goes, the CPUs go idle again.
  const back = page.getByRole('button', { name: 'Step back' });
  for (let i = 0; i < 80; i++) {
    if ((await events(page).getByRole('cell', { name: 'Started', exact: true }).count()) === 0)
      break;
    await back.click();
    // The panel follows a Step in a React transition (aria-busy meanwhile): read it after,
    // so the loop stops at the step before the start, not a few before it.
    await expect(events(page)).not.toHaveAttribute('aria-busy', 'true');
  }
  await expect(events(page).getByRole('cell', { name: 'Started', exact: true })).toHaveCount(0);
  await expect(cpu(page, 0)).toHaveAccessibleName('CPU 0: idle');
  await page.getByRole('button', { name: 'Step forward' }).click();
  await expect(events(page).getByRole('cell', { name: 'Started', exact: true })).toBeVisible();
  await expect(cpu(page, 0)).toHaveAccessibleName('CPU 0: shared');

  // The live region says what happened, in words.
  await expect(page.getByTestId('narration')).toContainText('app runs (Started)');

  await page.getByRole('button', { name: 'Jump to end' }).click();
  await expect(page.getByRole('slider', { name: 'Timeline position' })).toHaveAttribute(
    'aria-valuetext',
    /2 min 00 s/,
  );
});

test('the pod status reads as kubectl get pods shows it', async ({ page }) => {
  await open(page);
  await page.getByRole('button', { name: 'Jump to end' }).click();
  const pods = page.getByRole('region', { name: 'Pods' });
  const row = pods.getByRole('row', { name: /web/ });
  await expect(row).toContainText('1/1');
  await expect(row).toContainText('Running');
});

test('toggling the CPU manager to static pins a Guaranteed container', async ({ page }) => {
  await open(page, 'static-vs-none');
  const policy = page.getByRole('combobox', { name: 'CPU manager policy' });
  await policy.selectOption('none');
  await page.getByRole('button', { name: 'Jump to end' }).click();
  await expect(page.getByRole('img', { name: /exclusive to/ })).toHaveCount(0);
  await policy.selectOption('static');
  await expect(page.getByRole('img', { name: /: exclusive to default\/web\/app$/ })).toHaveCount(2);
  // The 200m sidecar stays in the shared pool.
  await expect(
    page.getByRole('img', { name: /exclusive to default\/web\/log-shipper/ }),
  ).toHaveCount(0);
});

test('changing a quick control re-runs and keeps the simulated time', async ({ page }) => {
  await open(page);
  const position = page.getByRole('slider', { name: 'Timeline position' });
  await page.getByRole('button', { name: 'Jump to start' }).click();
  for (let i = 0; i < 12; i++) await page.getByRole('button', { name: 'Step forward' }).click();
  const before = await position.getAttribute('aria-valuetext');
  const time = before?.split(',')[0];
  await page.getByRole('combobox', { name: 'Node topology' }).selectOption('intel-2s-16c-ht');
  await expect(cpu(page, 63)).toBeVisible();
  await expect(position).toHaveAttribute('aria-valuetext', new RegExp(`^${time}`));
  await page
    .getByRole('combobox', { name: 'Topology manager policy' })
    .selectOption('single-numa-node');
  await expect(position).toHaveAttribute('aria-valuetext', new RegExp(`^${time}`));
});

test('zooms and pans the timeline with Perfetto keys', async ({ page }) => {
  await open(page);
  const range = page.getByTestId('visible-range');
  const initial = await range.textContent();
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('w');
  await page.keyboard.press('w');
  await expect(range).not.toHaveText(initial ?? '');
  const zoomed = await range.textContent();
  await page.keyboard.press('d');
  await expect(range).not.toHaveText(zoomed ?? '');
  await page.keyboard.press('s');
  await page.keyboard.press('s');
  await page.keyboard.press('s');
  await page.keyboard.press('s');
  // F with nothing selected fits the whole run (the preset opened on its start-up).
  await page.keyboard.press('f');
  await expect(range).toHaveText('Showing 0 ms – 2 min 00 s');
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeHidden();
});

test('clicking a span selects it and the Inspector explains it', async ({ page }) => {
  await open(page);
  await page.getByRole('button', { name: 'Jump to end' }).click();
  const plot = page.getByTestId('timeline-plot');
  const app = page.getByRole('button', { name: 'app', exact: true });
  const laneBox = (await app.boundingBox())!;
  const plotBox = (await plot.boundingBox())!;
  // The container runs until the end of the run: click near the right edge of its lane.
  await page.mouse.click(plotBox.x + plotBox.width - 4, laneBox.y + laneBox.height / 2);
  const inspector = page.getByRole('region', { name: 'Inspector' });
  await expect(inspector.getByRole('heading', { name: 'running' })).toBeVisible();
  await expect(inspector).toContainText('default/web › app');
  await expect(inspector).toContainText('cpuset.cpus');
  await expect(inspector).toContainText('the none CPU manager policy pins nothing');
  // "," moves to the previous span on the same lane.
  await page.keyboard.press(',');
  await expect(inspector.getByRole('heading', { name: 'running' })).toBeHidden();
});

test('clicking a CPU selects the container that holds it, everywhere', async ({ page }) => {
  await open(page);
  await page.getByRole('button', { name: 'Jump to end' }).click();
  await cpu(page, 3).click();
  const inspector = page.getByRole('region', { name: 'Inspector' });
  await expect(inspector.getByRole('heading', { name: 'CPU 3' })).toBeVisible();
  await expect(inspector).toContainText('NUMA node');
  await page.getByRole('button', { name: 'L# logical' }).click();
  await expect(page.getByRole('button', { name: 'L# logical' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(cpu(page, 3)).toBeVisible();
});

test('works from the keyboard alone', async ({ page }) => {
  await open(page);
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  const position = page.getByRole('slider', { name: 'Timeline position' });
  await expect(position).toHaveAttribute('aria-valuetext', /step [1-9]/);
  // Tab reaches the transport and activates it with Enter.
  const play = page.getByRole('button', { name: 'Play' });
  for (let i = 0; i < 30 && !(await play.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(play).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Pause' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
  // The slider steps exactly one step per arrow key.
  await position.focus();
  const a = await position.getAttribute('aria-valuetext');
  await page.keyboard.press('ArrowLeft');
  await expect(position).not.toHaveAttribute('aria-valuetext', a ?? '');
  // The CPU diagram is one tab stop; arrows move, Enter selects.
  await cpu(page, 0).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('region', { name: 'Inspector' }).getByRole('heading', { name: /^CPU \d+$/ }),
  ).toBeVisible();
  // "." selects a span from the keyboard; Esc clears it.
  await page.locator('body').press('.');
  await expect(
    page.getByRole('region', { name: 'Inspector' }).getByText('lane', { exact: true }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('region', { name: 'Inspector' })).toContainText('Click a span');
  // Panels collapse and expand from the keyboard.
  const toggle = page.getByRole('button', { name: 'Kubelet log' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
});

test('the log filters by verbosity and text', async ({ page }) => {
  await open(page);
  await page.getByRole('button', { name: 'Jump to end' }).click();
  const log = page.getByRole('region', { name: 'Kubelet log' });
  await log.getByRole('combobox', { name: 'Log verbosity' }).selectOption('4');
  await log.getByRole('searchbox', { name: 'Filter log' }).fill('SyncLoop ADD');
  await expect(log.getByText(/"SyncLoop ADD"/)).toBeVisible();
  await expect(log).toContainText(/^.*1 of \d+ lines at -v=4/);
});

test('a long log draws the rows in view, follows the cursor and shows the rows scrolled to', async ({
  page,
}) => {
  await open(page, 'crashloop-15m');
  await page.getByRole('button', { name: 'Jump to end' }).click();
  const log = page.getByRole('region', { name: 'Kubelet log' });
  await log.getByRole('combobox', { name: 'Log verbosity' }).selectOption('4');
  const foot = log.locator('.panel-foot');
  await expect(foot).toHaveText(/^(\d{4,}) of \1 lines at -v=4$/);
  const n = Number(/^\d+/.exec((await foot.textContent()) ?? '')![0]);
  const list = log.getByRole('group', { name: 'klog lines' });
  // The newest line is in view, and far fewer rows than lines are drawn.
  await expect(list.locator('.klog-line').last()).toBeInViewport();
  expect(await list.locator('.klog-line').count()).toBeLessThan(200);
  // A step back shows fewer lines (those printed before the cursor).
  await page.getByRole('button', { name: 'Step back' }).click();
  await expect(foot).not.toHaveText(`${n} of ${n} lines at -v=4`);
  // The run's first line, once scrolled to.
  await list.evaluate((e) => {
    e.scrollTop = 0;
  });
  await expect(list.locator('.klog-line').first()).toContainText(
    '"Starting kubelet main sync loop"',
  );
  await expect(list.locator('.klog-pending')).toHaveCount(0);
});

test("the log shows containerd's side of the same run", async ({ page }) => {
  await open(page);
  await page.getByRole('button', { name: 'Jump to end' }).click();
  const log = page.getByRole('region', { name: 'Kubelet log' });
  await log.getByRole('button', { name: 'containerd' }).click();
  await expect(log.getByRole('button', { name: 'containerd' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(log.getByRole('combobox', { name: 'Log verbosity' })).toBeHidden();
  await expect(
    log.getByText(/msg="RunPodSandbox for &PodSandboxMetadata\{Name:web,/).first(),
  ).toBeVisible();
  await log.getByRole('searchbox', { name: 'Filter log' }).fill('returns successfully');
  await expect(
    log.getByText(/msg="StartContainer for \\"[0-9a-f]{64}\\" returns successfully"/),
  ).toBeVisible();
  await expect(log).toContainText(/1 of \d+ lines from containerd/);
});

for (const [name, size, scheme] of [
  ['laptop, light', { width: 1280, height: 800 }, 'light'],
  ['laptop, dark', { width: 1280, height: 800 }, 'dark'],
  ['phone', { width: 390, height: 844 }, 'light'],
] as const) {
  test(`has no accessibility violations (${name})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize(size);
    await open(page, 'static-vs-none');
    await page.getByRole('button', { name: 'Jump to end' }).click();
    await page
      .getByRole('img', { name: /exclusive to default\/web\/app/ })
      .first()
      .click();
    const results = await new AxeBuilder({ page }).analyze();
    expect(
      results.violations.map(
        (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      ),
    ).toEqual([]);
  });
}

test('on a phone the panels stack and the timeline scrubs by touch', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  await open(page);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  const position = page.getByRole('slider', { name: 'Timeline position' });
  await page.getByRole('button', { name: 'Jump to start' }).tap();
  const box = (await position.boundingBox())!;
  await page.touchscreen.tap(box.x + box.width * 0.6, box.y + box.height / 2);
  await expect(position).not.toHaveAttribute('aria-valuetext', /^0 ms/);
  await context.close();
});

test('every preset opens, runs and plays to its end without an error', async ({ page }) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await open(page);
  const scenario = page.getByRole('combobox', { name: 'Scenario' });
  const ids = await scenario
    .locator('option')
    .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  expect(ids.length).toBeGreaterThan(5);
  for (const id of ids) {
    await scenario.selectOption(id);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.getByRole('button', { name: 'Jump to end' }).click();
    await page.getByRole('button', { name: 'Step back' }).click();
    await expect(page.getByRole('region', { name: 'Pods' }).getByRole('row').first()).toBeVisible();
  }
  expect(errors).toEqual([]);
});
