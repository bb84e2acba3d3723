/**
 * One Event as kubectl prints it in a table row, in every layout people paste, header or not:
 *  - describe, ≥ 1.10: `Type  Reason  Age  From  Message` (`30s (x3 over 2m)`; From `kubelet` or
 *    `kubelet, node`);
 *  - describe, ≤ 1.9: `FirstSeen LastSeen Count From SubObjectPath [Type] Reason Message`, ages or
 *    RFC 1123 times, From `{kubelet node}`, tab separated in 1.0–1.2;
 *  - get events, ≥ 1.10: `[NAMESPACE] LAST SEEN TYPE REASON OBJECT MESSAGE` (`pod/name`);
 *  - get events, ≤ 1.9: `LASTSEEN FIRSTSEEN COUNT NAME KIND SUBOBJECT [TYPE] REASON SOURCE MESSAGE`;
 *  - describe of early 2015: `Time From SubobjectPath Reason Message`, tab separated;
 *  - a row with Age and From cut out: `Warning  FailedSync  <message>`.
 * Reasons of 2015 were lower case ("pulled"); they are capitalised as later releases print them.
 */
import { ageSeconds, rfc1123Us } from './times';

export interface EventRow {
  readonly type?: string;
  readonly reason: string;
  /** Seconds ago the first occurrence was (ages), else null. */
  readonly firstAgo: number | null;
  /** Absolute µs of the first occurrence (RFC 1123 times of 1.0–1.2), else null. */
  readonly firstUs: number | null;
  readonly count: number;
  readonly source: string;
  readonly objectKind?: string;
  readonly objectName?: string;
  readonly namespace?: string;
  readonly fieldPath?: string;
  readonly message: string;
  readonly layout: 'describe' | 'describe-old' | 'get' | 'get-old';
}

const AGE = String.raw`(?:\d+[ydhms])+|<unknown>|<invalid>`;
const RFC1123 = String.raw`\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} [+-]\d{4}`;
const SUBOBJ = String.raw`spec\.\w+\{[^}]+\}|implicitly required container \w+`;

const DESCRIBE = new RegExp(
  String.raw`^\s*(Normal|Warning)\s+(\w+)\s+((?:${AGE})(?: \(x(\d+) over (?:${AGE})\))?)\s+(\S+(?:, \S+)?|\S+)\s{2,}(.*)$`,
);
const DESCRIBE_OLD = new RegExp(
  String.raw`^\s*(${AGE})\s+(${AGE})\s+(\d+)\s+(\{[^}]*\}|kubelet, \S+|\S+)\s+(?:(${SUBOBJ})\s+)?(?:(Normal|Warning)\s+)?([A-Za-z]+)\s+(.*)$`,
);
const GET = new RegExp(
  String.raw`^(?:([a-z0-9][-a-z0-9]*)\s+)?(${AGE})\s+(Normal|Warning)\s+(\w+)\s+([a-z.]+)\/([a-z0-9][-a-z0-9.]*)\s+(.*)$`,
);
const GET_OLD = new RegExp(
  String.raw`^\s*(${AGE})\s+(${AGE})\s+(\d+)\s+([a-z0-9][-a-z0-9.]*)\s+([A-Z]\w+)\s+(?:(${SUBOBJ})\s+)?(?:(Normal|Warning)\s+)?([A-Za-z]+)\s+(\{[^}]*\})\s+(.*)$`,
);

const cap = (r: string) => r.charAt(0).toUpperCase() + r.slice(1);
const age = (s: string) => ageSeconds(s);

