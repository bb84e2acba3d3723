/**
 * Import a pasted kubelet log and see it beside the model with the differences marked;
 * Export trace downloads Chrome trace JSON that follows the format's rules.
 */
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { CURRENT_KUBELET_VERSION } from '../../src/sim/versions/names';

const pod = (name: string, s: number, sandboxMs: number) => {
  const t = (ms: number) => {
    const total = s * 1000 + ms;
    const sec = Math.floor(total / 1000);
    return `18:13:${String(10 + sec).padStart(2, '0')}.${String((total % 1000) * 1000).padStart(6, '0')}`;
  };
  const j = `Nov 29 ${t(0).slice(0, 8)} node-7 kubelet[2775]: `;
  return [
    `${j}I1129 ${t(0)}    2775 kubelet.go:2433] "SyncLoop ADD" source="api" pods=["default/${name}"]`,
    // The kubelet says it twice: from computePodActions and from generateAPIPodStatus.
    `${j}I1129 ${t(1)}    2775 util.go:30] "No sandbox for pod can be found. Need to start a new one" pod="default/${name}"`,
    `${j}I1129 ${t(1)}    2775 util.go:30] "No sandbox for pod can be found. Need to start a new one" pod="default/${name}"`,
    `${j}I1129 ${t(2)}    2775 kuberuntime_manager.go:1271] "Creating PodSandbox for pod" pod="default/${name}"`,
    `${j}I1129 ${t(2 + sandboxMs)}    2775 kuberuntime_manager.go:1306] "Created PodSandbox for pod" podSandboxID="ab${name}" pod="default/${name}"`,
  ];
};
// Three pods; the third's sandbox took ten times the others' (the model uses the median).
const LOG = [
  ...pod('a', 0, 500),
  ...pod('b', 1, 500),
  ...pod('c', 2, 5000),
  'a line of something else',
].join('\n');

test('Import: a pasted log becomes lanes of its own, with a marker where it differs', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'kubeletscope' })).toBeVisible();
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import kubelet output' });
  await expect(dialog).toBeVisible();
  const axeDialog = await new AxeBuilder({ page }).include('.import-dialog').analyze();
  expect(axeDialog.violations.map((v) => v.id)).toEqual([]);
  // Nothing usable: a clear message, nothing changes.
  await dialog.getByRole('textbox', { name: 'Kubelet output' }).fill('just some words\n');
  await dialog.getByRole('button', { name: 'Replay' }).click();
  await expect(dialog.getByRole('alert')).toContainText('nothing recognisable in 1 line');
  await dialog.getByRole('textbox', { name: 'Kubelet output' }).fill(LOG);
  await dialog.getByRole('button', { name: 'Replay' }).click();
  await expect(dialog).toBeHidden();
  const notice = page.getByRole('status').filter({ hasText: 'Imported pasted text' });
  await expect(notice).toContainText(
    'Imported pasted text: 15 lifecycle lines read (sandbox, sync loop) of 16; not read: not recognised (1).',
  );
  // Structured klog: 1.21 or later, and the current kubelet is one of those.
  await expect(notice).toContainText(
    `Kubelet ${CURRENT_KUBELET_VERSION} (its output points to ≥ 1.21).`,
  );
  await expect(notice).toContainText(
    '1 difference from the model, marked ≠ (15 records compared, 0 not compared).',
  );
  // The log's own lanes, before the model's pods.
  await expect(page.getByRole('button', { name: 'log: default/a' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'log: default/c' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'differences' })).toHaveCount(1);
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await page.getByRole('button', { name: '≠ 1' }).click();
  const list = page.getByRole('list', { name: 'Differences from the model' });
  await expect(list.getByRole('button')).toHaveText([
    '≠ default/c: CreatedSandbox: at 5.00 s in the input, 800 ms in the model',
  ]);
  await list.getByRole('button').click();
  await expect(list).toBeHidden();
  expect(errors).toEqual([]);
});

