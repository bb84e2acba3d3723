/**
 * Who holds the node's devices and NUMA memory over a run, for the diagram: the device and
 * memory managers' snapshots (resourceAssignments records) with their holders as container
 * keys ("ns/pod/container"), looked up at a cursor. A record at step s describes the state
 * once step s has been applied (cursor > s).
 */

/** A device held at the cursor. */
export interface HeldDevice {
  readonly resource: string;
  readonly id: string;
  readonly holder: string;
}

/** One NUMA node's table of a memory type (memory_manager_state's machineState). */
export interface MemoryTable {
  readonly total: number;
  readonly systemReserved: number;
  readonly allocatable: number;
  readonly reserved: number;
  readonly free: number;
}

export interface MemoryBlock {
  readonly holder: string;
  readonly type: string;
  readonly size: number;
  readonly numa: readonly number[];
}

export interface ResourceSnap {
  readonly devices: readonly HeldDevice[];
  /** The static memory manager's state; null under the None policy. */
  readonly memory: {
    readonly nodes: Readonly<Record<string, Readonly<Record<string, MemoryTable>>>>;
    readonly blocks: readonly MemoryBlock[];
  } | null;
}

export interface ResourceHistory {
  /** Record steps, ascending; snaps[i] holds from steps[i] + 1 on. */
  readonly steps: readonly number[];
  readonly snaps: readonly ResourceSnap[];
}

/** The record's shape (trace.types ResourceAssignmentsData), kept structural here. */
interface RecordLike {
  readonly kind: string;
  readonly step: number;
  readonly data: unknown;
}
interface SnapData {
  devices: { uid: string; container: string; resource: string; ids: string[] }[];
  memory: {
    blocks: { uid: string; container: string; type: string; size: number; numa: number[] }[];
    nodes: Record<string, Record<string, MemoryTable>>;
  } | null;
}

/** The history of a run's resourceAssignments records (undefined when it has none). */
export function buildResourceHistory(
  records: readonly RecordLike[],
  podKeyOf: (uid: string) => string | undefined,
): ResourceHistory | undefined {
  const steps: number[] = [];
  const snaps: ResourceSnap[] = [];
  const holder = (uid: string, c: string) => `${podKeyOf(uid) ?? uid}/${c}`;
  for (const r of records) {
    if (r.kind !== 'resourceAssignments') continue;
    const d = r.data as SnapData;
    const snap: ResourceSnap = {
      devices: d.devices.flatMap((e) =>
        e.ids.map((id) => ({ resource: e.resource, id, holder: holder(e.uid, e.container) })),
      ),
      memory:
        d.memory === null
          ? null
          : {
              nodes: d.memory.nodes,
              blocks: d.memory.blocks.map((b) => ({
                holder: holder(b.uid, b.container),
                type: b.type,
                size: b.size,
                numa: b.numa,
              })),
            },
    };
    if (steps.length > 0 && steps[steps.length - 1] === r.step) snaps[snaps.length - 1] = snap;
    else {
      steps.push(r.step);
      snaps.push(snap);
    }
  }
  return steps.length === 0 ? undefined : { steps, snaps };
}

/** The snapshot in force at a cursor (steps applied), or null before the first. */
export function resourcesAt(h: ResourceHistory | undefined, cursor: number): ResourceSnap | null {
  if (!h) return null;
  let lo = 0;
  let hi = h.steps.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((h.steps[mid] as number) < cursor) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found < 0 ? null : (h.snaps[found] ?? null);
}

/** Every container that holds a device or memory at some point, in first-seen order. */
export function resourceHolders(h: ResourceHistory | undefined): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const s of h?.snaps ?? []) {
    for (const d of s.devices)
      if (!seen.has(d.holder)) {
        seen.add(d.holder);
        out.push(d.holder);
      }
    for (const b of s.memory?.blocks ?? [])
      if (!seen.has(b.holder)) {
        seen.add(b.holder);
        out.push(b.holder);
      }
  }
  return out;
}

/** A NUMA node's memory of one type at a snapshot: its table, and who holds what of it. */
export interface NodeMemory {
  readonly table: MemoryTable | null;
  /** Holders of blocks on this node alone; null: blocks spread over a group of NUMA nodes. */
  readonly segments: readonly { readonly holder: string | null; readonly bytes: number }[];
}

/**
 * What one NUMA node's bar shows: each container's single-node blocks, and what blocks spread
 * over several nodes hold here (the node's reserved bytes not accounted for by the former:
 * the kubelet fills a group's nodes in order, which the state does not record per block).
 */
export function memoryOnNode(snap: ResourceSnap | null, numa: number, type: string): NodeMemory {
  const table = snap?.memory?.nodes[String(numa)]?.[type] ?? null;
  if (!table || !snap?.memory) return { table, segments: [] };
  const byHolder = new Map<string, number>();
  for (const b of snap.memory.blocks)
    if (b.type === type && b.numa.length === 1 && b.numa[0] === numa && b.size > 0)
      byHolder.set(b.holder, (byHolder.get(b.holder) ?? 0) + b.size);
  const segments: { holder: string | null; bytes: number }[] = [...byHolder].map(
    ([holder, bytes]) => ({ holder, bytes }),
  );
  const single = segments.reduce((n, s) => n + s.bytes, 0);
  if (table.reserved > single) segments.push({ holder: null, bytes: table.reserved - single });
  return { table, segments };
}

/** Bytes as the kubelet's users read them: "1.5Gi", "512Mi", "0". */
export function formatBytes(n: number): string {
  if (n === 0) return '0';
  const units = ['', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi'];
  let v = n;
  let u = 0;
  while (Math.abs(v) >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  const text = Number.isInteger(v) ? String(v) : v.toFixed(v < 10 ? 2 : 1).replace(/\.?0+$/, '');
  return `${text}${units[u]}`;
}
