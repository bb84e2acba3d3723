/**
 * Perturbing a run in place, undoing it, sharing it, and links that cannot be
 * opened: as a user does it, by the names on the screen.
 */
import { expect, test, type Page } from '@playwright/test';
import { encode } from './linkOf';

async function open(page: Page, url = '/?preset=hello-pod') {
  await page.goto(url);
  await expect(page.getByRole('region', { name: 'Timeline' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^CPU 0: / })).toBeVisible();
}

const position = (page: Page) => page.getByRole('slider', { name: 'Timeline position' });

/**
 * Waits until no run is in flight in the worker and every panel has caught up with the
 * cursor (they follow it in a React transition, aria-busy meanwhile), before reading them.
 */
async function settled(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
}
const pods = (page: Page) => page.getByRole('region', { name: 'Pods' });
const events = (page: Page) => page.getByRole('region', { name: 'Events' });

async function cpuNames(page: Page): Promise<string[]> {
  return page
    .getByRole('img', { name: /^CPU \d+: / })
    .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
}

/** Right-clicks the app container's lane near the end of the run. */
async function rightClickApp(page: Page) {
  const plot = page.getByTestId('timeline-plot');
  const lane = (await page.getByRole('button', { name: 'app', exact: true }).boundingBox())!;
  const box = (await plot.boundingBox())!;
  await page.mouse.click(box.x + box.width - 4, lane.y + lane.height / 2, { button: 'right' });
}

/** Steps until the container has started (the Events say so). */
async function stepUntilStarted(page: Page) {
  const forward = page.getByRole('button', { name: 'Step forward' });
  for (let i = 0; i < 80; i++) {
    if ((await events(page).getByText('Container started').count()) > 0) break;
    await forward.click();
    await expect(events(page)).not.toHaveAttribute('aria-busy', 'true');
  }
  await expect(events(page).getByText('Container started')).toBeVisible();
}

test('a container made to exit from its context menu restarts; the past is unchanged; undo and redo', async ({
  page,
}) => {
  await open(page);
  await stepUntilStarted(page);
  for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'Step forward' }).click();
  const at = await position(page).getAttribute('aria-valuetext');
  await settled(page);
  const eventsBefore = await events(page).getByRole('row').allInnerTexts();

  await rightClickApp(page);
  const menu = page.getByRole('menu', { name: 'Perturb default/web/app' });
  await expect(menu).toBeVisible();
  // The first item that can act (the image is present: pull faults say "no effect").
  await expect(menu.locator('[role="menuitem"]:not([aria-disabled="true"])').first()).toBeFocused();
  await menu.getByRole('menuitem', { name: /Exit here with code 1/ }).click();
  await expect(menu).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Exit here with code 1' })).toBeVisible();

  // The cursor stayed (same time, same step; the run's length changed), and everything
  // up to it is as it was.
  const here = at!.replace(/ of \d+$/, ' of ');
  await expect(position(page)).toHaveAttribute('aria-valuetext', new RegExp(`^${here}\\d+$`));
  expect(here).toMatch(/^\d/);
  await settled(page);
  expect(await events(page).getByRole('row').allInnerTexts()).toEqual(eventsBefore);

  // The future forked: the container dies and is restarted.
  await page.getByRole('button', { name: 'Jump to end' }).click();
  const row = pods(page).getByRole('row', { name: /web/ });
  await expect(row.getByRole('cell').nth(3)).toHaveText(/^1 \(/);

  await page.keyboard.press('Control+z');
  await expect(row.getByRole('cell').nth(3)).toHaveText('0');
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(row.getByRole('cell').nth(3)).toHaveText(/^1 \(/);
  // Redo disabled itself: focus went to Undo, not to the page.
  await expect(page.getByRole('button', { name: 'Undo' })).toBeFocused();
});

