/**
 * An overlay whose code is fetched when it opens (retryableLazy). Should the fetch fail, the
 * overlay closes again, the banner says why, and opening it again fetches it afresh.
 */
import { Suspense, type ReactNode } from 'react';
import type { AppStore } from '../../state/store';
import { ErrorBoundary } from './ErrorBoundary';

interface Props {
  /** The app's store, whose banner reports the failure. */
  readonly store: AppStore;
  /** What the overlay is, for the message ("The keyboard help"). */
  readonly what: string;
  /** The lazy part rendered inside (its retry is called on failure). */
  readonly part: { readonly retry: () => void };
  /** Closes the overlay. */
  readonly close: () => void;
  readonly children: ReactNode;
}

export function LazyOverlay({ store, what, part, close, children }: Props) {
  return (
    <ErrorBoundary
      what={what}
      onError={(e) => {
        part.retry();
        close();
        store
          .getState()
          .setNotice({ tone: 'error', text: `${what} could not be opened: ${e.message}` });
      }}
    >
      <Suspense fallback={null}>{children}</Suspense>
    </ErrorBoundary>
  );
}
