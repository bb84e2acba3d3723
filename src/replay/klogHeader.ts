/**
 * The klog header (klog.go, internal/buffer FormatHeader): "Lmmdd hh:mm:ss.uuuuuu threadid
 * file:line] ". No year; the thread id is the PID padded to 7; `file` is a basename, or
 * "dir/file.go" with --add_dir_header.
 */
const HEADER =
  /^([IWEF])(\d{2})(\d{2}) (\d{2}):(\d{2}):(\d{2})\.(\d{6})\s+(\d+) ([^\s:\]]+):(\d+)\] ?/;

export interface KlogHeader {
  readonly severity: 'I' | 'W' | 'E' | 'F';
  readonly month: number;
  readonly day: number;
  /** Microseconds since midnight. */
  readonly usOfDay: number;
  readonly pid: number;
  /** Basename of the Go file ("kubelet.go"), directory dropped. */
  readonly file: string;
  /** Where the body starts in the line. */
  readonly bodyAt: number;
}

export function isKlogHeader(s: string): boolean {
  return HEADER.test(s);
}

export function parseKlogHeader(s: string): KlogHeader | null {
  const m = HEADER.exec(s);
  if (!m) return null;
  const month = Number(m[2]);
  const day = Number(m[3]);
  const h = Number(m[4]);
  const mi = Number(m[5]);
  const sec = Number(m[6]);
  if (month < 1 || month > 12 || day < 1 || day > 31 || h > 23 || mi > 59 || sec > 60) return null;
  const file = m[9]!;
  return {
    severity: m[1] as KlogHeader['severity'],
    month,
    day,
    usOfDay: ((h * 60 + mi) * 60 + sec) * 1_000_000 + Number(m[7]),
    pid: Number(m[8]),
    file: file.slice(file.lastIndexOf('/') + 1),
    bodyAt: m[0].length,
  };
}

/** Epoch µs of a month/day/time in `year` (UTC: the log carries no zone). */
export function epochUs(year: number, month: number, day: number, usOfDay: number): number {
  return Date.UTC(year, month - 1, day) * 1000 + usOfDay;
}