test('the menu opens from the keyboard, moves with arrows and closes with Escape', async ({
  page,
}) => {
  await open(page);
  await stepUntilStarted(page);
  await page.getByRole('button', { name: 'app', exact: true }).click();
  await page.getByRole('button', { name: 'app', exact: true }).press('Shift+F10');
  const menu = page.getByRole('menu', { name: /Perturb default\/web/ });
  await expect(menu).toBeVisible();
  const items = menu.getByRole('menuitem');
  // Focus starts on the first item that can act (pull faults have no effect here).
  const first = await items.evaluateAll((els) =>
    els.findIndex((e) => e.getAttribute('aria-disabled') !== 'true'),
  );
  expect(first).toBeGreaterThan(0);
  await expect(items.nth(first)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(items.nth(first + 1)).toBeFocused();
  await page.keyboard.press('End');
  await expect(items.last()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
});

test('a CPU request changed from the menu pins the container under static', async ({ page }) => {
  await open(page, '/?preset=static-vs-none');
  await page.getByRole('button', { name: 'Jump to end' }).click();
  const exclusive = async () =>
    (await cpuNames(page)).filter((n) => n.includes('exclusive to default/web/app')).length;
  await expect.poll(exclusive).toBe(2);
  await rightClickApp(page);
  await page.getByRole('menuitem', { name: /Change its CPU request/ }).click();
  const input = page.getByRole('textbox', { name: 'CPU request' });
  await input.fill('4');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect.poll(exclusive).toBe(4);
});

test('a CPU request above its limit is refused as the API server would refuse it', async ({
  page,
}) => {
  await open(page, '/?preset=hello-pod');
  await page.getByRole('button', { name: 'Jump to end' }).click();
  await rightClickApp(page);
  await page.getByRole('menuitem', { name: /Change its CPU request/ }).click();
  const input = page.getByRole('textbox', { name: 'CPU request' });
  await input.fill('2');
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(input).toHaveAccessibleDescription(
    /must be less than or equal to cpu limit of 500m/,
  );
  await expect(page.getByRole('button', { name: 'Apply' })).toBeDisabled();
  await input.fill('400m');
  await expect(page.getByRole('button', { name: 'Apply' })).toBeEnabled();
});

test('a copied link opens the same scenario, cursor, selection and CPUs in a new page', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await open(page, '/?preset=static-vs-none');
  await stepUntilStarted(page);
  await rightClickApp(page);
  await page
    .getByRole('menuitem', { name: /Fail its readiness probe|Exit here/ })
    .first()
    .click();
  await page
    .getByRole('img', { name: /exclusive to default\/web\/app/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/#s=2\.[A-Za-z0-9+\-$_]+/);
  expect(link.length).toBeLessThan(2000);

  const other = await context.newPage();
  await open(other, link.replace(/^https?:\/\/[^/]+/, ''));
  const inspector = (p: Page) => p.getByRole('region', { name: 'Inspector' });
  await settled(page);
  await expect(inspector(other)).toHaveText((await inspector(page).textContent())!);
  await expect(position(other)).toHaveAttribute(
    'aria-valuetext',
    (await position(page).getAttribute('aria-valuetext'))!,
  );
  expect(await cpuNames(other)).toEqual(await cpuNames(page));
  await expect(other.getByRole('combobox', { name: 'Scenario' })).toHaveValue('static-vs-none');
  await settled(other);
  expect(await events(other).getByRole('row').allInnerTexts()).toEqual(
    await events(page).getByRole('row').allInnerTexts(),
  );
});

test('the address bar follows the view without adding history entries', async ({ page }) => {
  await open(page);
  const before = await page.evaluate(() => history.length);
  await page.getByRole('button', { name: 'Step forward' }).click();
  await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/^#s=2\./);
  const first = await page.evaluate(() => location.hash);
  await page.getByRole('button', { name: 'Step forward' }).click();
  await expect.poll(() => page.evaluate(() => location.hash)).not.toBe(first);
  expect(await page.evaluate(() => history.length)).toBe(before);
});

for (const [what, hash, says] of [
  ['cut short', '#s=1.N4IgbghgTg9g7gZwJYH', /damaged or cut short|not valid|damaged/],
  ['from a newer version', '#s=99.N4Ig', /newer version of kubeletscope/],
  ['not a link at all', '#s=hello', /format number/],
] as const) {
  test(`a link ${what} opens the default scenario with a banner saying why`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await open(page, `/${hash}`);
    const banner = page.getByRole('alert');
    await expect(banner).toContainText('could not be opened');
    await expect(banner).toContainText(says);
    await expect(page.getByRole('combobox', { name: 'Scenario' })).toHaveValue('hello-pod');
    expect(errors).toEqual([]);
  });
}

test('an address naming no preset opens the default one with a notice naming it, as text', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await open(page, '/?preset=%3Cimg%20src%3Dx%3Esidecar-startup');
  await expect(page.getByRole('combobox', { name: 'Scenario' })).toHaveValue('hello-pod');
  const notice = page.getByRole('status').filter({ hasText: 'There is no preset named' });
  await expect(notice).toContainText('"<img src=x>sidecar-startup"');
  await expect(notice).toContainText('the default scenario is shown instead');
  await expect(page.locator('.banner img')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a hostile link shows its text as text, never as markup', async ({ page }) => {
  await open(page);
  await page.evaluate(() => {
    (window as unknown as { pwned: boolean }).pwned = false;
  });
  // A valid scenario whose name and caption are markup.
  await page.goto(`/${encode('<img src=x onerror="window.pwned=true">')}`);
  await expect(page.getByRole('region', { name: 'Timeline' })).toBeVisible();
  await expect(page.getByText('<img src=x onerror="window.pwned=true">').first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { pwned?: boolean }).pwned)).not.toBe(
    true,
  );
  expect(await page.locator('img[src="x"]').count()).toBe(0);
});

