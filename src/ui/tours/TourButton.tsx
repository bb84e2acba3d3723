/**
 * The `Tour` button and, while a tour is open, its dialog. The dialog, the tours and their
 * step logic are fetched when a tour first opens (from this button or a link's view).
 */
import { useRef } from 'react';
import { LazyOverlay } from '../app/LazyOverlay';
import { retryableLazy } from '../app/retryableLazy';
import { useApp, useAppStore } from '../app/storeContext';
import type { AppStore } from '../../state/store';

/** The button and the dialog share one import: a retry after a failed fetch serves both. */
const TourDialog = retryableLazy(
  () => import('./TourDialog'),
  (m) => m.default,
);

/** Opens the last tour taken (or the first): fetched on first use; a failure says why. */
export function startTour(store: AppStore, last: string | null): void {
  void TourDialog.load()
    .then((m) => m.startLastTour(store, last))
    .then(
      (error) => {
        if (error)
          store.getState().setNotice({ tone: 'error', text: `The tour could not start: ${error}` });
      },
      (e: unknown) =>
        store.getState().setNotice({
          tone: 'error',
          text: `The tour could not start: ${e instanceof Error ? e.message : String(e)}`,
        }),
    );
}

export function TourButton() {
  const store = useAppStore();
  const open = useApp((s) => s.tour !== null);
  const hasRun = useApp((s) => s.run !== null);
  const btn = useRef<HTMLButtonElement>(null);
  const last = useRef<string | null>(null);
  const close = () => {
    last.current = store.getState().tour?.id ?? last.current;
    store.getState().setTour(null);
    btn.current?.focus();
  };
  return (
    <>
      <button
        ref={btn}
        type="button"
        className="text-btn"
        aria-haspopup="dialog"
        disabled={!hasRun}
        title="Guided tours of the kubelet: each step moves the cursor and points at what to look at"
        onClick={() => {
          if (open) return close();
          startTour(store, last.current);
        }}
      >
        Tour
      </button>
      {open && (
        // (A tour opened by a link: Tour tries again.)
        <LazyOverlay
          store={store}
          what="The tour"
          part={TourDialog}
          close={() => store.getState().setTour(null)}
        >
          <TourDialog onClose={close} />
        </LazyOverlay>
      )}
    </>
  );
}
