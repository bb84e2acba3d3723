/**
 * The guided tour: a non-modal dialog named by the tour's title, with Back and Next, a tour
 * picker and Close. Each step moves the cursor and the selection through showStep; a
 * question step waits for a prediction before it shows the answer (and moves the cursor to
 * it). The page stays usable around it; on a phone it docks at the bottom and scrolls the
 * picture the step is about into view above it.
 */
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import type { AppStore } from '../../state/store';
import { dialogCorner, type Corner, type Rect } from '../../viz/tours/dialogCorner';
import { retryableImport } from '../app/retryableLazy';
import { runRegionName, useApp, useAppStore } from '../app/storeContext';
import type { showStep as ShowStep } from './showStep';
import { findTour, tourCatalog } from './tourCatalog';
import type { Tour, TourStep } from './tourSchema';

/** showStep parses presets (the YAML parser and the schema): fetched when a tour starts. */
const loadShowStep = retryableImport(() => import('./showStep'));
/** A step whose code did not arrive says so (the dialog's alert); Next, Back or Tour try again. */
const showStep = async (...a: Parameters<typeof ShowStep>): ReturnType<typeof ShowStep> => {
  let m: Awaited<ReturnType<typeof loadShowStep>>;
  try {
    m = await loadShowStep();
  } catch (e) {
    return `its code did not arrive (${e instanceof Error ? e.message : String(e)})`;
  }
  return m.showStep(...a);
};

const PHONE = '(max-width: 760px)';

/** The region a step points into: its run's NUMA diagram or timeline ("Run B NUMA topology"). */
function stepRegionName(store: AppStore, step: TourStep): string {
  const diagram =
    (step.look ?? ('cpu' in (step.select ?? {}) ? 'diagram' : 'timeline')) === 'diagram';
  // Under Compare each run names its own regions.
  const run = store.getState().compare ? `Run ${step.run ?? 'A'}` : null;
  return runRegionName(run, diagram ? 'NUMA topology' : 'Timeline');
}

const rectOf = (r: DOMRect): Rect => ({ x: r.x, y: r.y, width: r.width, height: r.height });

/** The smallest rectangle holding every element, or null for none. */
function unionRect(els: Iterable<Element>): Rect | null {
  let out: Rect | null = null;
  for (const el of els) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    if (!out) out = rectOf(r);
    else {
      const x = Math.min(out.x, r.x);
      const y = Math.min(out.y, r.y);
      out = {
        x,
        y,
        width: Math.max(out.x + out.width, r.right) - x,
        height: Math.max(out.y + out.height, r.bottom) - y,
      };
    }
  }
  return out;
}

/**
 * Keeps the floating dialog off what its step points at: measures the step's region and its
 * ringed CPUs or lane label, and picks the corner that hides least of them (dialogCorner).
 * On a phone CSS docks the dialog at the bottom instead and the page scrolls above it.
 */
