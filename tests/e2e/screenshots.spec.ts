/**
 * Screenshots for a person to look at (not pixel assertions): the default scenario
 * at a laptop size and on a phone, light and dark, with the cursor at an
 * interesting moment. Saved under test-results/screens/.
 */
import { expect, test, type Page } from '@playwright/test';

async function settle(page: Page, preset: string, steps: number) {
  await page.goto(`/?preset=${preset}`);
  await expect(page.getByRole('region', { name: 'Timeline' })).toBeVisible();
  await page.getByRole('button', { name: 'Jump to start' }).click();
  const forward = page.getByRole('button', { name: 'Step forward' });
  for (let i = 0; i < steps; i++) await forward.click();
  await page.mouse.move(0, 0);
}

for (const scheme of ['light', 'dark'] as const) {
  test(`laptop 1280×800, ${scheme}`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await settle(page, 'static-vs-none', 14);
    await page.screenshot({ path: `test-results/screens/laptop-${scheme}.png` });
  });
}

test('phone 390×844', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.setViewportSize({ width: 390, height: 844 });
  await settle(page, 'hello-pod', 12);
  await page.screenshot({ path: 'test-results/screens/phone.png' });
  await page.screenshot({ path: 'test-results/screens/phone-full.png', fullPage: true });
});

test('wide 2560×1440 with a 256-CPU node', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.setViewportSize({ width: 2560, height: 1440 });
  await settle(page, 'hello-pod', 10);
  await page.getByRole('combobox', { name: 'Node topology' }).selectOption('amd-epyc-2s-nps4');
  await page.screenshot({ path: 'test-results/screens/wide.png' });
});

test('small laptop 1280×720, static policy at the end, a pinned container selected', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.setViewportSize({ width: 1280, height: 720 });
  await settle(page, 'static-vs-none', 0);
  await page.getByRole('button', { name: 'Jump to end' }).click();
  await page
    .getByRole('img', { name: /exclusive to default\/web\/app/ })
    .first()
    .click();
  await page.mouse.move(0, 0);
  await page.screenshot({ path: 'test-results/screens/laptop-720-static.png' });
});

test('crash loop with collapsed back-off waits', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await settle(page, 'crashloop-backoff', 0);
  await page.getByRole('button', { name: 'Jump to end' }).click();
  await page.getByRole('button', { name: 'flaky', exact: true }).click();
  await page.mouse.move(0, 0);
  await page.screenshot({ path: 'test-results/screens/crashloop.png' });
});
