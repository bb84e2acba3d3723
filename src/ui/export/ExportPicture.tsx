/**
 * "Export picture": the timeline window and the NUMA diagram at the cursor, as SVG or as
 * PNG at 2×, each with the scenario's name and the cursor's time in a caption. The
 * pictures are built from the view models (src/viz/export), not from the screen.
 */
import { useRef, useState } from 'react';
import { timelineSvg } from '../../viz/export/timelineSvg';
import { topologySvg } from '../../viz/export/topologySvg';
import type { SvgPicture } from '../../viz/export/timelineSvg';
import { useApp, useAppStore } from '../app/storeContext';
import { downloadPng, downloadSvg, fileStem } from './downloadPicture';

type What = 'timeline' | 'numa';

export function ExportPicture() {
  const store = useAppStore();
  const hasRun = useApp((s) => s.run !== null);
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState('');
  const btn = useRef<HTMLButtonElement>(null);

  const picture = (what: What): { pic: SvgPicture; stem: string } | null => {
    const s = store.getState();
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
  const run = (what: What, format: 'svg' | 'png') => {
    const p = picture(what);
    if (!p) return;
    setOpen(false);
    btn.current?.focus();
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
    <button type="button" className="text-btn" onClick={() => run(what, format)}>
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
