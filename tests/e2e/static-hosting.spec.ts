/**
 * The build is a static site that works under any path prefix (GitHub Pages, a bucket folder):
 * served here by a plain file server under /kubeletscope/, it loads, plays, and requests nothing
 * outside its own folder on its own origin, with no console error.
 */
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';

const DIST = resolve(process.env.E2E_DIST ?? 'dist');
const PREFIX = '/kubeletscope/';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

let server: Server;
let origin: string;
/** What the server was asked for, so a request the page made outside the prefix shows too. */
const served: string[] = [];

test.beforeAll(async () => {
  // Only files under PREFIX exist: anything the build asks for at "/" gets a 404.
  server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    served.push(path);
    if (!path.startsWith(PREFIX)) {
      res.writeHead(404).end();
      return;
    }
    const rel = path.slice(PREFIX.length) || 'index.html';
    const file = normalize(join(DIST, rel));
    if (!file.startsWith(DIST)) {
      res.writeHead(403).end();
      return;
    }
    readFile(file).then(
      (body) => {
        res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
        res.end(body);
      },
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((done) => server.close(done));
});

test('the build runs from a sub-path and fetches only its own files', async ({ page }) => {
  const requests: string[] = [];
  const problems: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('requestfailed', (r) => problems.push(`failed: ${r.url()}`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()}: ${r.url()}`);
  });
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));

  await page.goto(`${origin}${PREFIX}`);
  await expect(page.getByRole('region', { name: 'Timeline' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
  // Exercise lazily loaded pieces too: another preset, then the run to its end.
  await page.getByRole('combobox', { name: 'Scenario' }).selectOption('static-vs-none');
  await page.getByRole('button', { name: 'Jump to end' }).click();
  await expect(page.getByRole('img', { name: /^CPU 0: / })).toBeVisible();
  await page.waitForLoadState('networkidle');

  // The lazy chunks were fetched from under the prefix (the build split them out).
  expect(requests.filter((u) => u.endsWith('.js')).length).toBeGreaterThan(1);
  const outside = requests.filter(
    (u) => !u.startsWith(`${origin}${PREFIX}`) && !u.startsWith('data:') && !u.startsWith('blob:'),
  );
  expect(outside).toEqual([]);
  expect(served.filter((p) => !p.startsWith(PREFIX))).toEqual([]);
  expect(problems).toEqual([]);
});
