/**
 * Before the first run lands (the engine runs in a worker, here held back for a while), the
 * header's controls say they are loading instead of showing defaults the scenario may not
 * have; then they show the scenario's own values.
 */
import { expect, test } from '@playwright/test';

test('the header shows no wrong values while the first run is on its way', async ({ page }) => {
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route(/engine\.worker/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/?preset=v1-18-prestart-cpuset');
  await expect(page.getByRole('heading', { name: 'kubeletscope' })).toBeVisible();
  const controls = {
    Scenario: 'v1-18-prestart-cpuset',
    'Node topology': null,
    'Kubelet version': '1.18',
    'CPU manager policy': 'static',
    'Topology manager policy': null,
  } as const;
  for (const name of Object.keys(controls)) {
    const box = page.getByRole('combobox', { name, exact: true });
    // The Scenario picker stays usable: a preset may be picked before the first run lands.
    if (name !== 'Scenario') await expect(box, name).toBeDisabled();
    await expect(box, name).toHaveValue('');
    // The Scenario picker still lists the presets, below the placeholder.
    const options = await box.locator('option').allInnerTexts();
    if (name === 'Scenario') expect(options[0]).toBe('Loading…');
    else expect(options, name).toEqual(['Loading…']);
  }
  // No step count or length yet: a dash, not "0/0 · 0 ms".
  await expect(page.locator('.clock-step')).toHaveText('step — · —');
  release();
  for (const [name, value] of Object.entries(controls)) {
    const box = page.getByRole('combobox', { name, exact: true });
    await expect(box, name).toBeEnabled({ timeout: 20_000 });
    if (value) await expect(box, name).toHaveValue(value);
  }
  await expect(page.locator('.clock-step')).toHaveText(/^step 0\/\d+ · 2 min 00 s$/);
});
