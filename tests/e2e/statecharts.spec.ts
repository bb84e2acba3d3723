/**
 * The State machines panel draws the selected container's statechart from its XState
 * definition, follows the cursor, and the Inspector says what holds a waiting container.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

async function open(page: Page, preset: string) {
  await page.goto(`/?preset=${preset}`);
  await expect(page.getByRole('region', { name: 'Timeline' })).toBeVisible();
}

const machinesPanel = (page: Page) => page.getByRole('region', { name: 'State machines' });

test("the selected container's statechart shows its active state, follows steps, and the Inspector says why it waits", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // The web pod's small image waits behind another pod's 90-second pull (serial pulls).
  await open(page, 'slow-image-blocks-neighbour');
  // Presets open at their start; the bookmark is the moment the preset is about.
  await page.getByRole('button', { name: 'Jump to bookmark' }).click();
  await page.getByRole('button', { name: 'nginx', exact: true }).click();

  const panel = machinesPanel(page);
  const chart = panel.getByRole('group', { name: 'startContainer nginx chart' });
  await expect(chart).toBeVisible();
  await expect(chart.getByRole('img', { name: 'state pullingImage (active)' })).toBeVisible();
  // Every state of the definition is drawn, named; only one is active.
  await expect(chart.getByRole('img', { name: 'state postStart' })).toBeAttached();
  await expect(chart.getByRole('img', { name: /^state .* \(active\)$/ })).toHaveCount(1);
  // The transitions just taken are highlighted and named: START, then EnsureImageExists'
  // eventless default branch (no image: pull).
  await expect(chart.getByRole('img', { name: 'transition START (just taken)' })).toBeAttached();
  await expect(chart.getByRole('img', { name: 'transition always (just taken)' })).toBeAttached();
  await expect(panel).toContainText('Last: idle → pullingImage on START at 3.1 s');
  // Named delays are resolved for this instance: CRI CreateContainer takes the scenario's 60 ms.
  await expect(chart.getByText('after 60 ms', { exact: true })).toBeAttached();

  // What holds it, from the model: queued behind the other pod's pull.
  const inspector = page.getByRole('region', { name: 'Inspector' });
  await expect(inspector).toContainText(
    "Queued behind ml/inference's image pull of vllm/vllm-openai:v0.6.4 (serializeImagePulls: true) since 3.1 s.",
  );

  // Step forward until the pull is done: the active state moves on.
  const forward = page.getByRole('button', { name: 'Step forward' });
  for (let i = 0; i < 40; i++) {
    if ((await chart.getByRole('img', { name: 'state pullingImage (active)' }).count()) === 0)
      break;
    await forward.click();
  }
  await expect(chart.getByRole('img', { name: 'state pullingImage (active)' })).toHaveCount(0);
  await expect(chart.getByRole('img', { name: /^state .* \(active\)$/ })).toHaveCount(1);
  await expect(chart.getByRole('img', { name: /^transition .* \(just taken\)$/ })).toBeAttached();

  // Another machine of the pod opens on request.
  await panel.getByRole('button', { name: /^syncPod:default\/web/ }).click();
  const sync = panel.getByRole('group', { name: 'syncPod:default/web chart' });
  await expect(sync.getByRole('img', { name: 'state runtime (active)' })).toBeVisible();

  const axe = await new AxeBuilder({ page }).analyze();
  expect(
    axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
  expect(errors).toEqual([]);
});

test("a pull in flight has its own chart: pulling, then after the image's pull time", async ({
  page,
}) => {
  // Two pulls at once: web's 3 s nginx pull runs beside the model server's 40 s pull.
  await open(page, 'parallel-pulls');
  await page.getByRole('button', { name: 'app', exact: true }).first().click();
  const panel = machinesPanel(page);
  const chart = panel.getByRole('group', { name: 'imagePull app chart' });
  const forward = page.getByRole('button', { name: 'Step forward' });
  for (let i = 0; i < 120 && (await chart.count()) === 0; i++) await forward.click();
  // The panels follow a Step a frame or more later (a React transition), so quick clicks can
  // overshoot the 3 s pull: step back, a step at a time once the panel has caught up, to it.
  const back = page.getByRole('button', { name: 'Step back' });
  const pulling = chart.getByRole('img', { name: 'state pulling (active)' });
  await expect(async () => {
    if ((await pulling.count()) > 0) return;
    if ((await chart.getByRole('img', { name: 'state pulled (active)' }).count()) > 0)
      await back.click();
    else if ((await chart.count()) === 0) await forward.click();
    await expect(pulling).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(pulling).toBeVisible();
  // The named delay `pullTime`, resolved from this pull's context: nginx's 3 s.
  await expect(chart.getByText('after 3 s', { exact: true })).toBeAttached();
  await expect(chart.getByRole('img', { name: 'state pulled' })).toBeAttached();
});

test("with pods, the node's own machines (sync loop, PLEG, image puller) open on request", async ({
  page,
}) => {
  await open(page, 'hello-pod');
  await page.getByRole('button', { name: 'Jump to bookmark' }).click();
  const panel = machinesPanel(page);
  const scope = panel.getByRole('group', { name: 'Show the machines of' });
  // A pod's machines first.
  await expect(scope.getByRole('button', { name: 'Pod' })).toHaveAttribute('aria-pressed', 'true');
  await expect(panel.getByRole('button', { name: /^syncPod:/ })).toBeVisible();
  await scope.getByRole('button', { name: 'Node' }).click();
  await expect(panel).toContainText('Node at the cursor');
  await expect(panel.getByRole('button', { name: /^syncPod:/ })).toHaveCount(0);
  for (const id of ['syncLoop', 'pleg', 'imagePuller'])
    await expect(panel.getByRole('button', { name: id, exact: true })).toBeVisible();
  await panel.getByRole('button', { name: 'pleg', exact: true }).click();
  await expect(panel.getByRole('group', { name: 'pleg chart' })).toBeVisible();
  // Back to the pod's.
  await scope.getByRole('button', { name: 'Pod' }).click();
  await expect(panel.getByRole('button', { name: /^syncPod:/ })).toBeVisible();
});

test('a wide statechart opens on its active state with no state cut at its left or top edge', async ({
  page,
}) => {
  for (const [w, h] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await open(page, 'slow-image-blocks-neighbour');
    await page.getByRole('button', { name: 'Jump to bookmark' }).click();
    await page.getByRole('button', { name: 'nginx', exact: true }).click();
    const chart = machinesPanel(page).getByRole('group', { name: 'startContainer nginx chart' });
    await expect(chart.getByRole('img', { name: 'state pullingImage (active)' })).toBeVisible();
    // Wider and taller than its view: it opens scrolled, at actual size.
    expect(await chart.evaluate((e) => e.scrollWidth > e.clientWidth)).toBe(true);
    const seen = () =>
      chart.evaluate((el) => {
        const v = el.getBoundingClientRect();
        const left = v.left + el.clientLeft;
        const top = v.top + el.clientTop;
        const states = [...el.querySelectorAll('.sc-state:not(.is-compound)')].map((s) => ({
          name: s.getAttribute('aria-label') ?? '',
          r: s.getBoundingClientRect(),
        }));
        const active = states.find((s) => s.name.endsWith('(active)'))!.r;
        return {
          activeWhole:
            active.left >= left - 0.5 &&
            active.right <= left + el.clientWidth + 0.5 &&
            active.top >= top - 0.5 &&
            active.bottom <= top + el.clientHeight + 0.5,
          cut: states
            .filter(
              ({ r }) =>
                (r.left < left - 0.5 && left + 0.5 < r.right) ||
                (r.top < top - 0.5 && top + 0.5 < r.bottom),
            )
            .map((s) => s.name),
        };
      });
    await expect.poll(seen).toEqual({ activeWhole: true, cut: [] });
  }
});
