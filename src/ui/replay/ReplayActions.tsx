/**
 * The scenario bar's Import and Export trace buttons. An import loads the scenario rebuilt
 * from the input and keeps the input's own steps on the timeline ("log: <pod>" lanes)
 * beside every re-run of it, until another scenario is loaded.
 */
import { useEffect, useRef, useState } from 'react';
import type { ImportOutcome, ImportSummary } from '../../replay/importPipeline';
import type { ReplayEvent } from '../../replay/types';
import type { RunView } from '../../state/types';
import { useApp, useAppStore } from '../app/storeContext';
import { useEngineViews } from '../app/engineViews';
import { LazyOverlay } from '../app/LazyOverlay';
import { retryableImport, retryableLazy } from '../app/retryableLazy';
import { downloadChromeTrace } from './downloadTrace';
import type { Imported } from './overlay';

const ImportDialog = retryableLazy(
  () => import('./ImportDialog'),
  (m) => m.default,
);
/** The comparison code loads with the first import, not with the page. */
const loadOverlay = retryableImport(() => import('./overlay'));

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));
const n = (x: number) => x.toLocaleString('en');

/** What was read, which kubelet now runs and why (the notice after an import). */
function importSentence(s: ImportSummary, previous: string | undefined): string {
  const notRead = s.notRead
    .slice(0, 4)
    .map((f) => `${f.family} (${n(f.lines)})`)
    .join(', ');
  const v = s.version;
  const version =
    previous === v.version
      ? `Kubelet ${v.version} (its output points to ${v.label}).`
      : `Kubelet version set to ${v.version} (its output points to ${v.label}); Undo restores ${previous ?? 'the previous one'}.`;
  return (
    `Imported ${s.source}: ${n(s.lifecycleLines)} lifecycle line${s.lifecycleLines === 1 ? '' : 's'} read ` +
    `(${s.families.slice(0, 5).join(', ')}) of ${n(s.lines)}` +
    (notRead ? `; not read: ${notRead}.` : '.') +
    ` ${version} The "log:" lanes show it beside the model.`
  );
}

/** The ≠ list shows this many; the CLI's --format diff lists every one. */
const DIFF_LIST_MAX = 300;

