/** "Export trace": the current run (with any imported lanes) as Chrome trace JSON. */
import type { SimulationRun } from '../../sim';
import type { RunView } from '../../state/types';
import { retryableImport } from '../app/retryableLazy';

/** The trace exporter, fetched on the first export (and again after a failed fetch). */
const loadExport = retryableImport(() => import('../../export'));

export async function downloadChromeTrace(run: RunView, name: string): Promise<string> {
  const { runToChromeTrace } = await loadExport();
  const trace = runToChromeTrace({ raw: run.raw as SimulationRun, lanes: run.lanes }, name);
  const file = `${
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'run'
  }.trace.json`;
  const blob = new Blob([JSON.stringify(trace)], { type: 'application/json' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = file;
  a.click();
  window.setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  return file;
}
