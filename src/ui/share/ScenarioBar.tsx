/**
 * Under the quick controls: the scenario's caption (or the banner, when a link, a
 * file or an edit went wrong) and the scenario's actions: undo and redo of edits,
 * the editor, and Copy link.
 */
import { TourButton } from '../tours/TourButton';
import { ThemeSwitch } from '../controls/ThemeSwitch';
import { useEffect, useRef, useState } from 'react';
import { after } from '../../state/slices/scenarioSlice';
import { useApp, useAppStore } from '../app/storeContext';
import { ReplayActions } from '../replay/ReplayActions';
import { retryableImport } from '../app/retryableLazy';

/**
 * The link encoder (lz-string, the scenario serialiser, the presets' prose): fetched a
 * moment after the first run is on screen, so Copy link still writes the address at once.
 */
type LinkModule = typeof import('../../state/currentLink');
let linkModule: LinkModule | null = null;
const importLinks = retryableImport(() => import('../../state/currentLink'));
const loadLinks = (): Promise<LinkModule> => importLinks().then((m) => (linkModule = m));

export function ScenarioBar({ onEdit }: { readonly onEdit: () => void }) {
  const store = useAppStore();
  const caption = useApp((s) => s.scenario?.metadata.caption ?? s.scenario?.metadata.name ?? '');
  const runError = useApp((s) => s.runError);
  const notice = useApp((s) => s.notice);
  const canUndo = useApp((s) => s.past.length > 0);
  const canRedo = useApp((s) => s.future.length > 0);
  const hasRun = useApp((s) => s.scenario !== null);
  const comparing = useApp((s) => s.compare !== null);
  const description = useApp((s) => s.scenario?.metadata.description ?? '');
  const [about, setAbout] = useState(false);
  const [copied, setCopied] = useState<string>('');
  const clear = useRef<number | undefined>(undefined);
  const undoRef = useRef<HTMLButtonElement>(null);
  const redoRef = useRef<HTMLButtonElement>(null);
  useEffect(() => () => window.clearTimeout(clear.current), []);
  useEffect(() => {
    if (!hasRun || linkModule) return;
    const t = window.setTimeout(() => void loadLinks().catch(() => {}), 1000);
    return () => window.clearTimeout(t);
  }, [hasRun]);

  const copy = async () => {
    const base = `${window.location.origin}${window.location.pathname}${window.location.search}`;
    let links: LinkModule;
    try {
      links = linkModule ?? (await loadLinks());
    } catch (e) {
      store.getState().setNotice({
        tone: 'error',
        text: `The link could not be made: its code did not arrive (${e instanceof Error ? e.message : String(e)}). Copy link tries again.`,
      });
      return;
    }
    const { currentLink } = links;
    const link = currentLink(store.getState(), base);
    if (!link) return;
    const url = `${base}${link.fragment}`;
    window.history.replaceState(window.history.state, '', url);
    let said: string;
    try {
      await navigator.clipboard.writeText(url);
      said = 'Link copied';
    } catch {
      // No clipboard (an insecure page, or permission refused): the address bar has it.
      said = 'Link is in the address bar';
    }
    if (link.tooLong)
      said += ` — ${link.linkLength.toLocaleString('en')} characters: some chat tools and mailers cut links over 8,000`;
    setCopied(said);
    window.clearTimeout(clear.current);
    clear.current = window.setTimeout(() => setCopied(''), link.tooLong ? 8000 : 2500);
  };

  const banner = runError ? { tone: 'error' as const, text: runError } : notice;
  return (
    <div className="scenario-bar">
      {banner ? (
        <div
          role={banner.tone === 'error' ? 'alert' : 'status'}
          className={`banner banner-${banner.tone}`}
        >
          <span className="banner-text">{banner.text}</span>
          {notice && !runError && (
            <button
              type="button"
              className="icon-btn banner-close"
              aria-label="Dismiss"
              title="Dismiss"
              onClick={() => store.getState().setNotice(null)}
            >
              ×
            </button>
          )}
        </div>
      ) : (
        <p className="caption">{caption}</p>
      )}
      <div className="scenario-actions" role="group" aria-label="Scenario actions">
        {description && (
          <button
            type="button"
            className="text-btn"
            aria-expanded={about}
            aria-controls="scenario-about"
            title="What this scenario shows and what to look at"
            onClick={() => setAbout((a) => !a)}
          >
            About
          </button>
        )}
        <button
          type="button"
          className="text-btn"
          ref={undoRef}
          disabled={!canUndo}
          title="Undo the last scenario edit (Ctrl+Z)"
          onClick={() => {
            // A button that disables itself would drop keyboard focus to the page; the
            // other one is enabled once this edit's run has landed and rendered.
            void after(store.getState().undo(), () => {
              if (store.getState().past.length === 0)
                requestAnimationFrame(() => redoRef.current?.focus());
            });
          }}
        >
          Undo
        </button>
        <button
          type="button"
          className="text-btn"
          ref={redoRef}
          disabled={!canRedo}
          title="Redo (Ctrl+Shift+Z)"
          onClick={() => {
            void after(store.getState().redo(), () => {
              if (store.getState().future.length === 0)
                requestAnimationFrame(() => undoRef.current?.focus());
            });
          }}
        >
          Redo
        </button>
        <TourButton />
        <ReplayActions />
        <button
          type="button"
          className="text-btn"
          aria-pressed={comparing}
          disabled={!hasRun}
          title="Compare two runs of this scenario side by side: run B has its own policies, node and kubelet version"
          onClick={() => store.getState().toggleCompare()}
        >
          Compare
        </button>
        <button
          type="button"
          className="text-btn"
          aria-haspopup="dialog"
          disabled={!hasRun}
          title="Edit the scenario: pods as YAML, kubelet configuration, node, faults (E)"
          onClick={onEdit}
        >
          Edit scenario
        </button>
        <button
          type="button"
          className="text-btn"
          disabled={!hasRun}
          title="Copy a link to this scenario, cursor, zoom and selection"
          onClick={() => void copy()}
        >
          Copy link
        </button>
        <span className="copy-status" role="status" aria-live="polite">
          {copied}
        </span>
      </div>
      <ThemeSwitch />
      {about && description && (
        <p id="scenario-about" className="scenario-about">
          {description}
        </p>
      )}
    </div>
  );
}