export function ReplayActions() {
  const store = useAppStore();
  const views = useEngineViews();
  const hasRun = useApp((s) => s.run !== null);
  const [open, setOpen] = useState(false);
  const [imported, setImported] = useState<Imported | null>(null);
  const [diffs, setDiffs] = useState<readonly { text: string; ms: number }[]>([]);
  const [showDiffs, setShowDiffs] = useState(false);
  const merged = useRef(new WeakSet<RunView>());
  /** The model's records of each run, read back by the engine worker. */
  const records = useRef(new WeakMap<RunView, readonly ReplayEvent[]>());
  const announce = useRef<string | null>(null);

  useEffect(() => {
    if (!imported) return;
    let live = true;
    let overlayRun: typeof import('./overlay').overlayRun | null = null;
    let sentence: typeof import('./overlay').diffSentence = () => '';
    const apply = () => {
      if (!overlayRun || !live) return;
      const s = store.getState();
      const run = s.run;
      // The imported scenario's run is still in the engine worker: wait for it to land.
      if (!run || merged.current.has(run) || s.simulating) return;
      if (s.scenario?.metadata.name !== imported.scenarioName) {
        setImported(null);
        setDiffs([]);
        return;
      }
      // The model's side of the comparison (its klog, Events, containerd lines and each pod
      // at the end, as describe shows it) is read back by the engine worker.
      const model = records.current.get(run);
      if (views.replayRecords && !model) {
        void views.replayRecords(run).then(
          (evs) => {
            records.current.set(run, evs);
            apply();
          },
          (e: unknown) => {
            if (!live) return;
            announce.current = null;
            store.getState().setNotice({
              tone: 'error',
              text: `The imported scenario is loaded, but the model's run could not be read back for the comparison (${messageOf(e)}).`,
            });
          },
        );
        return;
      }
      const { run: next, diff, shiftOf } = overlayRun(run, imported, model);
      setDiffs(
        diff.diffs.map((d) => ({
          text: `${d.pod}: ${d.detail}`,
          ms: d.modelUs !== null ? d.modelUs / 1000 : ((d.inputUs ?? 0) - shiftOf(d.pod)) / 1000,
        })),
      );
      merged.current.add(next);
      // Span selections are lane indices; the log's lanes come first now.
      store.setState({ run: next, selection: s.selection?.kind === 'span' ? null : s.selection });
      if (announce.current) {
        s.setNotice({ tone: 'info', text: `${announce.current} ${sentence(diff)}` });
        announce.current = null;
      }
    };
    void loadOverlay().then(
      (m) => {
        overlayRun = m.overlayRun;
        sentence = m.diffSentence;
        apply();
      },
      (e: unknown) => {
        if (!live) return;
        announce.current = null;
        store.getState().setNotice({
          tone: 'error',
          text: `The imported scenario is loaded, but its log could not be shown beside the model: its code did not arrive (${messageOf(e)}). Import it again to retry.`,
        });
      },
    );
    const unsubscribe = store.subscribe((st, prev) => {
      if (st.run !== prev.run || st.simulating !== prev.simulating) apply();
    });
    return () => {
      live = false;
      unsubscribe();
    };
  }, [imported, store, views]);

  const onImported = (out: Extract<ImportOutcome, { ok: true }>) => {
    setOpen(false);
    const st = store.getState();
    announce.current = importSentence(out.summary, st.scenario?.node.kubeletVersion);
    // The Inspector and the selection start fresh: nothing of the previous scenario's pods.
    st.select(null);
    void st.replaceScenario(out.scenario, 'custom');
    setImported({
      steps: out.steps,
      records: out.records,
      scenarioName: out.scenario.metadata.name,
    });
    st.fitAll();
  };

  const exportTrace = async () => {
    const s = store.getState();
    if (!s.run) return;
    let file: string;
    try {
      // The trace carries the klog lines: fetched from the engine worker if not yet here.
      await views.whenLogs?.(s.run);
      file = await downloadChromeTrace(s.run, s.scenario?.metadata.name ?? 'run');
    } catch (e) {
      s.setNotice({ tone: 'error', text: `The trace could not be saved: ${messageOf(e)}` });
      return;
    }
    s.setNotice({
      tone: 'info',
      text: `Saved ${file}: open it in ui.perfetto.dev or chrome://tracing.`,
    });
  };

  return (
    <>
      <button
        type="button"
        className="text-btn"
        aria-haspopup="dialog"
        title="Import a kubelet log, kubectl describe pod / get events, a pod's YAML or cpu_manager_state, and see it beside the model"
        onClick={() => setOpen(true)}
      >
        Import
      </button>
      <button
        type="button"
        className="text-btn"
        disabled={!hasRun}
        title="Download this run as Chrome trace JSON (Perfetto UI, chrome://tracing)"
        onClick={() => void exportTrace()}
      >
        Export trace
      </button>
      {diffs.length > 0 && (
        <span className="replay-diffs">
          <button
            type="button"
            className="text-btn"
            aria-expanded={showDiffs}
            aria-controls="replay-diff-list"
            title="Where the imported log and the model disagree"
            onClick={() => setShowDiffs((v) => !v)}
          >
            ≠ {diffs.length}
          </button>
          {showDiffs && (
            <ul
              id="replay-diff-list"
              className="replay-diff-list"
              aria-label="Differences from the model"
            >
              {diffs.slice(0, DIFF_LIST_MAX).map((d, i) => (
                <li key={i}>
                  <button
                    type="button"
                    className="replay-diff"
                    onClick={() => {
                      store.getState().seekTime(Math.max(0, d.ms), true);
                      setShowDiffs(false);
                    }}
                  >
                    ≠ {d.text}
                  </button>
                </li>
              ))}
              {diffs.length > DIFF_LIST_MAX && (
                <li className="replay-diff-more">
                  … and {(diffs.length - DIFF_LIST_MAX).toLocaleString('en')} more (npm run replay
                  -- FILE --format diff lists them all)
                </li>
              )}
            </ul>
          )}
        </span>
      )}
      {open && (
        <LazyOverlay
          store={store}
          what="The import dialog"
          part={ImportDialog}
          close={() => setOpen(false)}
        >
          <ImportDialog
            onClose={() => setOpen(false)}
            onImported={onImported}
            defaultYear={new Date().getFullYear()}
          />
        </LazyOverlay>
      )}
    </>
  );
}
