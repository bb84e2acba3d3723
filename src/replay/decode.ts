/**
 * Input as it arrives: bytes in UTF-8 (with or without a byte order mark) or UTF-16 with its
 * BOM (what PowerShell's `>` and Notepad's "Unicode" write), decoded to text chunk by chunk so
 * the CLI can stream a file of any size. Bytes that are not valid in the detected encoding
 * become U+FFFD; nothing throws.
 */
export type InputEncoding = 'utf-8' | 'utf-16le' | 'utf-16be';

/** The encoding a file's first bytes announce, and how many BOM bytes to drop. */
export function sniffEncoding(head: Uint8Array): { encoding: InputEncoding; bom: number } {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf)
    return { encoding: 'utf-8', bom: 3 };
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', bom: 2 };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf-16be', bom: 2 };
  return { encoding: 'utf-8', bom: 0 };
}

/** UTF-16BE by swapping byte pairs into UTF-16LE (not every TextDecoder knows "utf-16be"). */
function swapPairs(b: Uint8Array): Uint8Array {
  const out = new Uint8Array(b.length);
  for (let i = 0; i + 1 < b.length; i += 2) {
    out[i] = b[i + 1]!;
    out[i + 1] = b[i]!;
  }
  if (b.length % 2) out[b.length - 1] = b[b.length - 1]!;
  return out;
}

export class InputDecoder {
  private decoder: TextDecoder | null = null;
  private swap = false;
  private head = new Uint8Array(0);
  /** Carried odd byte of a UTF-16BE stream (pairs are swapped whole). */
  private odd: number | null = null;
  encoding: InputEncoding = 'utf-8';

  /** Text decoded so far from `chunk` (empty until the first 3 bytes have arrived). */
  push(chunk: Uint8Array): string {
    if (!this.decoder) {
      const joined = new Uint8Array(this.head.length + chunk.length);
      joined.set(this.head);
      joined.set(chunk, this.head.length);
      if (joined.length < 3) {
        this.head = joined;
        return '';
      }
      const { encoding, bom } = sniffEncoding(joined);
      this.encoding = encoding;
      this.swap = encoding === 'utf-16be';
      this.decoder = new TextDecoder(this.swap ? 'utf-16le' : encoding, { ignoreBOM: true });
      this.head = new Uint8Array(0);
      return this.decode(joined.subarray(bom), true);
    }
    return this.decode(chunk, true);
  }

  /** The rest (a cut multi-byte sequence becomes U+FFFD). */
  end(): string {
    if (!this.decoder) {
      const { encoding, bom } = sniffEncoding(this.head);
      this.encoding = encoding;
      const d = new TextDecoder(encoding === 'utf-16be' ? 'utf-16le' : encoding, {
        ignoreBOM: true,
      });
      const rest = this.head.subarray(bom);
      return d.decode(encoding === 'utf-16be' ? swapPairs(rest) : rest);
    }
    const tail = this.odd !== null ? '\ufffd' : '';
    this.odd = null;
    return this.decoder.decode() + tail;
  }

  private decode(bytes: Uint8Array, stream: boolean): string {
    if (!this.swap) return this.decoder!.decode(bytes, { stream });
    let b = bytes;
    if (this.odd !== null) {
      const j = new Uint8Array(b.length + 1);
      j[0] = this.odd;
      j.set(b, 1);
      b = j;
      this.odd = null;
    }
    if (b.length % 2) {
      this.odd = b[b.length - 1]!;
      b = b.subarray(0, b.length - 1);
    }
    return this.decoder!.decode(swapPairs(b), { stream });
  }
}

/** Whole bytes to text (the page's File, tests). */
export function decodeInput(bytes: Uint8Array): string {
  const d = new InputDecoder();
  return d.push(bytes) + d.end();
}
