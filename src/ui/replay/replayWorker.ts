/** Runs a big import off the main thread, so a 20 MB paste never freezes the page. */
import { importText } from '../../replay/importPipeline';

self.onmessage = (e: MessageEvent<{ text: string; year: number; source: string }>) => {
  const { text, year, source } = e.data;
  try {
    self.postMessage(importText(text, year, source));
  } catch (err) {
    self.postMessage({
      ok: false,
      error: `${source}: ${err instanceof Error ? err.message : String(err)}`,
    });
  }
};