test('bad YAML in the editor keeps the text, points at the line, and keeps the last run', async ({
  page,
}) => {
  await open(page);
  await page.getByRole('button', { name: 'Edit scenario' }).click();
  const dialog = page.getByRole('dialog', { name: 'Scenario editor' });
  const editor = dialog.getByRole('textbox', { name: 'Scenario YAML' });
  await expect(editor).toContainText('apiVersion: kubeletscope/v1');
  const cpusBefore = await cpuNames(page);
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('\nfaults: [ { kind: NoSuchFault, target: default/web/app } ]\n');
  const problems = dialog.getByRole('list', { name: 'Problems' });
  await expect(problems).toContainText(/line \d+/);
  await expect(problems).toContainText('faults[0]');
  await expect(editor).toContainText('NoSuchFault');
  expect(await cpuNames(page)).toEqual(cpusBefore);
  // Fixed in place, it runs.
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Backspace');
  for (let i = 0; i < 60 && (await editor.textContent())?.includes('faults: ['); i++)
    await page.keyboard.press('Shift+Home').then(() => page.keyboard.press('Backspace'));
  await expect(dialog.getByRole('status').filter({ hasText: 'Valid' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('a pod added from a template arrives at the cursor and the kubelet form edits the run', async ({
  page,
}) => {
  await open(page, '/?preset=static-vs-none');
  await page.getByRole('button', { name: 'Jump to start' }).click();
  await page.getByRole('button', { name: 'Edit scenario' }).click();
  const dialog = page.getByRole('dialog', { name: 'Scenario editor' });
  await dialog.getByRole('tab', { name: 'Kubelet' }).click();
  const policy = dialog.getByRole('combobox', { name: 'cpuManagerPolicy' });
  await policy.selectOption('none');
  await expect(page.getByRole('combobox', { name: 'CPU manager policy' })).toHaveValue('none');
  await dialog.getByRole('tab', { name: 'YAML' }).click();
  await dialog.getByRole('combobox', { name: 'Add pod' }).selectOption('guaranteed');
  await expect(dialog.getByRole('textbox', { name: 'Scenario YAML' })).toContainText(
    'name: guaranteed',
  );
  await dialog.getByRole('tab', { name: 'Kubelet' }).click();
  await policy.selectOption('static');
  await expect(page.getByRole('combobox', { name: 'CPU manager policy' })).toHaveValue('static');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Jump to end' }).click();
  await expect(
    page.getByRole('img', { name: /exclusive to default\/guaranteed\/app/ }),
  ).toHaveCount(2);
});
