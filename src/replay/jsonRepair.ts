/**
 * A JSON text cut short (a state file pasted partly, an excerpt's limit) made whole: cut back to
 * the last complete member or element and close what is open. Lines before the cut keep their
 * numbers, so records still point at their lines. Null when nothing complete remains.
 */
export function repairTruncatedJson(text: string): string | null {
  const stack: string[] = [];
  let inString = false;
  let escaped = false;
  /** Where a cut keeps only complete values, and the brackets open there. */
  let safe: { at: number; open: string } | null = null;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') {
      stack.push(ch);
      // An empty container just opened is complete once closed: cutting here keeps it empty.
      safe = { at: i + 1, open: stack.join('') };
    } else if (ch === '}' || ch === ']') {
      stack.pop();
      safe = { at: i + 1, open: stack.join('') };
      if (stack.length === 0) return text.slice(0, i + 1);
    } else if (ch === ',' && stack.length) safe = { at: i, open: stack.join('') };
  }
  if (!safe || safe.open === '') return null;
  let out = text.slice(0, safe.at).replace(/,\s*$/, '');
  for (let k = safe.open.length - 1; k >= 0; k--) out += safe.open[k] === '{' ? '}' : ']';
  return out;
}
