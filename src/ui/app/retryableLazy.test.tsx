// @vitest-environment jsdom
/**
 * Lazy parts whose fetch failed are fetched again on retry, under a fresh URL (the browser
 * keeps a failed import() failed), and only on retry: the render that shows the failure
 * starts no new fetch.
 */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './ErrorBoundary';
import { failedChunkUrl, retryableImport, retryableLazy } from './retryableLazy';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const chunk = `${location.origin}/assets/EditorDialog-jfmr6iww.js`;
const chrome = () => new TypeError(`Failed to fetch dynamically imported module: ${chunk}`);

describe('failedChunkUrl', () => {
  it("reads the chunk from Chromium's and Firefox's messages, without a query", () => {
    expect(failedChunkUrl(chrome(), location.origin)).toBe(chunk);
    expect(
      failedChunkUrl(
        new TypeError(`error loading dynamically imported module: ${chunk}?retry=2`),
        location.origin,
      ),
    ).toBe(chunk);
  });

  it('names nothing for a message without a same-origin script', () => {
    // Safari's names no URL; a stylesheet, or another origin's script, is not retried.
    expect(
      failedChunkUrl(new TypeError('Importing a module script failed.'), location.origin),
    ).toBe(null);
    expect(
      failedChunkUrl(
        new Error(`Unable to preload CSS for ${location.origin}/assets/a.css`),
        location.origin,
      ),
    ).toBe(null);
    expect(
      failedChunkUrl(
        new TypeError(
          'Failed to fetch dynamically imported module: https://elsewhere.example/x.js',
        ),
        location.origin,
      ),
    ).toBe(null);
    expect(failedChunkUrl('not an error', location.origin)).toBe(null);
  });
});

describe('retryableImport', () => {
  it('shares one import between callers, while under way and once done', async () => {
    const load = vi.fn(() => Promise.resolve({ n: 1 }));
    const get = retryableImport(load, () => Promise.reject(new Error('not asked')));
    const [a, b] = await Promise.all([get(), get()]);
    expect(await get()).toBe(a);
    expect(b).toBe(a);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('after a failure fetches the chunk the failure named, under a fresh URL each time', async () => {
    const load = vi.fn(() => Promise.reject(chrome()));
    const again = vi.fn((url: string) =>
      url.endsWith('retry=2') ? Promise.resolve({ n: 2 }) : Promise.reject(chrome()),
    );
    const get = retryableImport(load, again);
    await expect(get()).rejects.toThrow('Failed to fetch');
    await expect(get()).rejects.toThrow('Failed to fetch');
    expect(await get()).toEqual({ n: 2 });
    // Done: later callers share that module (one instance), nothing is fetched again.
    expect(await get()).toEqual({ n: 2 });
    expect(load).toHaveBeenCalledTimes(1);
    expect(again.mock.calls.map(([u]) => u)).toEqual([`${chunk}?retry=1`, `${chunk}?retry=2`]);
  });

  it('asks load again when the failure names no chunk', async () => {
    const load = vi
      .fn<() => Promise<{ n: number }>>()
      .mockRejectedValueOnce(new TypeError('Importing a module script failed.'))
      .mockResolvedValueOnce({ n: 1 });
    const again = vi.fn(() => Promise.reject(new Error('not asked')));
    const get = retryableImport(load, again);
    await expect(get()).rejects.toThrow('Importing');
    expect(await get()).toEqual({ n: 1 });
    expect(load).toHaveBeenCalledTimes(2);
    expect(again).not.toHaveBeenCalled();
  });
});

describe('retryableLazy', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the failure, fetches nothing more until Try again, then renders the part', async () => {
    let network = false;
    const again = vi.fn((url: string) =>
      network
        ? Promise.resolve({ Hello: () => <p>hello from {url}</p> })
        : Promise.reject(chrome()),
    );
    const Part = retryableLazy(
      () => Promise.reject<{ Hello: () => React.ReactNode }>(chrome()),
      (m) => m.Hello,
      again,
    );
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    await act(async () => {
      root.render(
        <ErrorBoundary what="The part" onError={Part.retry}>
          <Suspense fallback={<p>loading</p>}>
            <Part />
          </Suspense>
        </ErrorBoundary>,
      );
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(host.querySelector('[role="alert"]')?.textContent).toContain(
      'The part stopped working.Failed to fetch dynamically imported module',
    );
    expect(again).not.toHaveBeenCalled();

    network = true;
    await act(async () => {
      host.querySelector('button')!.click();
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(host.textContent).toBe(`hello from ${chunk}?retry=1`);
    expect(again).toHaveBeenCalledTimes(1);
    act(() => root.unmount());
    host.remove();
  });
});
