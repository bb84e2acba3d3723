/**
 * The Kubelet version switch: on kubelet 1.3 the infra container's events, the disabled CPU
 * manager controls (with the reason) and no containerd log (no CRI then); on 1.18 the cpuset reaches the container after
 * CreateContainer, later than on the current kubelet, and the Created event follows.
 */
import { expect, test, type Page } from '@playwright/test';

async function open(page: Page, preset: string) {
  await page.goto(`/?preset=${preset}`);
  await expect(page.getByRole('region', { name: 'Timeline' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^CPU 0: / })).toBeVisible();
}

const events = (page: Page) => page.getByRole('region', { name: 'Events' });
const version = (page: Page) => page.getByRole('combobox', { name: 'Kubelet version' });
const position = (page: Page) => page.getByRole('slider', { name: 'Timeline position' });

test('1.3: the infra container and the network plugin; no CPU manager, with the reason', async ({
  page,
}) => {
  await open(page, 'hello-pod');
  await expect(version(page)).toHaveValue('1.37');
  // Supported releases first, then the older minors, then 1.3.
  await expect(version(page).locator('optgroup')).toHaveCount(3);
  expect(
    await version(page)
      .locator('optgroup')
      .evaluateAll((gs) => gs.map((g) => g.getAttribute('label'))),
  ).toEqual(['Supported (1.35–1.37)', 'Out of support (1.18–1.34)', 'Before CRI']);
  await expect(version(page).locator('option')).toHaveCount(21);
  await expect(page.getByRole('combobox', { name: 'CPU manager policy' })).toBeEnabled();
  const before = await position(page).getAttribute('aria-valuetext');
  await version(page).selectOption('1.3');
  // Re-run at once; the cursor keeps its time.
  await expect(position(page)).toHaveAttribute(
    'aria-valuetext',
    new RegExp(`^${before!.split(',')[0]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')},`),
  );
  const cpuPolicy = page.getByRole('combobox', { name: 'CPU manager policy' });
  await expect(cpuPolicy).toBeDisabled();
  await expect(cpuPolicy).toHaveAccessibleDescription(/kubelet 1\.3 has no CPU manager/);
  await expect(page.getByRole('combobox', { name: 'Topology manager policy' })).toBeDisabled();
  await page.getByRole('button', { name: 'Jump to end' }).click();
  const pod = events(page)
    .getByRole('row')
    .filter({ hasText: 'implicitly required container POD' });
  await expect(
    pod.filter({ hasText: /Created container with docker id [0-9a-f]{12}/ }),
  ).toHaveCount(1);
  await expect(
    pod.filter({ hasText: /Started container with docker id [0-9a-f]{12}/ }),
  ).toHaveCount(1);
  // Every CPU is shared.
  await expect(page.getByRole('img', { name: 'CPU 0: shared' })).toBeVisible();
  // No CRI runtime in 1.3: the containerd view says so instead of inventing lines.
  const log = page.getByRole('region', { name: 'Kubelet log' });
  await log.getByRole('button', { name: 'containerd' }).click();
  await expect(log).toContainText('through dockerd (DockerManager), not a CRI runtime');
  await expect(log.getByText(/msg="/)).toHaveCount(0);
  await log.getByRole('button', { name: 'klog' }).click();
  // The permalink carries the version. The link comes from Copy link, as a user takes it: the
  // address bar is rewritten 400 ms after things settle, so reading it here would race.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toContain('#s=');
  await page.goto(link);
  await expect(page.getByRole('region', { name: 'Timeline' })).toBeVisible();
  await expect(version(page)).toHaveValue('1.3');
  // Back to the current kubelet: the controls come back.
  await version(page).selectOption('1.37');
  await expect(page.getByRole('combobox', { name: 'CPU manager policy' })).toBeEnabled();
});

test('1.18: the cpuset is applied after CreateContainer, then Created', async ({ page }) => {
  await open(page, 'v1-18-prestart-cpuset');
  await expect(version(page)).toHaveValue('1.18');
  // The steps around the moment the app's image is pulled (3.1 s, after the 300 ms volume wait) and its container created.
  await page.getByRole('button', { name: 'transitions' }).click();
  await position(page).fill('3170');
  const steps = page.getByRole('list', { name: 'Steps' });
  const update = steps
    .getByRole('button')
    .filter({ hasText: /creating → updatingContainerResources/ });
  await expect(update.filter({ hasText: 'startContainer:default/web/app' })).toHaveCount(1);
  await expect(steps.getByRole('button').filter({ hasText: /preCreate/ })).toHaveCount(0);
  // UpdateContainerResources came after CreateContainer; the Created event follows it.
  const created = events(page).getByRole('cell', { name: 'Created container app', exact: true });
  await position(page).fill('3300');
  await expect(created).toHaveCount(1);
  // 1.21 and later write the cpuset into the create request instead (PreCreateContainer).
  await version(page).selectOption('1.21');
  await position(page).fill('3170');
  await expect(
    steps
      .getByRole('button')
      .filter({ hasText: /generatingConfig → preCreate/ })
      .first(),
  ).toBeVisible();
  await expect(
    steps.getByRole('button').filter({ hasText: /updatingContainerResources/ }),
  ).toHaveCount(0);
});

test('a preset that uses what an older kubelet lacked says why and stays', async ({ page }) => {
  await open(page, 'poststart-deadlock-sidecar');
  await version(page).selectOption('1.18');
  await expect(
    page.getByText(/cannot run on kubelet 1\.18: .*restartPolicy: .*arrived in 1\.28/),
  ).toBeVisible();
  await expect(version(page)).toHaveValue('1.37');
  // 1.28 has sidecars behind an alpha gate, off by default: it says which gate.
  await version(page).selectOption('1.28');
  await expect(page.getByText(/SidecarContainers \(alpha, off by default\)/)).toBeVisible();
  await expect(version(page)).toHaveValue('1.37');
  // 1.29 runs it (beta, on).
  await version(page).selectOption('1.29');
  await expect(version(page)).toHaveValue('1.29');
});

test('a middle release prints its own texts: 1.22 klog and Events', async ({ page }) => {
  await open(page, 'hello-pod');
  await version(page).selectOption('1.22');
  await expect(version(page)).toHaveValue('1.22');
  await page.getByRole('button', { name: 'Jump to end' }).click();
  await expect(
    events(page).getByRole('cell', { name: 'Created container app', exact: true }),
  ).toHaveCount(1);
  await version(page).selectOption('1.37');
  await expect(
    events(page).getByRole('cell', { name: 'Container created', exact: true }),
  ).toHaveCount(1);
});
