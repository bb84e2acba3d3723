/**
 * "Export picture": the timeline window and the NUMA diagram at the cursor, as SVG or as
 * PNG at 2×, each with the scenario's name and the cursor's time in a caption. The
 * pictures are built from the view models (src/viz/export), not from the screen.
 */
import { useRef, useState } from 'react';
import type { SvgPicture } from '../../viz/export/timelineSvg';
import type { AppState } from '../../state/store';
import { useApp, useAppStore } from '../app/storeContext';
import { retryableImport } from '../app/retryableLazy';

/** The picture builders and the download, fetched on the first export (again after a failure). */
const loadTimeline = retryableImport(() => import('../../viz/export/timelineSvg'));
const loadTopology = retryableImport(() => import('../../viz/export/topologySvg'));
const loadDownload = retryableImport(() => import('./downloadPicture'));
const exporters = () => Promise.all([loadTimeline(), loadTopology(), loadDownload()]);
type Exporters = Awaited<ReturnType<typeof exporters>>;

type What = 'timeline' | 'numa';

export function ExportPicture() {
  const store = useAppStore();
  const hasRun = useApp((s) => s.run !== null);
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState('');
  const btn = useRef<HTMLButtonElement>(null);

  const picture = (
    [{ timelineSvg }, { topologySvg }, { fileStem }]: Exporters,
    s: AppState,
    what: What,
  ): { pic: SvgPicture; stem: string } | null => {
    if (!s.run || !s.scenario) return null;
    const name = s.scenario.metadata.name;
    const pic =
      what === 'timeline'
        ? timelineSvg({
            model: s.run.lanes,
            window: s.window,
            warp: s.warp,
            cursorT: s.timeMs,
            scenarioName: name,
            collapsedGroups: s.collapsedGroups,
          })
        : topologySvg({
            topology: s.run.topology,
            cpus: s.run.cpus,
            cursor: s.cursor,
            cursorT: s.timeMs,
            scenarioName: name,
          });
    return { pic, stem: fileStem(name, what === 'timeline' ? 'timeline' : 'numa') };
  };
  const run = async (what: What, format: 'svg' | 'png') => {
    // The picture is of the moment of the click, whenever its builders arrive.
    const s = store.getState();
    setOpen(false);
    btn.current?.focus();
    let ex: Exporters;
    try {
      ex = await exporters();
    } catch (e) {
      // Shown in the banner (the status line is for screen readers only); the menu tries again.
      setStatus('');
      s.setNotice({
        tone: 'error',
        text: `The picture could not be made: its code did not arrive (${e instanceof Error ? e.message : String(e)}).`,
      });
      return;
    }
    const p = picture(ex, s, what);
    if (!p) return;
    const { downloadPng, downloadSvg } = ex[2];
    if (format === 'svg') {
      downloadSvg(p.pic, p.stem);
      setStatus(`Saved ${p.stem}.svg`);
    } else
      downloadPng(p.pic, p.stem).then(
        () => setStatus(`Saved ${p.stem}.png`),
        (e: unknown) =>
          setStatus(`The PNG could not be made: ${e instanceof Error ? e.message : String(e)}`),
      );
  };
  const item = (what: What, format: 'svg' | 'png', label: string) => (
    <button type="button" className="text-btn" onClick={() => void run(what, format)}>
      {label}
    </button>
  );
  return (
    <div className="export-picture">
      <button
        ref={btn}
        type="button"
        className="text-btn"
        aria-expanded={open}
        aria-controls="export-picture-menu"
        disabled={!hasRun}
        title="Download the timeline window or the NUMA diagram at the cursor as SVG or PNG"
        onClick={() => setOpen((o) => !o)}
      >
        Export picture
      </button>
      <div
        id="export-picture-menu"
        className="export-picture-menu"
        role="group"
        aria-label="Export picture"
        hidden={!open}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            setOpen(false);
            btn.current?.focus();
          }
        }}
      >
        {item('timeline', 'svg', 'Timeline SVG')}
        {item('timeline', 'png', 'Timeline PNG')}
        {item('numa', 'svg', 'NUMA diagram SVG')}
        {item('numa', 'png', 'NUMA diagram PNG')}
      </div>
      <span className="sr-only" role="status">
        {status}
      </span>
    </div>
  );
}
