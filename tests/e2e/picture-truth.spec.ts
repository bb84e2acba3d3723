/**
 * The picture tells the truth (issue 13): what the CPU diagram and the timeline show
 * agrees with the run. One journey per point; the timeline's canvas is read back as
 * pixels, lane by lane, because its marks are not DOM.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import LZString from 'lz-string';
import { parse } from 'yaml';

async function open(page: Page, preset: string) {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/?preset=${preset}`);
  await expect(page.getByRole('region', { name: 'Timeline' })).toBeVisible();
}

async function seek(page: Page, ms: number) {
  await page.getByRole('slider', { name: 'Timeline position' }).fill(String(ms));
}

const cpus = (page: Page, name: RegExp) => page.getByRole('img', { name });

const COLOUR = {
  running: '#5aa469',
  pull: '#e69f00',
  queued: '#bfa76a',
  poststart: '#cc79a7',
  backoff: '#d9a6a6',
  probe: '#9ab83c',
  probefail: '#b8336a',
  error: '#d55e00',
  fault: '#6a3d9a',
};

/**
 * The fill along a lane's row on the timeline canvas, one colour (hex) per CSS pixel:
 * per column, the palette colour seen most often over the row's height (span labels are
 * drawn across fills, so no single pixel row is free of text).
 */
async function laneColours(page: Page, lane: string): Promise<string[]> {
  const label = page.locator('.tl-lane-label').filter({
    hasText: new RegExp(`^${lane.replace(/[()]/g, '\\$&')}$`),
  });
  const box = await label.first().boundingBox();
  if (!box) throw new Error(`no lane ${lane}`);
  return page.evaluate(
    ({ y, palette }) => {
      const c = document.querySelector<HTMLCanvasElement>('.tl-canvas')!;
      const r = c.getBoundingClientRect();
      const dpr = c.width / r.width;
      const mid = Math.round((y - r.top) * dpr);
      const rows = [];
      for (let d = -6; d <= 6; d++)
        rows.push(c.getContext('2d')!.getImageData(0, mid + Math.round(d * dpr), c.width, 1).data);
      const hex = (px: Uint8ClampedArray, i: number) =>
        '#' + [px[i], px[i + 1], px[i + 2]].map((v) => v!.toString(16).padStart(2, '0')).join('');
      const out: string[] = [];
      for (let x = 0; x < c.width; x += Math.max(1, Math.round(dpr))) {
        const seen = new Map<string, number>();
        for (const row of rows) {
          const h = hex(row, x * 4);
          if (palette.includes(h)) seen.set(h, (seen.get(h) ?? 0) + 1);
        }
        const best = [...seen].sort((a, b) => b[1] - a[1])[0];
        out.push(best ? best[0] : hex(rows[6]!, x * 4));
      }
      return out;
    },
    { y: box.y + box.height / 2, palette: Object.values(COLOUR) },
  );
}

/** Lengths (px) of the runs of colour `hex` along a lane. */
function runsOf(colours: string[], hex: string): number[] {
  const out: number[] = [];
  let n = 0;
  for (const c of [...colours, '']) {
    if (c === hex) n++;
    else if (n > 0) {
      out.push(n);
      n = 0;
    }
  }
  return out;
}

