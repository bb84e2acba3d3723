/**
 * How large the NUMA diagram is drawn: scaled to fit its box, unless that would make
 * its smallest text (core labels, or the bars' labels in compact mode) smaller than
 * 9 px on screen; then it is drawn at the scale that keeps them at 9 px and the box
 * scrolls (pan). A zoom factor multiplies that scale (never below the 9 px floor).
 */
export const MIN_TEXT_PX = 9;

/** The smallest font size the diagram's SVG uses, in its own units (see topology.css). */
export function smallestFont(compact: boolean): number {
  return compact ? 7 : 8.5;
}

export interface DiagramScale {
  /** Screen px per layout unit. */
  readonly scale: number;
  /** The drawing is larger than the box: it scrolls. */
  readonly scrolls: boolean;
  /** The scale that fits the box, and the smallest allowed. */
  readonly fit: number;
  readonly min: number;
}

/**
 * `whole`: the user asked to see the whole machine (fit): the scale that fits the box, below the
 * 9 px floor if it must be; the floor holds again once they zoom.
 */
export function diagramScale(
  layout: { width: number; height: number; compact: boolean },
  boxW: number,
  boxH: number,
  zoom = 1,
  whole = false,
): DiagramScale {
  const fit = Math.max(0.01, Math.min(boxW / layout.width, boxH / layout.height));
  const min = MIN_TEXT_PX / smallestFont(layout.compact);
  if (whole) return { scale: fit, scrolls: false, fit, min: Math.min(min, fit) };
  const scale = Math.max(Math.max(fit, min) * zoom, min);
  const scrolls = layout.width * scale > boxW + 0.5 || layout.height * scale > boxH + 0.5;
  return { scale, scrolls, fit, min };
}
