/**
 * The README's screenshot (docs/screenshot.png): the built app (dist/, or --dist <dir>)
 * served by `vite preview`, opened in Chromium at 1280×800, light theme, on the
 * "Init container CPU hand-off" preset at its bookmark with the app container selected.
 *
 *   npm run build && npm run screenshot            # writes docs/screenshot.png
 *   npm run screenshot -- --dist dist-4184 --port 4184 --out /tmp/x.png
 */
import { spawn } from 'node:child_process';
import { chromium } from 'playwright-core';
import { chromiumArgs } from '../playwright.config';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

const dist = arg('dist', 'dist');
const port = Number(arg('port', '4179'));
const out = arg('out', 'docs/screenshot.png');
const preset = arg('preset', 'init-cpu-handoff');

async function waitFor(url: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

async function main(): Promise<void> {
  // vite itself, not through npx, so that killing it stops the server.
  const server = spawn(
    'node_modules/.bin/vite',
    ['preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort', '--outDir', dist],
    { stdio: 'ignore' },
  );
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitFor(base, 30_000);
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
    });
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
    await page.goto(`${base}/?preset=${preset}`);
    await page.getByRole('img', { name: /^CPU 0: / }).waitFor();
    await page.getByRole('button', { name: 'Jump to bookmark' }).click();
    await page.getByRole('button', { name: 'app', exact: true }).click();
    await page.mouse.move(0, 0);
    await page.waitForTimeout(300);
    await page.screenshot({ path: out });
    await browser.close();
    console.log(`wrote ${out}`);
  } finally {
    server.kill();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
