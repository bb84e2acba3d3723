/**
 * Reads `lscpu -p=CPU,CORE,SOCKET,NODE` (optionally with a CACHE column, or the default
 * `lscpu -p` layout with L1d,L1i,L2,L3 columns) into a topology, as the kubelet's Discover would
 * see the same machine: core ids become the lowest thread id of each core, the uncore (L3) id
 * comes from the L3 column when there is one and falls back to the socket id otherwise.
 */
import { err, ok, type Result } from './result';
import { topologyFromCpuList, type CPUTopology, type CpuListEntry } from './topology';

interface Columns {
  cpu: number;
  core: number;
  socket: number;
  node: number;
  /** Index of a column holding the L3 id, and which colon-separated part of it (or -1). */
  l3: number;
  l3Part: number;
}

const DEFAULT_COLUMNS: Columns = { cpu: 0, core: 1, socket: 2, node: 3, l3: 4, l3Part: 3 };

// The header is the last comment line that lists columns, e.g. "# CPU,Core,Socket,Node,,L1d,L1i,L2,L3".
function columnsFromHeader(header: string): Result<Columns> {
  const names = header.split(',').map((n) => n.trim().toLowerCase());
  const at = (n: string): number => names.indexOf(n);
  const cols: Columns = {
    cpu: at('cpu'),
    core: at('core'),
    socket: at('socket'),
    node: at('node'),
    l3: -1,
    l3Part: -1,
  };
  const missing = (['cpu', 'core', 'socket', 'node'] as const).filter((k) => cols[k] < 0);
  if (missing.length > 0)
    return err(
      `lscpu header "${header}" lacks column(s) ${missing.map((m) => m.toUpperCase()).join(', ')}`,
    );
  names.forEach((n, i) => {
    if (n === 'l3') {
      cols.l3 = i;
      cols.l3Part = -1;
    } else if (n.includes(':')) {
      const part = n.split(':').indexOf('l3');
      if (part >= 0) {
        cols.l3 = i;
        cols.l3Part = part;
      }
    }
  });
  return ok(cols);
}

function parseField(
  value: string | undefined,
  name: string,
  lineNo: number,
  line: string,
): Result<number> {
  const v = (value ?? '').trim();
  if (/^[0-9]+$/.test(v)) return ok(Number(v));
  return err(
    `lscpu line ${lineNo}: ${name} ${JSON.stringify(v)} is not a non-negative integer in ${JSON.stringify(line)}`,
  );
}

function l3Of(fields: readonly string[], cols: Columns): number | undefined {
  if (cols.l3 < 0) return undefined;
  const raw = (fields[cols.l3] ?? '').trim();
  const parts = raw.split(':');
  const v = cols.l3Part < 0 ? raw : parts.length > cols.l3Part ? (parts[cols.l3Part] ?? '') : '';
  return /^[0-9]+$/.test(v) ? Number(v) : undefined;
}

/** Parses lscpu's parsable output; errors name the line number and the offending text. */
export function parseLscpu(text: string): Result<CPUTopology> {
  let cols: Columns = DEFAULT_COLUMNS;
  const entries: CpuListEntry[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] as string).trim();
    const lineNo = i + 1;
    if (line === '') continue;
    if (line.startsWith('#')) {
      const body = line.slice(1).trim();
      if (/^cpu\s*,/i.test(body)) {
        const c = columnsFromHeader(body);
        if (!c.ok) return err(`lscpu line ${lineNo}: ${c.error}`);
        cols = c.value;
      }
      continue;
    }
    const fields = line.split(',');
    const need = Math.max(cols.cpu, cols.core, cols.socket, cols.node) + 1;
    // NODE may be empty (no NUMA support): lscpu then prints "0,0,0,".
    if (fields.length < need)
      return err(
        `lscpu line ${lineNo}: expected at least ${need} comma-separated fields (CPU,CORE,SOCKET,NODE), got ${fields.length} in ${JSON.stringify(line)}`,
      );
    const cpu = parseField(fields[cols.cpu], 'CPU', lineNo, line);
    if (!cpu.ok) return cpu;
    const core = parseField(fields[cols.core], 'CORE', lineNo, line);
    if (!core.ok) return core;
    const socket = parseField(fields[cols.socket], 'SOCKET', lineNo, line);
    if (!socket.ok) return socket;
    const nodeText = (fields[cols.node] ?? '').trim();
    const node = nodeText === '' ? ok(0) : parseField(nodeText, 'NODE', lineNo, line);
    if (!node.ok) return node;
    const l3 = l3Of(fields, cols);
    entries.push({
      cpu: cpu.value,
      core: core.value,
      socket: socket.value,
      numa: node.value,
      ...(l3 === undefined ? {} : { uncoreCache: l3 }),
    });
  }
  if (entries.length === 0) return err('lscpu output has no CPU lines');
  const topo = topologyFromCpuList(entries, { coreIds: 'lowestThread', uncoreFallback: 'socket' });
  return topo.ok ? topo : err(`lscpu: ${topo.error}`);
}
