/**
 * The first text a page draws on a canvas pays for the canvas font's set-up (resolving the
 * font list, its glyph caches): 20-30 ms on a busy machine, against about 1 ms for every
 * later draw. Done in an idle moment while the first run is still in the engine worker, it
 * stays out of the frame that shows the first timeline.
 */
export function warmCanvasText(font: string): () => void {
  const warm = () => {
    const ctx = document.createElement('canvas').getContext('2d');
    if (!ctx) return;
    ctx.font = font;
    ctx.measureText('SyncPod creating… 0123456789');
  };
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(warm, { timeout: 500 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(warm, 0);
  return () => clearTimeout(id);
}
