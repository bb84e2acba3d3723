/**
 * lz-string's decompressFromEncodedURIComponent with limits. The library's own decoder
 * has none: LZ dictionary entries grow by one character per code, so a 64 KB link can
 * expand to hundreds of megabytes and freeze the tab. This port of lz-string 1.5
 * `_decompress` (WTFPL, pieroxy) stops as soon as the output passes `maxChars`, and
 * rejects characters outside the alphabet instead of reading them as zero.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$';
const VALUE = new Map<string, number>([...ALPHABET].map((ch, i) => [ch, i]));

export type InflateResult =
  { ok: true; text: string } | { ok: false; why: 'corrupt' | 'too-big' | 'bad-char' };

export function decompressUriSafeBounded(input: string, maxChars: number): InflateResult {
  // Some mail and chat clients turn "+" into a space; lz-string undoes that too.
  const data = input.replace(/ /g, '+');
  if (data === '') return { ok: false, why: 'corrupt' };
  const codes = new Uint8Array(data.length);
  for (let i = 0; i < data.length; i++) {
    const v = VALUE.get(data[i]!);
    if (v === undefined) return { ok: false, why: 'bad-char' };
    codes[i] = v;
  }
  const length = data.length;
  const resetValue = 32;
  let val = codes[0]!;
  let position = resetValue;
  let index = 1;

  const readBits = (n: number): number => {
    let bits = 0;
    for (let power = 1, i = 0; i < n; i++, power <<= 1) {
      const resb = val & position;
      position >>= 1;
      if (position === 0) {
        position = resetValue;
        val = index < length ? codes[index]! : 0;
        index++;
      }
      if (resb > 0) bits |= power;
    }
    return bits;
  };

  const dictionary: string[] = ['', '', ''];
  let dictSize = 4;
  let numBits = 3;
  let enlargeIn = 4;
  const result: string[] = [];

  let c: string;
  switch (readBits(2)) {
    case 0:
      c = String.fromCharCode(readBits(8));
      break;
    case 1:
      c = String.fromCharCode(readBits(16));
      break;
    case 2:
      return { ok: true, text: '' };
    default:
      return { ok: false, why: 'corrupt' };
  }
  dictionary[3] = c;
  let w = c;
  result.push(c);
  let total = 1;

  for (;;) {
    if (index > length) return { ok: false, why: 'corrupt' };
    let code = readBits(numBits);
    if (code === 0 || code === 1) {
      dictionary[dictSize++] = String.fromCharCode(readBits(code === 0 ? 8 : 16));
      code = dictSize - 1;
      enlargeIn--;
    } else if (code === 2) {
      return { ok: true, text: result.join('') };
    }
    if (enlargeIn === 0) {
      enlargeIn = 2 ** numBits;
      numBits++;
    }
    let entry = code >= 3 && code < dictSize ? dictionary[code] : undefined;
    if (entry === undefined) {
      if (code !== dictSize) return { ok: false, why: 'corrupt' };
      entry = w + w.charAt(0);
    }
    total += entry.length;
    if (total > maxChars) return { ok: false, why: 'too-big' };
    result.push(entry);
    dictionary[dictSize++] = w + entry.charAt(0);
    enlargeIn--;
    w = entry;
    if (enlargeIn === 0) {
      enlargeIn = 2 ** numBits;
      numBits++;
    }
  }
}
