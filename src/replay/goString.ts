/**
 * Go string literals as strconv.Quote writes them (klog quotes every message and
 * string value): "\"", "\\", "\n", "\t", "\xNN", "\uNNNN", "\UNNNNNNNN", octal "\NNN".
 */

export interface Quoted {
  readonly value: string;
  /** Index just past the closing quote. */
  readonly end: number;
}

const SIMPLE: Record<string, string> = {
  a: '\x07',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
  '"': '"',
  "'": "'",
};

/** Reads the Go-quoted string starting at s[i] === '"'; null if it is cut short or malformed. */
export function readGoString(s: string, i: number): Quoted | null {
  if (s[i] !== '"') return null;
  let out = '';
  let j = i + 1;
  while (j < s.length) {
    const c = s[j]!;
    if (c === '"') return { value: out, end: j + 1 };
    if (c === '\n') return null;
    if (c !== '\\') {
      // Copy a run of plain characters at once (most of a message).
      let k = j + 1;
      while (k < s.length && s[k] !== '"' && s[k] !== '\\' && s[k] !== '\n') k++;
      out += s.slice(j, k);
      j = k;
      continue;
    }
    const e = s[j + 1];
    if (e === undefined) return null;
    const simple = SIMPLE[e];
    if (simple !== undefined) {
      out += simple;
      j += 2;
    } else if (e === 'x' || e === 'u' || e === 'U') {
      const n = e === 'x' ? 2 : e === 'u' ? 4 : 8;
      const hex = s.slice(j + 2, j + 2 + n);
      if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== n) return null;
      const code = parseInt(hex, 16);
      out += code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd';
      j += 2 + n;
    } else if (e >= '0' && e <= '7') {
      const oct = s.slice(j + 1, j + 4);
      if (!/^[0-7]{3}$/.test(oct)) return null;
      out += String.fromCharCode(parseInt(oct, 8));
      j += 4;
    } else return null;
  }
  return null;
}
