/**
 * One colour and one pattern per container holding exclusive CPUs, so colour is
 * never the only cue. Colours: Okabe and Ito's colour-blind-safe set; patterns cycle
 * at a different period than colours, so the first 8×5 owners are all distinct.
 */
export const OWNER_COLORS = [
  '#0072b2',
  '#e69f00',
  '#009e73',
  '#cc79a7',
  '#56b4e9',
  '#d55e00',
  '#f0e442',
  '#8a6d3b',
] as const;

export const OWNER_PATTERNS = ['diag', 'antidiag', 'vertical', 'cross', 'dots'] as const;
export type OwnerPattern = (typeof OWNER_PATTERNS)[number];

export interface OwnerStyle {
  readonly color: string;
  readonly pattern: OwnerPattern;
  /** Pattern element id to reference from SVG fills. */
  readonly patternId: string;
}

export function ownerStyle(index: number): OwnerStyle {
  const i = Math.max(0, index);
  const color = OWNER_COLORS[i % OWNER_COLORS.length]!;
  const pattern = OWNER_PATTERNS[i % OWNER_PATTERNS.length]!;
  return { color, pattern, patternId: `owner-pat-${i}` };
}
