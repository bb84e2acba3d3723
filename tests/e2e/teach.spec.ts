/**
 * Issue 30: the page teaches in the kubelet's words and nothing on screen contradicts anything
 * else. One journey per point, as a user does it, by the names on the screen.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

async function open(page: Page, preset = 'hello-pod') {
  await page.goto(`/?preset=${preset}`);
  await expect(page.getByRole('region', { name: 'Timeline' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^CPU 0: / }).first()).toBeAttached();
}
/** The step sentences' words arrive a moment after the first picture. */
async function worded(page: Page) {
  await expect(page.locator('.step-line[data-worded="true"]').first()).toBeAttached();
}
const sentence = (page: Page) => page.getByTestId('step-sentence');
const moved = (page: Page) => page.getByTestId('step-moved');
const forward = (page: Page) => page.getByRole('button', { name: 'Step forward' });
const settled = (page: Page) =>
  expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });

/** A machine's state path: dotted camelCase names, parallel regions, XState's own events. */
const STATE_PATH = /\b[a-z]+[A-Z]\w*\.[a-z]\w*|\w+\.\w+\|\w+|xstate|idle\.|runtime\.[a-z]/;

test('1. every step is said in the kubelet’s words, and the live region says the same', async ({
  page,
}) => {
  await open(page);
  await worded(page);
  await page.getByRole('combobox', { name: 'Step granularity' }).selectOption('every');
  const said = new Set<string>();
  for (let i = 0; i < 45; i++) {
    await forward(page).click();
    const live = (await page.getByTestId('narration').textContent())!;
    await expect(sentence(page)).toHaveText(live);
    expect(live, live).not.toMatch(STATE_PATH);
    const m = (await moved(page).textContent()) ?? '';
    expect(m, m).not.toMatch(STATE_PATH);
    said.add(live);
  }
  const all = [...said].join('\n');
  // The Go functions the steps ran in, on today's kubelet.
  for (const fn of ['syncLoopIteration', 'Kubelet.SyncPod', 'computePodActions', 'RunPodSandbox'])
    expect(all).toContain(fn);
  // A healthy first sync creates a sandbox; it kills nothing.
  expect(all).toContain('has no sandbox yet, so create one (KillPod: nothing to kill)');
});

test('2. a preset opens framed on its start-up, not on its two idle minutes', async ({ page }) => {
  await open(page);
  const range = page.getByRole('region', { name: 'Timeline' }).locator('.panel-head');
  // hello-pod is Ready at 4.76 s: its window ends a little after, of a 2-minute run.
  await expect(range).toContainText(/Showing 0 ms – 5\.\d s/);
});

