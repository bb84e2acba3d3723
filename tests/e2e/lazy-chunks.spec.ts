/**
 * Parts fetched on demand (lazy chunks) whose fetch fails: the page says so in plain words,
 * keeps working, and the part's own retry (Try again, or the control again) fetches it once
 * the network is back, without reloading the page. Chromium keeps a failed import() failed
 * for the page's life, so this also checks that the retry asks the network again.
 */
import { expect, test, type Page } from '@playwright/test';

async function open(page: Page) {
  await page.goto('/?preset=hello-pod');
  await expect(page.getByRole('region', { name: 'Timeline' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^CPU 0: / })).toBeVisible();
}

/** Aborts every request for the chunk named `name` (its hashed file, with any query). */
async function failChunk(page: Page, name: string) {
  const pattern = new RegExp(`/assets/${name}-[\\w-]+\\.js(\\?.*)?$`);
  const asked: string[] = [];
  await page.route(pattern, (route) => {
    asked.push(route.request().url());
    return route.abort('internetdisconnected');
  });
  return {
    asked,
    /** The network is back: the chunk is served again, and a fetch of it is counted. */
    recover: async () => {
      await page.unroute(pattern);
      await page.route(pattern, (route) => {
        asked.push(route.request().url());
        return route.continue();
      });
    },
  };
}

/** The page still works: Step forward moves the cursor. */
async function stillSteps(page: Page) {
  const position = page.getByRole('slider', { name: 'Timeline position' });
  const before = await position.getAttribute('aria-valuetext');
  await page.getByRole('button', { name: 'Step forward' }).click();
  await expect(position).not.toHaveAttribute('aria-valuetext', before ?? '');
}

const banner = (page: Page) => page.locator('.scenario-bar').getByRole('alert');

test('the editor: a failed fetch says so in its place, and Try again opens it', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await open(page);
  const chunk = await failChunk(page, 'EditorDialog');
  await page.getByRole('button', { name: 'Edit scenario' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'The scenario editor stopped working.' });
  await expect(alert).toContainText('Failed to fetch dynamically imported module');
  await expect(page.getByRole('heading', { name: 'kubeletscope' })).toBeVisible();
  await stillSteps(page);
  expect(chunk.asked).toHaveLength(1);

  await chunk.recover();
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('dialog', { name: 'Scenario editor' })).toBeVisible();
  await expect(alert).toHaveCount(0);
  expect(chunk.asked).toHaveLength(2);
  expect(errors).toEqual([]);
});

test("on a phone the editor's failure stands where the editor opens, in view", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page);
  await failChunk(page, 'EditorDialog');
  await page.getByRole('button', { name: 'Edit scenario' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'The scenario editor stopped working.' });
  await expect(alert).toBeVisible();
  // Above the timeline, as the editor itself would be, not at the end of the page.
  const box = (await alert.boundingBox())!;
  const timeline = (await page.getByRole('region', { name: 'Timeline' }).boundingBox())!;
  expect(box.y).toBeLessThan(timeline.y);
  expect(box.y + box.height).toBeLessThanOrEqual(844);
});

test('Compare: a failed fetch says so, the run stays, and Compare opens once the network is back', async ({
  page,
}) => {
  await open(page);
  const chunk = await failChunk(page, 'CompareWorkspace');
  const compare = page.getByRole('button', { name: 'Compare' });
  await compare.click();
  const alert = page.getByRole('alert').filter({ hasText: 'Compare stopped working.' });
  await expect(alert).toContainText('Failed to fetch dynamically imported module');
  await stillSteps(page);

  await chunk.recover();
  // Try again closes Compare (the run shows again); turning it on again fetches it afresh.
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('region', { name: 'Timeline' })).toBeVisible();
  await expect(compare).toHaveAttribute('aria-pressed', 'false');
  await compare.click();
  await expect(page.getByRole('region', { name: 'Run B', exact: true })).toBeVisible();
  await expect(alert).toHaveCount(0);
});

test('Compare: closing it while it says the fetch failed, then opening it again, fetches again', async ({
  page,
}) => {
  await open(page);
  const chunk = await failChunk(page, 'CompareWorkspace');
  const compare = page.getByRole('button', { name: 'Compare' });
  await compare.click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Compare stopped working.' }),
  ).toBeVisible();
  await compare.click();
  await expect(compare).toHaveAttribute('aria-pressed', 'false');
  await chunk.recover();
  await compare.click();
  await expect(page.getByRole('region', { name: 'Run B', exact: true })).toBeVisible();
});

test('Export trace: a failed fetch is reported in the banner, and Export trace again saves it', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await open(page);
  const chunk = await failChunk(page, 'export');
  const button = page.getByRole('button', { name: 'Export trace' });
  await expect(button).toBeEnabled();
  await button.click();
  await expect(banner(page)).toContainText('The trace could not be saved:');
  await expect(banner(page)).toContainText('Failed to fetch dynamically imported module');
  await expect(button).toBeEnabled();
  await stillSteps(page);

  await chunk.recover();
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toBe('hello-pod.trace.json');
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toContainText(
    'Saved hello-pod.trace.json',
  );
  expect(errors).toEqual([]);
});

test('Import: a failed fetch is reported in the banner, not by breaking the page, and Import opens it once the network is back', async ({
  page,
}) => {
  await open(page);
  const chunk = await failChunk(page, 'ImportDialog');
  const button = page.getByRole('button', { name: 'Import', exact: true });
  await button.click();
  await expect(banner(page)).toContainText('The import dialog could not be opened:');
  await expect(page.getByRole('dialog', { name: 'Import kubelet output' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'kubeletscope' })).toBeVisible();
  await stillSteps(page);

  await chunk.recover();
  await button.click();
  await expect(page.getByRole('dialog', { name: 'Import kubelet output' })).toBeVisible();
});

test('Tour: a failed fetch is reported in the banner, and Tour starts it once the network is back', async ({
  page,
}) => {
  await open(page);
  const chunk = await failChunk(page, 'TourDialog');
  const button = page.getByRole('button', { name: 'Tour', exact: true });
  await expect(button).toBeEnabled();
  await button.click();
  await expect(banner(page)).toContainText('The tour could not start:');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await stillSteps(page);

  await chunk.recover();
  await button.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close tour' })).toBeVisible();
});