function useDialogCorner(
  store: AppStore,
  dialog: RefObject<HTMLDivElement | null>,
  step: TourStep | undefined,
  deps: readonly unknown[],
): Corner {
  const [corner, setCorner] = useState<Corner>('bottom-right');
  // Selections (the step's ring) and Compare's regions land after the step is asked for.
  const sel = useApp((s) => s.selection);
  const selB = useApp((s) => s.compare?.selection);
  const comparing = useApp((s) => s.compare !== null);
  useLayoutEffect(() => {
    if (!step || typeof window === 'undefined') return;
    let frames = 0;
    let raf = 0;
    const place = () => {
      const el = dialog.current;
      if (!el || window.matchMedia?.(PHONE).matches) return;
      const region = document.querySelector(`section[aria-label="${stepRegionName(store, step)}"]`);
      if (!region) {
        if (++frames < 120) raf = requestAnimationFrame(place);
        return;
      }
      const target = unionRect(
        region.querySelectorAll('.pu.is-selected, .tl-lane-label.is-highlight'),
      );
      const viewport = { width: window.innerWidth, height: window.innerHeight };
      const size = { width: el.offsetWidth, height: el.offsetHeight };
      setCorner(dialogCorner(size, viewport, target, rectOf(region.getBoundingClientRect())));
    };
    place();
    // Once more after the step's cursor and ring have been drawn.
    const again = requestAnimationFrame(() => (raf = requestAnimationFrame(place)));
    window.addEventListener('resize', place);
    return () => {
      cancelAnimationFrame(raf);
      cancelAnimationFrame(again);
      window.removeEventListener('resize', place);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store, dialog, step, sel, selB, comparing, ...deps]);
  return corner;
}

/**
 * Steps still being put on screen (their runs in the engine worker): the dialog is
 * aria-busy meanwhile, so what it says and what the page shows are known to agree after.
 */
let inFlight = 0;
const busyListeners = new Set<() => void>();
function track<T>(p: Promise<T>): Promise<T> {
  const tell = () => busyListeners.forEach((l) => l());
  inFlight++;
  tell();
  return p.finally(() => {
    inFlight--;
    tell();
  });
}
function useStepsInFlight(): boolean {
  return useSyncExternalStore(
    (l) => {
      busyListeners.add(l);
      return () => busyListeners.delete(l);
    },
    () => inFlight > 0,
    () => false,
  );
}

/** Opens tour `id` at its first step (once its runs have landed). */
export function startTour(store: AppStore, id: string): Promise<string | null> {
  const tour = findTour(id);
  if (!tour) return Promise.resolve(`no tour "${id}"`);
  return track(goTo(store, tour, 0));
}

async function goTo(store: AppStore, tour: Tour, index: number): Promise<string | null> {
  store.getState().setTour({ id: tour.id, step: index });
  const step = tour.steps[index];
  const error = await showStep(store, tour, index, step?.question ? 'ask' : 'answer');
  if (step && typeof window !== 'undefined' && window.matchMedia?.(PHONE).matches) {
    const name = stepRegionName(store, step);
    // After React has drawn the step, so the picture is where it will stay; Compare's
    // two-run view loads lazily, so its regions may take a few frames to appear.
    let frames = 0;
    const scroll = () => {
      const el = document.querySelector(`section[aria-label="${name}"]`);
      if (el) el.scrollIntoView({ block: 'start', behavior: 'auto' });
      else if (++frames < 120) requestAnimationFrame(scroll);
    };
    requestAnimationFrame(scroll);
  }
  return error;
}

/** ↑/↓ (and ←/→) move focus between the answers, as in a radio group; choosing stays a press. */
function moveAmongChoices(e: KeyboardEvent<HTMLDivElement>) {
  const dir =
    e.key === 'ArrowDown' || e.key === 'ArrowRight'
      ? 1
      : e.key === 'ArrowUp' || e.key === 'ArrowLeft'
        ? -1
        : 0;
  if (!dir) return;
  const all = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('button')];
  const i = all.indexOf(e.target as HTMLButtonElement);
  if (i < 0) return;
  e.preventDefault();
  all[(i + dir + all.length) % all.length]?.focus();
}

