/**
 * The foundation journey: the page loads the default scenario, runs it, and a person
 * can step through it until the kubelet reports the container Started.
 */
import { expect, test } from '@playwright/test';

test('opens the default scenario and steps forward until the container is Started', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'kubeletscope' })).toBeVisible();
  await page.getByRole('button', { name: 'Jump to start' }).click();
  const events = page.getByRole('region', { name: 'Events' });
  await expect(events).toBeVisible();
  await expect(events.getByText('Started', { exact: true })).toHaveCount(0);
  const forward = page.getByRole('button', { name: 'Step forward' });
  for (let i = 0; i < 60; i++) {
    if ((await events.getByRole('cell', { name: 'Started', exact: true }).count()) > 0) break;
    await forward.click();
    // The panel follows a Step in a React transition (aria-busy meanwhile): read it after,
    // so the loop stops at the step that started the container, not a few past it.
    await expect(events).not.toHaveAttribute('aria-busy', 'true');
  }
  await expect(events.getByRole('cell', { name: 'Started', exact: true })).toBeVisible();
  await expect(events.getByText('Container started')).toBeVisible();
  // Stepping back undoes it exactly.
  await page.getByRole('button', { name: 'Step back' }).click();
  await expect(events.getByRole('cell', { name: 'Started', exact: true })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('lists the steps of the run in order', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'transitions' }).click();
  const steps = page.getByRole('list', { name: 'Steps' });
  await expect(steps.getByRole('listitem').first()).toBeVisible();
  const current = steps.locator('.step-row.is-current .step-n');
  const forward = page.getByRole('button', { name: 'Step forward' });
  // "every transition" stops at each one, in order.
  await page.getByRole('combobox', { name: 'Step granularity' }).selectOption('every');
  await page.getByRole('button', { name: 'Jump to start' }).click();
  await forward.click();
  await expect(current).toHaveText('1');
  await forward.click();
  await expect(current).toHaveText('2');
  // "kubelet step" skips the start-up chatter in between.
  await page.getByRole('combobox', { name: 'Step granularity' }).selectOption('kubelet');
  await forward.click();
  await expect(current).not.toHaveText('3');
  // The list follows the cursor in a transition: read the current row once it has caught up.
  await expect(page.getByRole('region', { name: 'Kubelet log' })).not.toHaveAttribute(
    'aria-busy',
    'true',
  );
  const n = Number(await current.textContent());
  const position = page.getByRole('slider', { name: 'Timeline position' });
  await expect(position).toHaveAttribute('aria-valuetext', new RegExp(`step ${n} of`));
  await page.getByRole('button', { name: 'Step back' }).click();
  await expect(position).not.toHaveAttribute('aria-valuetext', new RegExp(`step ${n} of`));
});