test('an import sets the kubelet version it points to (Undo restores), starts the Inspector afresh, and a log tick shows its record', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const version = page.getByRole('combobox', { name: 'Kubelet version' });
  await expect(version).toHaveValue(CURRENT_KUBELET_VERSION);
  const importText = async (text: string) => {
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import kubelet output' });
    await dialog.getByRole('textbox', { name: 'Kubelet output' }).fill(text);
    await dialog.getByRole('button', { name: 'Replay' }).click();
    await expect(dialog).toBeHidden();
  };
  await importText(LOG);
  await expect(page.getByRole('button', { name: /^≠/ })).toBeVisible();
  // A tick of the imported log: the Inspector shows that record, as the input has it.
  const plot = page.getByTestId('timeline-plot');
  const group = page.getByRole('button', { name: 'log: default/a' });
  const gb = (await group.boundingBox())!;
  const pb = (await plot.boundingBox())!;
  await page.mouse.click(pb.x + 2, gb.y + gb.height / 2 + 22);
  const inspector = page.getByRole('region', { name: 'Inspector' });
  await expect(inspector.getByRole('heading', { name: 'SyncLoop ADD' })).toBeVisible();
  await expect(inspector).toContainText('(from the imported input)');
  await expect(inspector).toContainText('"SyncLoop ADD" source="api" pods=["default/a"]');
  // Nothing of the model's pod is offered for it: no start-up breakdown, no Perturb.
  await expect(inspector).not.toContainText('Start-up of default/a');
  await expect(inspector.getByRole('button', { name: 'Perturb…' })).toHaveCount(0);
  // A printf-era log: the version is set to 1.18, the selection starts fresh.
  await importText(
    readFileSync(new URL('../fixtures/replay/klog-printf-v118.log', import.meta.url), 'utf8'),
  );
  const notice = page.getByRole('status').filter({ hasText: 'Imported pasted text' });
  await expect(notice).toContainText(
    `Kubelet version set to 1.18 (its output points to 1.11–1.18); Undo restores ${CURRENT_KUBELET_VERSION}.`,
  );
  await expect(version).toHaveValue('1.18');
  await expect(inspector).toContainText('Click a span on the timeline');
  await expect(page.getByRole('button', { name: 'log: shop/web' })).toBeVisible();
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(version).toHaveValue(CURRENT_KUBELET_VERSION);
  expect(errors).toEqual([]);
});

test('a big file is read in a worker and imported', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import kubelet output' });
  // About 1 MB: one pod, then its readiness probe every 3 s for hours (beyond the inline limit).
  const probe = (i: number) => {
    const s = 20 + i * 3;
    const hh = String(18 + Math.floor(s / 3600)).padStart(2, '0');
    const mm = String(Math.floor(s / 60) % 60).padStart(2, '0');
    const ss = String(s % 60).padStart(2, '0');
    return `I1129 ${hh}:${mm}:${ss}.000000    2775 prober.go:116] "Probe succeeded" probeType="Readiness" pod="default/a" podUID="u-1" containerName="app"`;
  };
  const lines = [...pod('a', 0, 500)];
  for (let i = 0; i < 5000; i++) lines.push(probe(i));
  const workerLoaded = page.waitForRequest(/replayWorker/);
  await dialog.getByLabel('Kubelet output file').setInputFiles({
    name: 'kubelet.log',
    mimeType: 'text/plain',
    buffer: Buffer.from(lines.join('\n')),
  });
  await workerLoaded;
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  // The rebuilt scenario (hours of probes) runs in the engine worker before it is shown.
  await expect(page.getByRole('status').filter({ hasText: 'Imported kubelet.log' })).toContainText(
    /Imported kubelet\.log: 5,005 lifecycle lines read \(probes, sandbox, sync loop\) of 5,005\./,
    { timeout: 30_000 },
  );
  await expect(page.getByRole('button', { name: 'log: default/a' })).toBeVisible();
});

test('Import refuses more than 20 MB with a message', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import kubelet output' });
  await dialog.getByLabel('Kubelet output file').setInputFiles({
    name: 'huge.log',
    mimeType: 'text/plain',
    buffer: Buffer.alloc(21 * 1024 * 1024, 'x'),
  });
  await expect(dialog.getByRole('alert')).toContainText(
    'huge.log is 21.0 MB; the app reads at most 20 MB',
  );
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('Export trace downloads Chrome trace JSON with named processes, threads and paired events', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Export trace' })).toBeEnabled();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export trace' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.trace\.json$/);
  const trace = JSON.parse(readFileSync(await download.path(), 'utf8')) as {
    displayTimeUnit: string;
    traceEvents: {
      ph: string;
      pid: number;
      tid: number;
      ts: number;
      dur?: number;
      id?: string;
      name: string;
      args?: { name?: string };
    }[];
  };
  expect(trace.displayTimeUnit).toBe('ms');
  const ev = trace.traceEvents;
  const procs = new Set(
    ev.filter((e) => e.ph === 'M' && e.name === 'process_name').map((e) => e.pid),
  );
  const threads = new Set(
    ev.filter((e) => e.ph === 'M' && e.name === 'thread_name').map((e) => `${e.pid}:${e.tid}`),
  );
  expect(
    ev.filter((e) => e.ph === 'M' && e.name === 'process_name').map((e) => e.args?.name),
  ).toContain('Kubelet (node-1)');
  for (const e of ev) {
    if (e.ph === 'M') continue;
    expect(procs.has(e.pid)).toBe(true);
    expect(threads.has(`${e.pid}:${e.tid}`)).toBe(true);
    if (e.ph === 'X') expect(e.dur).toBeGreaterThanOrEqual(0);
  }
  const count = (ph: string) => ev.filter((e) => e.ph === ph).length;
  expect(count('b')).toBe(count('e'));
  expect(count('s')).toBe(count('f'));
  expect(count('s')).toBeGreaterThan(0);
  expect(count('X')).toBeGreaterThan(10);
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toContainText(
    'ui.perfetto.dev',
  );
});