test('3. the bookmark lands on the moment; a first visit says what to do first', async ({
  page,
}) => {
  await open(page, 'static-vs-none');
  const welcome = page.getByRole('region', { name: 'Welcome' });
  await expect(welcome).toContainText('Press Play');
  await expect(welcome.getByRole('button', { name: 'Start a guided tour' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy link' })).not.toHaveClass(/primary/);
  await welcome.getByRole('button', { name: 'Got it' }).click();
  await expect(welcome).toBeHidden();
  await worded(page);
  await page.getByRole('button', { name: 'Jump to bookmark' }).click();
  await expect(sentence(page)).toContainText('PreCreateContainer');
  await expect(sentence(page)).toContainText('cpuset 1,9');
  await page.reload();
  await expect(page.getByRole('region', { name: 'Timeline' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Welcome' })).toHaveCount(0);
});

test('4. the perturbation banner goes with its fault: after Undo and after another preset', async ({
  page,
}) => {
  await open(page);
  await page.getByRole('button', { name: 'Jump to bookmark' }).click();
  await page.getByRole('button', { name: 'app', exact: true }).click();
  await page.getByRole('button', { name: 'app', exact: true }).press('Shift+F10');
  const menu = page.getByRole('menu', { name: /Perturb default\/web/ });
  await menu.getByRole('menuitem', { name: /Exit here with code 1/ }).click();
  const banner = page.getByRole('status').filter({ hasText: 'Exit here with code 1' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Undo (Ctrl+Z) takes it back.');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(banner).toHaveCount(0);
  // Again, then another preset.
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(page.getByRole('button', { name: 'Undo' })).toBeEnabled();
  await page.getByRole('button', { name: 'app', exact: true }).press('Shift+F10');
  await menu.getByRole('menuitem', { name: /Exit here with code 1/ }).click();
  await expect(banner).toBeVisible();
  await page.getByRole('combobox', { name: 'Scenario' }).selectOption('static-vs-none');
  await expect(page.getByRole('img', { name: /^CPU 15: / })).toBeVisible();
  await expect(banner).toHaveCount(0);
});

test('5 and 6. reserved CPUs are part of the shared pool; kubelet 1.3 reserves none', async ({
  page,
}) => {
  await open(page, 'static-vs-none');
  await page.getByRole('button', { name: 'Jump to end' }).click();
  await settled(page);
  const topo = page.getByRole('region', { name: 'NUMA topology' });
  await expect(
    topo.getByRole('img', { name: 'CPU 0: reserved, in the shared pool' }),
  ).toBeVisible();
  await expect(topo.getByLabel(/^reserved: reservedSystemCPUs: never given/)).toBeVisible();
  await page.getByRole('combobox', { name: 'Kubelet version' }).selectOption('1.3');
  await expect(topo.getByRole('img', { name: /^CPU 15: / })).toBeVisible();
  await page.getByRole('button', { name: 'Jump to end' }).click();
  await settled(page);
  await expect(topo.getByRole('img', { name: /reserved/ })).toHaveCount(0);
  await expect(topo.getByRole('img', { name: 'CPU 0: shared' })).toBeVisible();
  await expect(topo.getByLabel(/^shared pool: 3 containers: /)).toBeVisible();
});

test('9. Pods says why a started container’s pod still shows ContainerCreating', async ({
  page,
}) => {
  await open(page);
  const pods = page.getByRole('region', { name: 'Pods' });
  const events = page.getByRole('region', { name: 'Events' });
  for (let i = 0; i < 40; i++) {
    // 1.35 and later: the Started Event says "Container started".
    if ((await events.getByText('Container started', { exact: true }).count()) > 0) break;
    await forward(page).click();
    await settled(page);
  }
  await expect(pods.getByRole('cell', { name: /^ContainerCreating/ })).toBeVisible();
  await expect(page.getByTestId('pods-status-note')).toContainText(
    'The kubelet regenerates it (generateAPIPodStatus) at the pod',
  );
});

test('10. an overflow lane says what it holds', async ({ page }) => {
  await open(page, 'image-pull-backoff');
  const lane = page.getByRole('button', { name: 'api (2)', exact: true });
  await expect(lane).toBeVisible();
  await expect(lane).toHaveAttribute('aria-description', /ImagePullBackOff/);
});

test('11. the 256-CPU node folds identical packages, and fit shows the whole machine', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await open(page, 'static-vs-none');
  await page.getByRole('combobox', { name: 'CPU manager policy' }).selectOption('none');
  await page.getByRole('combobox', { name: 'Node topology' }).selectOption('amd-epyc-2s-nps4');
  const topo = page.getByRole('region', { name: 'NUMA topology' });
  await expect(topo.getByRole('img', { name: /^CPU 255: / })).toHaveCount(1);
  await page.getByRole('button', { name: 'Jump to end' }).click();
  const both = topo.getByRole('button', {
    name: /^2 identical packages \(8 NUMA nodes, 128 cores\)/,
  });
  await expect(both).toBeVisible();
  await expect(both).toContainText('in the shared pool');
  // Like lstopo's "2x Package", the box shows one package's contents.
  await expect(both).toContainText('4 NUMA nodes · 64 cores each');
  // Static: the app's package is drawn; fit shows all of it, nothing to scroll.
  await page.getByRole('combobox', { name: 'CPU manager policy' }).selectOption('static');
  await expect(topo.locator('.pu[aria-label*="exclusive to default/web/app"]')).toHaveCount(2);
  await topo.getByRole('button', { name: 'Reset diagram zoom' }).click();
  const body = topo.locator('.topo-body');
  const fits = await body.evaluate((el) => ({
    w: el.scrollWidth <= el.clientWidth + 1,
    h: el.scrollHeight <= el.clientHeight + 1,
  }));
  expect(fits).toEqual({ w: true, h: true });
});

test('12. at 1280×800 the Events table, the State machines and the bookmark keep their place', async ({
  page,
}) => {
  await open(page, 'static-vs-none');
  // As every visit after the first.
  await page.getByRole('button', { name: 'Got it' }).click();
  await page.getByRole('button', { name: 'Jump to end' }).click();
  await settled(page);
  const table = page.getByRole('group', { name: 'Events table' });
  const fits = await table.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
  expect(fits).toBe(true);
  // Age and Object on one line each.
  const lines = await table
    .locator('tbody tr:not(.row-spacer)')
    .first()
    .evaluate((tr) => {
      // Lines of text in a cell: the distinct tops of its text's boxes.
      const line = (td: Element) => {
        const r = document.createRange();
        r.selectNodeContents(td);
        return new Set([...r.getClientRects()].map((b) => Math.round(b.top))).size;
      };
      const cells = [...tr.querySelectorAll('td')];
      return {
        age: line(cells[2]!),
        object: line(cells.find((c) => c.classList.contains('obj'))!),
      };
    });
  expect(lines).toEqual({ age: 1, object: 1 });
  const machines = await page.getByRole('region', { name: 'State machines' }).boundingBox();
  // It had about 60 px; the Inspector keeps its 160 (picture-controls.spec.ts).
  expect(machines!.height).toBeGreaterThanOrEqual(90);
  // A long sentence leaves the bookmark on its line.
  await worded(page);
  await page.getByRole('button', { name: 'Jump to start' }).click();
  for (let i = 0; i < 6; i++) await forward(page).click();
  const bookmark = (await page.getByRole('button', { name: 'Jump to bookmark' }).boundingBox())!;
  const words = (await sentence(page).boundingBox())!;
  expect(bookmark.y).toBeLessThan(words.y + words.height);
});

test('14. a scenario draft that does not run survives a reload', async ({ page }) => {
  await open(page);
  await page.getByRole('button', { name: 'Edit scenario' }).click();
  const editor = page.getByRole('textbox', { name: 'Scenario YAML' });
  await expect(editor).toContainText('apiVersion: kubeletscope/v1');
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.insertText('\nnotAField: [');
  await expect(page.getByRole('list', { name: 'Problems' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Timeline' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'draft' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit scenario' }).click();
  const offer = page.getByRole('group', { name: 'Saved draft' });
  await expect(offer).toBeVisible();
  await offer.getByRole('button', { name: 'Restore draft' }).click();
  await expect(offer).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Scenario YAML' })).toContainText('notAField: [');
  await expect(page.getByRole('list', { name: 'Problems' })).toBeVisible();
});

test('axe finds nothing on a first visit, with the Pods note and an overflow lane', async ({
  page,
}) => {
  await open(page, 'image-pull-backoff');
  await expect(page.getByRole('region', { name: 'Welcome' })).toBeVisible();
  await page.getByRole('button', { name: 'Jump to bookmark' }).click();
  await settled(page);
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });
  test('the sentence wraps, the bookmark stays in view, the welcome fits', async ({ page }) => {
    await open(page);
    const welcome = page.getByRole('region', { name: 'Welcome' });
    await expect(welcome).toBeVisible();
    const box = (await welcome.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(391);
    await worded(page);
    await forward(page).click();
    await expect(sentence(page)).not.toHaveText('0 s: the kubelet is starting');
    await expect(page.getByRole('button', { name: 'Jump to bookmark' })).toBeInViewport();
  });

  test('4. a perturbation says Undo, not Ctrl+Z, on a touch screen', async ({ page }) => {
    await open(page);
    await page.getByRole('button', { name: 'Jump to bookmark' }).click();
    const app = page.getByRole('button', { name: 'app', exact: true });
    await app.click();
    await app.press('Shift+F10');
    await page
      .getByRole('menu', { name: /Perturb default\/web/ })
      .getByRole('menuitem', { name: /Exit here with code 1/ })
      .click();
    const banner = page.getByRole('status').filter({ hasText: 'Exit here with code 1' });
    await expect(banner).toContainText('Undo takes it back.');
    await expect(banner).not.toContainText('Ctrl+Z');
  });
});
