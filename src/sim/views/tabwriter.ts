/** Go tabwriter's tabwidth where kubectl pads with tabs. */
const TAB_WIDTH = 8;

/**
 * Go's text/tabwriter as kubectl describe configures it (minwidth 0, padding 2, spaces):
 * tab-terminated cells in consecutive lines form a column block padded to its widest cell.
 * With `padchar` '\t' (kubectl 1.3's tabbedString: Init(buf, 0, 8, 1, '\t', 0)) a column is
 * as wide as the next multiple of 8 and each cell is padded with tabs (writePadding).
 */
export function tabwrite(text: string, padding = 2, padchar: ' ' | '\t' = ' '): string {
  const lines = text.split('\n');
  const cells = lines.map((l) => l.split('\t'));
  const widths = cells.map((c) => new Array<number>(Math.max(0, c.length - 1)).fill(0));
  for (let j = 0; ; j++) {
    let any = false;
    let i = 0;
    while (i < cells.length) {
      if (cells[i]!.length - 1 > j) {
        any = true;
        let k = i;
        let w = 0;
        while (k < cells.length && cells[k]!.length - 1 > j) {
          w = Math.max(w, cells[k]![j]!.length);
          k++;
        }
        for (let m = i; m < k; m++) widths[m]![j] = w + padding;
        i = k;
      } else i++;
    }
    if (!any) break;
  }
  const pad =
    padchar === ' '
      ? (cell: string, w: number) => cell.padEnd(w)
      : (cell: string, w: number) => {
          const cellw = Math.ceil(w / TAB_WIDTH) * TAB_WIDTH;
          return cell + '\t'.repeat(Math.ceil((cellw - cell.length) / TAB_WIDTH));
        };
  return cells
    .map((c, i) =>
      c.map((cell, j) => (j < c.length - 1 ? pad(cell, widths[i]![j]!) : cell)).join(''),
    )
    .join('\n');
}