test('1. the CPU diagram shows who runs where: init container hand-off', async ({ page }) => {
  await open(page, 'init-cpu-handoff');
  // Before anything runs, the CPUs the state assigns are drawn as assigned but idle.
  await seek(page, 100);
  await expect(cpus(page, /^CPU \d+: idle, assigned to default\/trainer\/warm-cache$/)).toHaveCount(
    4,
  );
  // At 3 s warm-cache runs on its 4 CPUs; the app, not created yet, runs nowhere.
  await seek(page, 3000);
  await expect(cpus(page, /^CPU \d+: exclusive to default\/trainer\/warm-cache$/)).toHaveCount(4);
  await expect(cpus(page, /exclusive to default\/trainer\/app$/)).toHaveCount(0);
  const warm = await cpus(page, /exclusive to default\/trainer\/warm-cache$/).evaluateAll((els) =>
    els.map((e) => e.getAttribute('data-cpu')),
  );
  // The Inspector agrees: the app's cpuset is not applied yet.
  await page.locator('.tl-lane-label', { hasText: /^app$/ }).click();
  const inspector = page.getByRole('group', { name: 'Selection details' });
  await expect(inspector).toContainText('not applied: the container is not running');
  await expect(inspector).toContainText('is not running: cpu_manager_state assigns it');
  // After warm-cache exits, the app runs on 2 of its CPUs.
  await seek(page, 9000);
  const app = await cpus(page, /exclusive to default\/trainer\/app$/).evaluateAll((els) =>
    els.map((e) => e.getAttribute('data-cpu')),
  );
  expect(app).toHaveLength(2);
  for (const c of app) expect(warm).toContain(c);
  await expect(cpus(page, /exclusive to default\/trainer\/warm-cache$/)).toHaveCount(0);
  await expect(inspector).toContainText('pool');
  await expect(inspector).not.toContainText('not applied');
});

// Read off the canvas: cause → effect arrows are drawn only for the selected span's chain, so
// with nothing selected none crosses the worker lane (the lane model's doubling is also
// checked in src/state/gapsTruth.test.ts).
test('2. collapsing never hides work: the back-off ladder doubles on screen', async ({ page }) => {
  await open(page, 'crashloop-backoff');
  // Collapsing is on by default; in a crash loop something is always in progress.
  await expect(page.getByLabel(/^collapsed gap: /)).toHaveCount(0);
  // Presets open at their start; at the end nothing is drawn dimmed as the future.
  await page.getByRole('button', { name: 'Jump to end' }).click();
  await page
    .getByRole('region', { name: 'Timeline' })
    .getByRole('button', { name: 'Fit', exact: true })
    .click();
  await page.mouse.move(0, 0);
  // Runs of a few px are the waits too short to draw apart at this zoom (and edges).
  const widths = runsOf(await laneColours(page, 'worker'), COLOUR.backoff).filter((w) => w >= 5);
  expect(widths.length).toBeGreaterThanOrEqual(5);
  // 20 s, 40 s, 80 s, 160 s ... drawn proportionally: each wait about twice the one before.
  // Each wait is the back-off plus the pod worker's jittered requeue (pod_workers.go:
  // wait.Jitter(backOffPeriod 10 s, 0.5)), so the ratio is near 2 but not exactly 2 (27 s → 42 s).
  for (let i = 1; i < 4; i++) {
    expect(widths[i]! / widths[i - 1]!).toBeGreaterThan(1.4);
    expect(widths[i]! / widths[i - 1]!).toBeLessThan(2.6);
  }
  // A 12 s pull is drawn longer than a 5 s PostStart hook; a collapsed gap shows its length.
  await open(page, 'startup-time-breakdown');
  await page
    .getByRole('region', { name: 'Timeline' })
    .getByRole('button', { name: 'Fit', exact: true })
    .click();
  await page.mouse.move(0, 0);
  const pull = Math.max(...runsOf(await laneColours(page, 'api'), COLOUR.pull));
  const hook = Math.max(...runsOf(await laneColours(page, 'api PostStart hook'), COLOUR.poststart));
  expect(pull).toBeGreaterThan(2 * hook);
  await expect(page.getByLabel(/^collapsed gap: /).first()).toBeVisible();
});

