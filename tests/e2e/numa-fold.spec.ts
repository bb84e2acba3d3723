/**
 * A 256-CPU node (2 sockets, 8 NUMA nodes): NUMA nodes that hold nothing of their own over the
 * whole run fold into one box per run, as cores and L3 groups do; the busy node stays drawn,
 * every CPU keeps its name, and a click unfolds a run.
 */
import { expect, test } from '@playwright/test';

test('identical NUMA nodes fold at 256 CPUs, the busy one never', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/?preset=static-vs-none');
  await expect(page.getByRole('img', { name: /^CPU 0: / })).toBeVisible();
  await page.getByRole('combobox', { name: 'Node topology' }).selectOption('amd-epyc-2s-nps4');
  await expect(page.getByRole('img', { name: /^CPU 255: / })).toHaveCount(1);
  await page.getByRole('button', { name: 'Jump to bookmark' }).click();
  const diagram = page.getByRole('region', { name: 'NUMA topology' });
  // Socket 0: node 0 holds the reserved CPU 0 and the app's CPUs; 1-3 fold. Socket 1: 4-7.
  const three = diagram.getByRole('button', {
    name: /^3 identical NUMA nodes \(48 cores\) folded/,
  });
  const four = diagram.getByRole('button', { name: /^4 identical NUMA nodes \(64 cores\) folded/ });
  await expect(three).toHaveCount(1);
  await expect(four).toHaveCount(1);
  const ids = await diagram
    .getByRole('img', { name: /^CPU \d+: / })
    .evaluateAll((els) =>
      els.map((e) => Number(/^CPU (\d+):/.exec(e.getAttribute('aria-label')!)![1])),
    );
  expect(new Set(ids).size).toBe(256);
  expect(ids).toHaveLength(256);
  // The app's CPUs and the reserved CPU 0 are drawn one by one.
  await expect(diagram.locator('.pu[aria-label*="exclusive to default/web/app"]')).toHaveCount(2);
  await expect(diagram.locator('.pu[aria-label^="CPU 0: reserved"]')).toHaveCount(1);
  // Unfolding socket 1's run draws its nodes (their own cores folded inside them).
  await four.click();
  await expect(four).toHaveCount(0);
  await expect(three).toHaveCount(1);
  await expect(
    diagram.getByRole('button', { name: /identical (cores|L3 groups).* folded/ }).first(),
  ).toBeVisible();
  await expect(diagram.getByRole('img', { name: /^CPU \d+: / })).toHaveCount(256);
});

test("after another machine is picked, the preset's own is still in the list and comes back", async ({
  page,
}) => {
  await page.goto('/?preset=static-vs-none');
  const node = page.getByRole('combobox', { name: 'Node topology' });
  await expect(page.getByRole('img', { name: /^CPU 0: / })).toBeVisible();
  const own = "Scenario's: 2 sockets × 4 cores × 2 threads";
  await expect(node.locator('option:checked')).toHaveText(own);
  await node.selectOption('amd-epyc-2s-nps4');
  await expect(page.getByRole('img', { name: /^CPU 63: / })).toBeVisible();
  await expect(node.getByRole('option', { name: own })).toHaveCount(1);
  await node.selectOption({ label: own });
  await expect(node.locator('option:checked')).toHaveText(own);
  await expect(page.getByRole('img', { name: /^CPU 63: / })).toHaveCount(0);
  await expect(page.getByRole('img', { name: /^CPU 15: / })).toBeVisible();
});
