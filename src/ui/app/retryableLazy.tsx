/**
 * Parts of the page fetched on demand (lazy chunks) that can be fetched again after a
 * failed load, without reloading the page and so without losing anything.
 *
 * Two things keep a failed load failed. React.lazy keeps the rejected import, so rendering
 * the part again throws the same error. And the browser keeps it too: Chromium's module map
 * holds the failure for that URL for the page's life, so another import() of the chunk
 * answers the same error without asking the network. So a retry asks for the chunk that
 * the error names under a fresh URL (`?retry=n`); the chunk's own imports are the page's
 * modules, as on a first load. (A chunk that a failed chunk imports stays failed: only a
 * reload fetches it again. Safari's error names no URL: there the import is simply asked
 * for again.)
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * The same-origin script a failed import() names, without its query ("Failed to fetch
 * dynamically imported module: <url>", "error loading dynamically imported module: <url>"),
 * or null.
 */
export function failedChunkUrl(error: unknown, origin: string): string | null {
  for (const [found] of messageOf(error).matchAll(/\bhttps?:\/\/[^\s'"<>]+/g)) {
    let url: URL;
    try {
      url = new URL(found);
    } catch {
      continue;
    }
    if (url.origin !== origin || !/\.m?js$/.test(url.pathname)) continue;
    url.search = '';
    url.hash = '';
    return url.href;
  }
  return null;
}

const importUrl = (url: string): Promise<unknown> => import(/* @vite-ignore */ url);

/**
 * `load`, a bare import() of one module, made retryable: the import under way or done is
 * shared by every caller (one instance of the module); after a failure the next call fetches
 * the chunk the failure named afresh. `fetchAgain` is how (tests pass their own).
 */
export function retryableImport<M>(
  load: () => Promise<M>,
  fetchAgain: (url: string) => Promise<unknown> = importUrl,
): () => Promise<M> {
  let current: Promise<M> | null = null;
  let failed: string | null = null;
  let tries = 0;
  return () => {
    if (current) return current;
    const attempt =
      failed === null ? load() : (fetchAgain(`${failed}?retry=${++tries}`) as Promise<M>);
    current = attempt;
    void attempt.catch((e: unknown) => {
      current = null;
      const origin = typeof location === 'undefined' ? '' : location.origin;
      failed = failedChunkUrl(e, origin) ?? failed;
    });
    return attempt;
  };
}

/** A lazy part whose failed import can be asked for again. */
export type RetryableLazy<M, P extends object> = ComponentType<P> & {
  /** The part's module, for imperative callers: the same import the part renders from. */
  readonly load: () => Promise<M>;
  /**
   * After a failed import, the next render fetches the part again (React.lazy would keep
   * the failure); otherwise nothing. For ErrorBoundary's onError: called once the failure is
   * shown, so Try again, or closing and reopening the part, fetches it again, while the
   * render that caught the failure does not start a new fetch (which would loop offline).
   */
  readonly retry: () => void;
};

/** React.lazy over a retryable import: `pick` chooses the component from the module. */
export function retryableLazy<M, P extends object>(
  load: () => Promise<M>,
  pick: (m: M) => ComponentType<P>,
  fetchAgain?: (url: string) => Promise<unknown>,
): RetryableLazy<M, P> {
  const loadPart = retryableImport(load, fetchAgain);
  let failed = false;
  const make = (): LazyExoticComponent<ComponentType<P>> =>
    lazy(() => {
      const part = loadPart().then((m) => ({ default: pick(m) }));
      void part.catch(() => (failed = true));
      return part;
    });
  let current = make();
  function Part(props: P) {
    const Current = current;
    return <Current {...props} />;
  }
  return Object.assign(Part, {
    load: loadPart,
    retry: () => {
      if (!failed) return;
      failed = false;
      current = make();
    },
  });
}
