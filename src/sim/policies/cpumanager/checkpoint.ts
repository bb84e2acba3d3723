/**
 * The cpu_manager_state checkpoint file (cpumanager/state/checkpoint.go @e0a566e7, V2 format;
 * state_checkpoint.go storeState/restoreState).
 *
 * The checksum is computed as the kubelet does: FNV-32a over `dump.ForHash(cp)`, i.e. spew's
 * `%#v` of the *CPUManagerCheckpoint with Checksum 0 (sorted map keys, no pointer addresses, map
 * values without type prefixes). Checked against checksums in Kubernetes' own state tests
 * (354655845, 3610638499 and the V1 1694838852).
 */
import { formatCPUSet, parseCPUSet, type CPUSet } from '../../model/cpuset';
import { err, ok, type Result } from '../../model/result';
import type { CpuManagerState } from './state';

/** The file's JSON object (Go struct CPUManagerCheckpoint). */
export interface CPUManagerCheckpoint {
  readonly policyName: string;
  readonly defaultCpuSet: string;
  readonly entries?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  readonly checksum: number;
}

/** FNV-1a, 32 bits, over the UTF-8 bytes of `text` (hash/fnv New32a). */
export function fnv32a(text: string): number {
  let h = 0x811c9dc5;
  for (const b of new TextEncoder().encode(text)) {
    h ^= b;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

function spewStringMap(m: Readonly<Record<string, string>>): string {
  return `map[${Object.keys(m)
    .sort()
    .map((k) => `${k}:${m[k] ?? ''}`)
    .join(' ')}]`;
}

/** dump.ForHash of the checkpoint with checksum 0. */
export function checkpointHashInput(
  policyName: string,
  defaultCpuSet: string,
  entries: Readonly<Record<string, Readonly<Record<string, string>>>>,
): string {
  const pods = Object.keys(entries)
    .sort()
    .map((pod) => `${pod}:${spewStringMap(entries[pod] ?? {})}`)
    .join(' ');
  return `(*state.CPUManagerCheckpoint){PolicyName:(string)${policyName} DefaultCPUSet:(string)${defaultCpuSet} Entries:(map[string]map[string]string)map[${pods}] Checksum:(checksum.Checksum)0}`;
}

/** checksum.New(cp) for a V2 checkpoint. */
export function checkpointChecksum(
  policyName: string,
  defaultCpuSet: string,
  entries: Readonly<Record<string, Readonly<Record<string, string>>>>,
): number {
  return fnv32a(checkpointHashInput(policyName, defaultCpuSet, entries));
}

/** storeState: the checkpoint object for a state. */
export function toCheckpoint(s: CpuManagerState): CPUManagerCheckpoint {
  const entries: Record<string, Record<string, string>> = {};
  for (const pod of Object.keys(s.assignments).sort()) {
    const containers = s.assignments[pod] ?? {};
    const row: Record<string, string> = {};
    for (const c of Object.keys(containers).sort()) row[c] = formatCPUSet(containers[c] as CPUSet);
    entries[pod] = row;
  }
  const defaultCpuSet = formatCPUSet(s.defaultCpuSet);
  const checksum = checkpointChecksum(s.policyName, defaultCpuSet, entries);
  return Object.keys(entries).length === 0
    ? { policyName: s.policyName, defaultCpuSet, checksum }
    : { policyName: s.policyName, defaultCpuSet, entries, checksum };
}

/** The file's bytes, as json.Marshal writes them (field order of the struct, sorted map keys, no spaces). */
export function checkpointJSON(s: CpuManagerState): string {
  return JSON.stringify(toCheckpoint(s));
}

function isStringRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * restoreState from the file's text: verifies the checksum (0 is accepted, for the old file
 * backend) and parses every cpuset, with the kubelet's error texts. cpusToReuse starts empty.
 */
export function parseCheckpoint(text: string): Result<CpuManagerState> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return err(`invalid checkpoint JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (!isStringRecord(raw)) return err('invalid checkpoint JSON: not an object');
  // Go's encoding/json matches field names case-insensitively ("defaultCPUSet" works too).
  const field = (name: string): unknown => {
    const key = Object.keys(raw).find((k) => k.toLowerCase() === name.toLowerCase());
    return key === undefined ? undefined : raw[key];
  };
  const policyName = field('policyName') ?? '';
  const defaultText = field('defaultCpuSet') ?? '';
  const entriesRaw = field('entries') ?? {};
  const checksum = field('checksum') ?? 0;
  if (
    typeof policyName !== 'string' ||
    typeof defaultText !== 'string' ||
    typeof checksum !== 'number' ||
    !isStringRecord(entriesRaw)
  )
    return err('invalid checkpoint JSON: unexpected field types');
  const entries: Record<string, Record<string, string>> = {};
  for (const [pod, row] of Object.entries(entriesRaw)) {
    if (!isStringRecord(row))
      return err(
        `json: cannot unmarshal string into Go struct field CPUManagerCheckpointV2.entries`,
      );
    entries[pod] = {};
    for (const [c, v] of Object.entries(row)) {
      if (typeof v !== 'string') return err('invalid checkpoint JSON: entries must hold strings');
      entries[pod][c] = v;
    }
  }
  if (checksum !== 0 && checksum !== checkpointChecksum(policyName, defaultText, entries))
    return err('checkpoint is corrupted');
  const def = parseCPUSet(defaultText);
  if (!def.ok)
    return err(`could not parse default cpu set ${JSON.stringify(defaultText)}: ${def.error}`);
  const assignments: Record<string, Record<string, CPUSet>> = {};
  for (const pod of Object.keys(entries).sort()) {
    assignments[pod] = {};
    for (const c of Object.keys(entries[pod] ?? {}).sort()) {
      const t = entries[pod]?.[c] ?? '';
      const cs = parseCPUSet(t);
      if (!cs.ok)
        return err(
          `could not parse cpuset ${JSON.stringify(t)} for container ${JSON.stringify(c)} in pod ${JSON.stringify(pod)}: ${cs.error}`,
        );
      assignments[pod][c] = cs.value;
    }
  }
  return ok({ policyName, defaultCpuSet: def.value, assignments, cpusToReuse: {} });
}
