/**
 * A tiny static host for the bench build (what `vite preview` would do), run in
 * this process so nothing is left behind if the bench stops half-way. It also
 * serves an empty page, the baseline the app's first paint is compared with.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

export const EMPTY_PAGE = '/__bench-empty.html';
const EMPTY_HTML = '<!doctype html><html lang="en"><title>empty</title><body><p>empty</p></body>';

export interface StaticHost {
  url: string;
  close(): Promise<void>;
}

export async function serveStatic(root: string, port: number): Promise<StaticHost> {
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (path === EMPTY_PAGE) {
      res.writeHead(200, { 'content-type': TYPES['.html']! }).end(EMPTY_HTML);
      return;
    }
    const file = normalize(join(root, path === '/' ? 'index.html' : path));
    if (!file.startsWith(root)) {
      res.writeHead(403).end();
      return;
    }
    readFile(file).then(
      (body) =>
        res
          .writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' })
          .end(body),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