export function TourDialog({ onClose }: { readonly onClose: () => void }) {
  const store = useAppStore();
  const place = useApp((s) => s.tour);
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const [answer, setAnswer] = useState<{ key: string; choice: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const stepsInFlight = useStepsInFlight();
  const tour = place ? findTour(place.id) : undefined;
  const shownStep =
    place && tour ? tour.steps[Math.min(place.step, tour.steps.length - 1)] : undefined;
  const shownKey = place ? `${place.id}:${place.step}` : '';
  const corner = useDialogCorner(store, ref, shownStep, [
    shownKey,
    answer?.key === shownKey ? answer.choice : null,
  ]);

  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('h2')?.focus();
  }, []);
  useEffect(() => {
    if (!place || tour) return;
    // A link from another version may name a tour this one does not have.
    const st = store.getState();
    st.setNotice({
      tone: 'warning',
      text: `This link opens a tour ("${place.id}") that is not here.`,
    });
    st.setTour(null);
  }, [place, tour, store]);
  if (!place || !tour) return null;

  const index = Math.min(place.step, tour.steps.length - 1);
  const step = tour.steps[index]!;
  const key = `${tour.id}:${index}`;
  const chosen = answer?.key === key ? answer.choice : null;
  const q = step.question;
  const go = (i: number) => void track(goTo(store, tour, i)).then(setError);
  const choose = (c: number) => {
    setAnswer({ key, choice: c });
    void track(showStep(store, tour, index, 'answer')).then(setError);
    // The verdict may be below the fold of a short dialog: bring it into view.
    requestAnimationFrame(() =>
      ref.current?.querySelector('.tour-verdict')?.scrollIntoView({ block: 'nearest' }),
    );
  };
  const right = q?.choices.find((c) => c.correct);

  return (
    <div
      ref={ref}
      className={`tour-dialog at-${corner}`}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      aria-busy={stepsInFlight || undefined}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <div className="tour-head">
        <h2 id={titleId} className="tour-title" tabIndex={-1}>
          {tour.title}
        </h2>
        <button type="button" className="icon-btn" title="Close the tour (Esc)" onClick={onClose}>
          <span aria-hidden="true">×</span>
          <span className="sr-only">Close tour</span>
        </button>
      </div>
      <div className="tour-pick">
        <select
          aria-label="Choose a tour"
          value={tour.id}
          onChange={(e) => {
            setAnswer(null);
            void startTour(store, e.currentTarget.value).then(setError);
          }}
        >
          {tourCatalog().tours.map((t) => (
            <option key={t.id} value={t.id}>
              {t.title}
            </option>
          ))}
        </select>
        <span className="tour-count" aria-live="polite">
          Step {index + 1} of {tour.steps.length}
        </span>
      </div>
      {index === 0 && !q && <p className="tour-summary">{tour.summary}</p>}
      {q ? (
        <>
          <p className="tour-text tour-prompt">{q.prompt}</p>
          <div
            className="tour-choices"
            role="group"
            aria-label="Your prediction"
            onKeyDown={(e) => moveAmongChoices(e)}
          >
            {q.choices.map((c, i) => (
              <button
                key={c.text}
                type="button"
                className={`tour-choice${chosen === i ? (c.correct ? ' is-right' : ' is-wrong') : ''}`}
                aria-pressed={chosen === i}
                onClick={() => choose(i)}
              >
                {c.text}
              </button>
            ))}
          </div>
          <p className="tour-verdict" role="status">
            {chosen === null
              ? ''
              : q.choices[chosen]?.correct
                ? `Right. ${q.explain}`
                : `Not quite: the answer is “${right?.text ?? ''}”. ${q.explain}`}
          </p>
          {chosen !== null && <p className="tour-text">{step.text}</p>}
        </>
      ) : (
        <p className="tour-text">{step.text}</p>
      )}
      {error && (
        <p className="tour-error" role="alert">
          This step could not be shown: {error}
        </p>
      )}
      <div className="tour-nav">
        <button
          type="button"
          className="text-btn"
          disabled={index === 0}
          onClick={() => go(index - 1)}
        >
          Back
        </button>
        {index < tour.steps.length - 1 ? (
          <button type="button" className="text-btn text-btn-primary" onClick={() => go(index + 1)}>
            Next
          </button>
        ) : (
          // The last step ends the tour: the run stays where the tour left it.
          <button type="button" className="text-btn text-btn-primary" onClick={onClose}>
            Finish
          </button>
        )}
      </div>
    </div>
  );
}

/** Starts the tour last shown, else the first bundled one (the `Tour` button). */
export function startLastTour(store: AppStore, last: string | null): Promise<string | null> {
  const first = last ?? tourCatalog().tours[0]?.id;
  return first ? startTour(store, first) : Promise.resolve('no tours are bundled');
}

/** For React.lazy (TourButton.tsx). */
export default TourDialog;