/** The row, or null when the line is no Event row of any layout. */
export function parseEventRow(line: string): EventRow | null {
  let m = DESCRIBE.exec(line);
  if (m) {
    const over = /\(x\d+ over ([^)]+)\)/.exec(m[3]!)?.[1];
    return {
      type: m[1]!,
      reason: m[2]!,
      firstAgo: age((over ?? m[3]!).split(' ')[0]!),
      firstUs: null,
      count: m[4] ? Number(m[4]) : 1,
      source: m[5]!,
      message: m[6]!,
      layout: 'describe',
    };
  }
  m = GET.exec(line);
  if (m)
    return {
      type: m[3]!,
      reason: m[4]!,
      firstAgo: age(m[2]!),
      firstUs: null,
      count: 1,
      source: '',
      objectKind: m[5]!,
      objectName: m[6]!,
      ...(m[1] ? { namespace: m[1] } : {}),
      message: m[7]!,
      layout: 'get',
    };
  m = GET_OLD.exec(line);
  if (m)
    return {
      ...(m[7] ? { type: m[7] } : {}),
      reason: cap(m[8]!),
      firstAgo: age(m[2]!),
      firstUs: null,
      count: Number(m[3]),
      source: m[9]!,
      objectKind: m[5]!,
      objectName: m[4]!,
      ...(m[6] ? { fieldPath: m[6] } : {}),
      message: m[10]!,
      layout: 'get-old',
    };
  m = DESCRIBE_OLD.exec(line);
  if (m)
    return {
      ...(m[6] ? { type: m[6] } : {}),
      reason: cap(m[7]!),
      firstAgo: age(m[1]!),
      firstUs: null,
      count: Number(m[3]),
      source: m[4]!,
      ...(m[5] ? { fieldPath: m[5] } : {}),
      message: m[8]!,
      layout: 'describe-old',
    };
  m = BARE.exec(line);
  if (m && ageSeconds(m[3]!.split(/\s/)[0]!) === null)
    return {
      type: m[1]!,
      reason: m[2]!,
      firstAgo: null,
      firstUs: null,
      count: 1,
      source: '',
      message: m[3]!,
      layout: 'describe',
    };
  return tabRow(line);
}

/** `Warning  FailedSync  <message>`: a row with its Age and From cut out. */
const BARE = /^\s*(Normal|Warning)\s+([A-Z][A-Za-z]+)\s{2,}(\S.*)$/;

/** 1.0–1.2: tab-separated cells with RFC 1123 times; empty SubobjectPath cells stay empty. */
function tabRow(line: string): EventRow | null {
  if (!line.includes('\t')) return null;
  const cells = line.trim().split('\t');
  const first = cells[0] ?? '';
  if (!new RegExp(`^${RFC1123}$`).test(first) && age(first) === null) return null;
  // Early 2015: `Time  From  SubobjectPath  Reason  Message` (one time, no count); a trailing
  // "%!v(MISSING)" cell is a formatting slip of that kubectl.
  const cellsAfter = cells.slice(1).filter((c) => c !== '' && c !== '%!v(MISSING)');
  if (/^\{[^}]*\}$/.test(cellsAfter[0] ?? '')) {
    let j = 1;
    const fp = new RegExp(`^(?:${SUBOBJ})$`).test(cellsAfter[j] ?? '')
      ? cellsAfter[j++]
      : undefined;
    const reason = cellsAfter[j++];
    if (!reason || !/^[A-Za-z]+$/.test(reason)) return null;
    return {
      reason: cap(reason),
      firstAgo: age(first),
      firstUs: rfc1123Us(first),
      count: 1,
      source: cellsAfter[0]!,
      ...(fp ? { fieldPath: fp } : {}),
      message: cellsAfter.slice(j).join(' '),
      layout: 'describe-old',
    };
  }
  const rest = cells.slice(2).filter((c) => c !== '');
  // count, from, [subobject], [type], reason, message…
  if (rest.length < 4 || !/^\d+$/.test(rest[0]!)) return null;
  let i = 2;
  const fieldPath = new RegExp(`^(?:${SUBOBJ})$`).test(rest[i] ?? '') ? rest[i++] : undefined;
  const type = /^(Normal|Warning)$/.test(rest[i] ?? '') ? rest[i++] : undefined;
  const reason = rest[i++];
  if (!reason || !/^[A-Za-z]+$/.test(reason)) return null;
  return {
    ...(type ? { type } : {}),
    reason: cap(reason),
    firstAgo: age(first),
    firstUs: rfc1123Us(first),
    count: Number(rest[0]),
    source: rest[1]!,
    ...(fieldPath ? { fieldPath } : {}),
    message: rest.slice(i).join(' '),
    layout: 'describe-old',
  };
}

/** "kubelet, node-1" / "{kubelet node-1}" → node-1, for a kubelet's row; else undefined. */
export function nodeOfSource(source: string): string | undefined {
  const m = /^\{?kubelet,? ([^\s}]+)\}?$/.exec(source);
  return m?.[1];
}
