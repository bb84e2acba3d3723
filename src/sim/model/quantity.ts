/**
 * Kubernetes resource quantities (k8s.io/apimachinery/pkg/api/resource: ParseQuantity, Value,
 * MilliValue, Cmp). The amount is kept exactly, as an integer count of nano-units in a BigInt, which
 * is Quantity's own precision: ParseQuantity rounds anything finer up to 1n, away from zero.
 */
import { err, ok, type Result } from './result';

/** An exact quantity: `nanos` × 10⁻⁹ units (cores for cpu, bytes for memory). */
export interface Quantity {
  readonly nanos: bigint;
}

// apimachinery's error texts (quantity.go).
export const ERR_FORMAT_WRONG =
  "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
export const ERR_SUFFIX = "unable to parse quantity's suffix";

const DECIMAL: Readonly<Record<string, number>> = {
  n: -9,
  u: -6,
  m: -3,
  '': 0,
  k: 3,
  M: 6,
  G: 9,
  T: 12,
  P: 15,
  E: 18,
};
const BINARY: Readonly<Record<string, number>> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };
const SUFFIX_CHARS = 'eEinumkKMGTP';
/** Decimal exponents beyond this are refused: Go would build the huge number, a tab would freeze. */
const MAX_EXPONENT = 64;

const TEN = 10n;
const NANO = 1_000_000_000n;

function pow10(e: number): bigint {
  return TEN ** BigInt(e);
}

// Divides rounding away from zero (inf.RoundUp on the magnitude).
function divUp(a: bigint, b: bigint): bigint {
  const q = a / b;
  return q * b === a ? q : a < 0n ? q - 1n : q + 1n;
}

interface Parts {
  negative: boolean;
  num: string;
  denom: string;
  suffix: string;
}

// parseQuantityString: sign, digits, optional ".digits", then a suffix of letters and an
// optional signed integer (for e/E exponents).
function split(str: string): Result<Parts> {
  let pos = 0;
  let negative = false;
  if (str[0] === '-' || str[0] === '+') {
    negative = str[0] === '-';
    pos = 1;
  }
  const digits = (from: number): number => {
    let i = from;
    while (i < str.length && (str[i] as string) >= '0' && (str[i] as string) <= '9') i++;
    return i;
  };
  let end = digits(pos);
  const num = str.slice(pos, end);
  pos = end;
  let denom = '';
  if (str[pos] === '.') {
    end = digits(pos + 1);
    denom = str.slice(pos + 1, end);
    pos = end;
  }
  const suffixStart = pos;
  while (pos < str.length && SUFFIX_CHARS.includes(str[pos] as string)) pos++;
  if (str[pos] === '-' || str[pos] === '+') pos++;
  if (digits(pos) !== str.length) return err(ERR_FORMAT_WRONG);
  return ok({ negative, num, denom, suffix: str.slice(suffixStart) });
}

/**
 * ParseQuantity: "500m", "2", "1.5", "128Mi", "2Gi", "1e3", "1k", "+.5", ... Errors use
 * apimachinery's texts. The result is rounded up to the nano unit, as Kubernetes does.
 */
export function parseQuantity(text: string | number): Result<Quantity> {
  const str = typeof text === 'number' ? String(text) : text;
  if (str.length === 0) return err(ERR_FORMAT_WRONG);
  const parts = split(str);
  if (!parts.ok) return parts;
  const { negative, num, denom, suffix } = parts.value;
  let base10Exp: number;
  let base2Exp = 0;
  if (suffix in DECIMAL) base10Exp = DECIMAL[suffix] as number;
  else if (suffix in BINARY) {
    base10Exp = 0;
    base2Exp = BINARY[suffix] as number;
  } else if (suffix.length > 1 && (suffix[0] === 'e' || suffix[0] === 'E')) {
    const exp = suffix.slice(1);
    if (!/^[+-]?[0-9]+$/.test(exp)) return err(ERR_SUFFIX);
    base10Exp = Number(exp);
    if (Math.abs(base10Exp) > MAX_EXPONENT)
      return err(`quantity exponent ${exp} is out of the supported range ±${MAX_EXPONENT}`);
  } else return err(ERR_SUFFIX);
  // Like Go, a number part without digits ("+", ".", or a bare suffix such as "Mi") reads as 0.
  const mantissa = BigInt((num === '' ? '0' : num) + denom);
  // value = mantissa × 10^(exp10 − |denom|) × 2^exp2, expressed in nanos (× 10⁹).
  const shift = base10Exp - denom.length + 9;
  let nanos = mantissa * (1n << BigInt(base2Exp));
  nanos = shift >= 0 ? nanos * pow10(shift) : divUp(nanos, pow10(-shift));
  return ok({ nanos: negative ? -nanos : nanos });
}

