/**
 * GPUs, NICs and NUMA memory on the diagram: each device is a box under its NUMA node named
 * for what it is, where it sits and who holds it at the cursor; a click on a held device
 * selects its holder; the static memory manager's bars say what each NUMA node's memory and
 * hugepages hold. Refused pods say why in the Inspector. Screenshots at 1280×800 and 390×844
 * are saved for a person to look at.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';

async function open(page: Page, preset: string) {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`/?preset=${preset}`);
  await expect(page.getByRole('img', { name: /^CPU 0: / })).toBeVisible();
  await page.getByRole('button', { name: 'Jump to bookmark' }).click();
}

test('GPUs under their NUMA node, coloured by the container holding them', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, 'gpus-aligned-single-numa');
  const diagram = page.getByRole('region', { name: 'NUMA topology' });
  // 4 GPUs and 2 NICs; at 6 s train-2gpu holds NUMA node 0's two GPUs and its NIC.
  await expect(
    diagram.getByRole('button', {
      name: /^GPU gpu-\d \(nvidia\.com\/gpu, NUMA node 0\): held by default\/train-2gpu\/trainer$/,
    }),
  ).toHaveCount(2);
  await expect(
    diagram.getByRole('img', { name: /^GPU gpu-\d \(nvidia\.com\/gpu, NUMA node 1\): free$/ }),
  ).toHaveCount(2);
  await expect(
    diagram.getByRole('button', {
      name: /^NIC mlnxnics-0 .*held by default\/train-2gpu\/trainer$/,
    }),
  ).toHaveCount(1);
  // Its CPUs are on the same NUMA node: both managers followed the topology manager's hint.
  await expect(diagram.locator('.pu[aria-label*="default/train-2gpu/trainer"]')).toHaveCount(4);
  await page.screenshot({ path: 'test-results/screens/gpus-laptop.png' });
  // A click on a held GPU selects its container: the Inspector lists its devices.
  await diagram.getByRole('button', { name: /^GPU gpu-0 / }).click();
  const inspector = page.getByRole('region', { name: 'Inspector' });
  await expect(inspector.getByText('gpu-0 (NUMA 0), gpu-1 (NUMA 0)')).toBeVisible();
});

test("the refused 3-GPU pod: the Inspector lists each provider's hints and the verdict", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, 'gpus-aligned-single-numa');
  await page.getByRole('button', { name: 'train-3gpu', exact: true }).first().click();
  const inspector = page.getByRole('region', { name: 'Inspector' });
  await expect(inspector.getByText('Why it was refused (TopologyAffinityError)')).toBeVisible();
  await expect(
    inspector.getByText('device manager, nvidia.com/gpu: NUMA 0+1 (preferred).'),
  ).toBeVisible();
  await expect(
    inspector.getByText(
      'single-numa-node admits only a preferred merged hint: the pod is refused (TopologyAffinityError).',
    ),
  ).toBeVisible();
});

test('hugepages and memory bars per NUMA node, on a phone too', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, 'hugepages-memory-manager');
  const diagram = page.getByRole('region', { name: 'NUMA topology' });
  await expect(
    diagram.getByRole('img', {
      name: 'NUMA node 0 hugepages-1Gi: 6Gi of 8Gi allocatable held (default/dpdk-a/testpmd 6Gi)',
    }),
  ).toHaveCount(1);
  await expect(
    diagram.getByRole('img', {
      name: /^NUMA node 1 memory: 4Gi of .* allocatable held \(default\/dpdk-b\/testpmd 4Gi\)$/,
    }),
  ).toHaveCount(1);
  await diagram.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await diagram.evaluate((el) => {
    const b = el.querySelector('.topo-body');
    if (b) b.scrollTop = b.scrollHeight;
  });
  await page.screenshot({ path: 'test-results/screens/hugepages-phone.png' });
});

test('lstopo XML pasted in the node form becomes the node, GPUs and all', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/?preset=hello-pod');
  await expect(page.getByRole('img', { name: /^CPU 0: / })).toBeVisible();
  await page.getByRole('button', { name: 'Edit scenario' }).click();
  const dialog = page.getByRole('dialog', { name: 'Scenario editor' });
  await dialog.getByRole('tab', { name: 'Node' }).click();
  await dialog.getByRole('radio', { name: 'lscpu -p or lstopo XML' }).check();
  // hwloc's own export of a 2-socket Xeon with three Tesla GPUs (tests/fixtures/real/hwloc).
  const xml = readFileSync(
    new URL('../fixtures/real/hwloc/32em64t-2n8c2t-pci-normalio.xml', import.meta.url),
    'utf8',
  );
  await dialog.getByRole('textbox', { name: /lstopo --of xml/ }).fill(xml);
  await dialog.getByRole('button', { name: 'Use this machine' }).click();
  const diagram = page.getByRole('region', { name: 'NUMA topology' });
  await expect(diagram.getByRole('img', { name: /^CPU 31: / })).toHaveCount(1);
  await expect(
    diagram.getByRole('img', {
      name: /^GPU 0000:8[34]:00\.0 \(nvidia\.com\/gpu, NUMA node 1\): free$/,
    }),
  ).toHaveCount(2);
  await expect(
    diagram.getByRole('img', {
      name: /^GPU 0000:03:00\.0 \(nvidia\.com\/gpu, NUMA node 0\): free$/,
    }),
  ).toHaveCount(1);
});