test('3. colours stay true at every zoom', async ({ page }) => {
  // Zoomed out over 2 minutes, a running container is drawn running, not image-pull orange.
  await open(page, 'hello-pod');
  await page.getByRole('checkbox', { name: 'Collapse idle gaps' }).uncheck();
  await page
    .getByRole('region', { name: 'Timeline' })
    .getByRole('button', { name: 'Fit', exact: true })
    .click();
  await page.mouse.move(0, 0);
  const app = await laneColours(page, 'app');
  expect(app.filter((c) => c === COLOUR.running).length).toBeGreaterThan(200);
  expect(app.filter((c) => c === COLOUR.pull).length).toBeLessThan(3);
  // Failed and passed probes differ; waiting in the pull queue differs from pulling.
  await open(page, 'startup-time-breakdown');
  await page
    .getByRole('region', { name: 'Timeline' })
    .getByRole('button', { name: 'Fit', exact: true })
    .click();
  await page.mouse.move(0, 0);
  const probes = await laneColours(page, 'api startup probe');
  expect(probes).toContain(COLOUR.probefail);
  expect(probes).toContain(COLOUR.probe);
  const legend = page.getByRole('list', { name: 'Span colours' });
  await expect(legend).toContainText('probe failed');
  await expect(legend).toContainText('probe passed');
  await open(page, 'slow-image-blocks-neighbour');
  await page
    .getByRole('region', { name: 'Timeline' })
    .getByRole('button', { name: 'Fit', exact: true })
    .click();
  await page.mouse.move(0, 0);
  const nginx = await laneColours(page, 'nginx');
  expect(runsOf(nginx, COLOUR.queued).reduce((a, b) => a + b, 0)).toBeGreaterThan(50);
  await expect(page.getByRole('list', { name: 'Span colours' })).toContainText(
    'waiting in the pull queue',
  );
});

test('4. where did the start-up time go: the waterfall', async ({ page }) => {
  await open(page, 'startup-time-breakdown');
  await page.locator('.tl-lane-label', { hasText: /^api$/ }).click();
  const wf = page.getByRole('region', { name: 'Start-up waterfall' });
  await expect(wf).toBeVisible();
  await expect(wf).toContainText('kubelet_pod_start_sli_duration_seconds = 8.0 s');
  for (const row of [
    'sandbox (RunPodSandbox)',
    'migrate: runs to completion',
    'api: pulling ghcr.io/example/shop-api:1.8.0',
    'api: create',
    'api: start',
    'api: PostStart hook',
    'api: startup probe until it passes',
  ])
    await expect(wf).toContainText(row);
  await expect(wf).toContainText('12 s');
  await expect(wf).toContainText('blocked by waits for the startup probe (4 failed first)');
  // A pull queued behind another pod's says whose.
  await open(page, 'slow-image-blocks-neighbour');
  await page.locator('.tl-lane-label', { hasText: /^nginx$/ }).click();
  await expect(page.getByRole('region', { name: 'Start-up waterfall' })).toContainText(
    'blocked by queued behind the pull of ml/inference/server',
  );
});