/** Value(): whole units, rounded up (away from zero), e.g. bytes; "1500m" → 2. */
export function quantityValue(q: Quantity): number {
  return Number(divUp(q.nanos, NANO));
}

/** MilliValue(): thousandths, rounded up (away from zero); "0.5" → 500. */
export function quantityMilliValue(q: Quantity): number {
  return Number(divUp(q.nanos, 1_000_000n));
}

/** Cmp(): −1, 0 or 1. */
export function compareQuantity(a: Quantity, b: Quantity): -1 | 0 | 1 {
  return a.nanos < b.nanos ? -1 : a.nanos > b.nanos ? 1 : 0;
}

/** Sum of quantities (Quantity.Add). */
export function addQuantity(a: Quantity, b: Quantity): Quantity {
  return { nanos: a.nanos + b.nanos };
}

export const ZERO_QUANTITY: Quantity = { nanos: 0n };

/** CPU text to millicores (MilliValue), e.g. "500m" → 500, "2" → 2000. */
export function toMillicores(text: string | number): Result<number> {
  const q = parseQuantity(text);
  return q.ok ? ok(quantityMilliValue(q.value)) : q;
}

/** Memory text to bytes (Value), e.g. "128Mi" → 134217728, "1G" → 1000000000. */
export function toBytes(text: string | number): Result<number> {
  const q = parseQuantity(text);
  return q.ok ? ok(quantityValue(q.value)) : q;
}

/** Parses text that must be valid (fixtures, constants); throws with apimachinery's text otherwise. */
export function mustParseQuantity(text: string | number): Quantity {
  const q = parseQuantity(text);
  if (!q.ok) throw new Error(`invalid quantity ${JSON.stringify(String(text))}: ${q.error}`);
  return q.value;
}

/** Decimal suffixes by power of ten, and binary ones by power of 1024 (resource.Quantity). */
export const DEC_SUFFIX: Record<number, string> = {
  0: '',
  3: 'k',
  6: 'M',
  9: 'G',
  12: 'T',
  15: 'P',
  18: 'E',
};
export const BIN_SUFFIX = ['', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei'];

/**
 * The quantity as the API server stores it (Quantity.CanonicalizeBytes: decimal amounts at the
 * largest exact power of 1000, binary ones at the largest exact power of 1024, binary below
 * 1024 written as decimal).
 */
export function canonicalQuantity(text: string | number): string {
  const s = String(text).trim();
  return formatQuantity(
    mustParseQuantity(s).nanos,
    /[KMGTPE]i$/.test(s) ? 'BinarySI' : 'DecimalSI',
  );
}

/**
 * Quantity.String in a format (resource.Format): BinarySI at the largest exact power of 1024
 * (decimal below 1024 or for a fraction), DecimalSI at the largest exact power of 1000,
 * DecimalExponent as "<n>e<exp>"; a fraction in m, u or n.
 */
export function formatQuantity(
  nanos: bigint,
  format: 'DecimalSI' | 'BinarySI' | 'DecimalExponent' | '',
): string {
  if (nanos === 0n) return '0';
  const NANO = 1_000_000_000n;
  const neg = nanos < 0n;
  const abs = neg ? -nanos : nanos;
  const sign = neg ? '-' : '';
  if (format === 'BinarySI' && abs % NANO === 0n && abs / NANO >= 1024n) {
    let v = abs / NANO;
    let e = 0;
    while (e < 6 && v % 1024n === 0n) {
      v /= 1024n;
      e++;
    }
    return `${sign}${v}${BIN_SUFFIX[e]}`;
  }
  if (abs % NANO === 0n) {
    let v = abs / NANO;
    let e = 0;
    while (e < 18 && v % 1000n === 0n) {
      v /= 1000n;
      e += 3;
    }
    return format === 'DecimalExponent'
      ? `${sign}${v}${e === 0 ? '' : `e${e}`}`
      : `${sign}${v}${DEC_SUFFIX[e] ?? ''}`;
  }
  for (const [div, suf] of [
    [1_000_000n, 'm'],
    [1_000n, 'u'],
  ] as const)
    if (abs % div === 0n) return `${sign}${abs / div}${suf}`;
  return `${sign}${abs}n`;
}
