/**
 * How many screen lines a log line takes once wrapped in a monospace column of `cols`
 * characters, continuation lines indented by `indent` characters (a hanging indent, so a
 * wrapped line reads as one entry). The list breaks lines at any character (CSS
 * `line-break: anywhere`), so the count is exact for monospace text.
 */
export function wrappedLines(length: number, cols: number, indent: number): number {
  const c = Math.floor(cols);
  if (length <= c || c < 1) return 1;
  // A column too narrow for the indent still shows at least one character per line.
  const rest = Math.max(1, c - indent);
  return 1 + Math.ceil((length - c) / rest);
}

/** Row tops (px) for lines of the given lengths, plus the total height as the last entry. */
export function rowOffsets(
  lengths: ArrayLike<number>,
  cols: number,
  indent: number,
  lineHeight: number,
): Float64Array {
  const out = new Float64Array(lengths.length + 1);
  for (let i = 0; i < lengths.length; i++)
    out[i + 1] = out[i]! + wrappedLines(lengths[i]!, cols, indent) * lineHeight;
  return out;
}

/**
 * Index of the row that contains pixel `y` (offsets as rowOffsets returns them), among the
 * first `rows` rows (all of them unless given).
 */
export function rowAt(offsets: Float64Array, y: number, rows = offsets.length - 1): number {
  let lo = 0;
  let hi = Math.min(rows, offsets.length - 1) - 1;
  if (hi < 0) return 0;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (offsets[mid]! <= y) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