test('5. faults are visible, and a perturbation that cannot act says so', async ({ page }) => {
  await open(page, 'init-cpu-handoff');
  await expect(
    page.locator('.tl-lane-label', { hasText: 'warm-cache: faults & actions' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Jump to start' }).click();
  await page
    .getByRole('region', { name: 'Timeline' })
    .getByRole('button', { name: 'Fit', exact: true })
    .click();
  await page.mouse.move(0, 0);
  const marks = await laneColours(page, 'warm-cache: faults & actions');
  expect(marks.filter((c) => c === COLOUR.fault).length).toBeGreaterThanOrEqual(4);
  await open(page, 'hello-pod');
  await page.locator('.tl-lane-label', { hasText: /^app$/ }).click();
  await page.getByRole('button', { name: 'Perturb…' }).click();
  const item = page.getByRole('menuitem', { name: /Fail the next image pull/ });
  await expect(item).toHaveAttribute('aria-disabled', 'true');
  await expect(item).toContainText(
    'no effect: the image is present and imagePullPolicy is IfNotPresent',
  );
  await expect(page.getByRole('menuitem', { name: /Exit here with code 1/ })).toHaveAttribute(
    'aria-disabled',
    'false',
  );
});

/** Two copies of hello-pod's pod whose names share a long prefix, as a link. */
function twinPods(): string {
  const s = parse(readFileSync('presets/hello-pod.yaml', 'utf8')) as {
    pods: { at: string; manifest: { metadata: { name: string } } }[];
    [k: string]: unknown;
  };
  delete s.apiVersion;
  delete s.kind;
  delete (s.metadata as Record<string, unknown>).openAt;
  const pod = s.pods[0]!;
  const named = (name: string, at: string) => ({
    ...pod,
    at,
    manifest: { ...pod.manifest, metadata: { ...pod.manifest.metadata, name } },
  });
  s.pods = [
    named('checkout-api-7f9c8d6b5-abcde', '0s'),
    named('checkout-api-7f9c8d6b5-xyz12', '1s'),
  ];
  return `#s=2.${LZString.compressToEncodedURIComponent(JSON.stringify({ s }))}`;
}

test('7. lanes match reality', async ({ page }) => {
  // A hanging hook is labelled as the hook; the sidecar that never starts has no probe lane.
  await open(page, 'poststart-deadlock');
  const labels = page.locator('.tl-lane-label');
  await expect(labels.filter({ hasText: /^app PostStart hook$/ })).toHaveCount(1);
  await expect(labels.filter({ hasText: /\(2\)$/ })).toHaveCount(0);
  await expect(labels.filter({ hasText: /istio-proxy .*probe/ })).toHaveCount(0);
  // Pods whose names share a long prefix are told apart.
  await page.goto(`/${twinPods()}`);
  await expect(page.getByRole('region', { name: 'Timeline' })).toBeVisible();
  const groups = page.locator('.tl-group-label');
  await expect(groups.filter({ hasText: '…6b5-abcde' })).toHaveCount(1);
  await expect(groups.filter({ hasText: '…6b5-xyz12' })).toHaveCount(1);
  // A rejected pod's admission mark is visible at default zoom, not a 2-px sliver.
  await open(page, 'numa-does-not-fit');
  await page.mouse.move(0, 0);
  const adm = await laneColours(page, 'admission');
  expect(Math.max(...runsOf(adm, COLOUR.error))).toBeGreaterThanOrEqual(5);
});

test('8. the NUMA legend lists who holds CPUs now and who shares the pool', async ({ page }) => {
  await open(page, 'init-cpu-handoff');
  // Between warm-cache's exit (8.18 s) and the app's start (9.18 s), both are assigned CPUs
  // and run on none.
  await seek(page, 8500);
  const legend = page.getByRole('list', { name: 'CPU states' });
  await expect(legend).toContainText('default/trainer/warm-cache');
  await expect(legend).toContainText('default/trainer/app');
  await expect(legend).toContainText('default/trainer/app · 2 assigned, idle');
  await expect(legend).toContainText('default/trainer/warm-cache · 2 assigned, idle');
  await open(page, 'static-vs-none');
  await page.getByRole('button', { name: 'Jump to end' }).click();
  const pool = legend.getByLabel(/^shared pool: \d+ containers?: /);
  await expect(pool).toBeVisible();
  const shared = cpus(page, /^CPU \d+: shared$/).first();
  await shared.hover();
  await expect(page.locator('.topo-tooltip')).toContainText('runs here: default/');

  // Legible at 256 CPUs in a 1280-wide window: no text under 9 px; it scrolls and zooms.
  await page.getByRole('combobox', { name: 'Node topology' }).selectOption('amd-epyc-2s-nps4');
  await expect(cpus(page, /^CPU 255: /)).toHaveCount(1);
  const smallest = () =>
    page.evaluate(() => {
      const svg = document.querySelector<SVGSVGElement>('.topo-svg')!;
      const k = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
      const sizes = [...svg.querySelectorAll('text')].map(
        (t) => parseFloat(getComputedStyle(t).fontSize) * k,
      );
      return { min: Math.min(...sizes), width: svg.getBoundingClientRect().width };
    });
  const before = await smallest();
  expect(before.min).toBeGreaterThanOrEqual(9 - 0.01);
  await page.getByRole('button', { name: 'Zoom diagram in' }).click();
  const after = await smallest();
  expect(after.width).toBeGreaterThan(before.width * 1.3);
  await page.getByRole('button', { name: 'Zoom diagram out' }).click();
  // Back at the 9 px floor: it will not zoom out further.
  await expect(page.getByRole('button', { name: 'Zoom diagram out' })).toBeDisabled();
  expect((await smallest()).min).toBeGreaterThanOrEqual(9 - 0.01);
});
