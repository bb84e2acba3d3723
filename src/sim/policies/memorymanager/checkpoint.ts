/**
 * /var/lib/kubelet/memory_manager_state (memorymanager/state/checkpoint.go
 * MemoryManagerCheckpoint; state_checkpoint.go storeState). The checksum is the kubelet's:
 * FNV-32a over dump.ForHash of the checkpoint with checksum 0 (spew's `%#v`: sorted map keys,
 * `<*>` for a pointer inside a map, element types left out). Checked against Kubernetes' own
 * state test (checksum 4215593881).
 */
import { fnv32a } from '../cpumanager/checkpoint';
import type { Block, ContainerMemoryAssignments, MemoryTable, NUMANodeMap } from './state';

function goIntKeys(m: object): number[] {
  return Object.keys(m)
    .map(Number)
    .sort((a, b) => a - b);
}

const TABLE_FIELDS = [
  ['TotalMemSize', 'totalMemSize', 'total'],
  ['SystemReserved', 'systemReserved', 'systemReserved'],
  ['Allocatable', 'allocatable', 'allocatable'],
  ['Reserved', 'reserved', 'reserved'],
  ['Free', 'free', 'free'],
] as const;

/** dump.ForHash(&MemoryManagerCheckpoint{..., Checksum: 0}). */
export function memoryCheckpointHashInput(
  policyName: string,
  ms: Readonly<NUMANodeMap>,
  entries: ContainerMemoryAssignments,
): string {
  const table = (t: MemoryTable) =>
    `<*>{${TABLE_FIELDS.map(([go, key]) => `${go}:(uint64)${t[key]}`).join(' ')}}`;
  const node = (id: number) => {
    const s = ms[id]!;
    const types = Object.keys(s.memoryMap)
      .sort()
      .map((r) => `${r}:${table(s.memoryMap[r]!)}`)
      .join(' ');
    return `${id}:<*>{NumberOfAssignments:(int)${s.numberOfAssignments} MemoryMap:(map[v1.ResourceName]*state.MemoryTable)map[${types}] Cells:([]int)[${s.cells.join(' ')}]}`;
  };
  const block = (b: Block) =>
    `{NUMAAffinity:([]int)[${b.numaAffinity.join(' ')}] Type:(v1.ResourceName)${b.type} Size:(uint64)${b.size}}`;
  const pods = Object.keys(entries)
    .sort()
    .map((pod) => {
      const cs = entries[pod]!;
      const containers = Object.keys(cs)
        .sort()
        .map((c) => `${c}:[${cs[c]!.map(block).join(' ')}]`)
        .join(' ');
      return `${pod}:map[${containers}]`;
    })
    .join(' ');
  return `(*state.MemoryManagerCheckpoint){PolicyName:(string)${policyName} MachineState:(state.NUMANodeMap)map[${goIntKeys(ms).map(node).join(' ')}] Entries:(state.ContainerMemoryAssignments)map[${pods}] Checksum:(checksum.Checksum)0}`;
}

/** encoding/json's map key order: keys sorted as strings. */
function stringKeyOrder(keys: readonly string[]): string[] {
  return [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * The file's bytes as json.Marshal writes them: policyName, machineState (NUMA ids sorted as
 * strings), entries (left out when empty: omitempty), checksum.
 */
export function memoryCheckpointJSON(
  policyName: string,
  ms: Readonly<NUMANodeMap>,
  entries: ContainerMemoryAssignments,
): string {
  const q = (s: string) => JSON.stringify(s);
  const table = (t: MemoryTable) =>
    `{${TABLE_FIELDS.map(([, key, json]) => `${q(json)}:${t[key]}`).join(',')}}`;
  const machine = stringKeyOrder(Object.keys(ms))
    .map((id) => {
      const s = ms[Number(id)]!;
      const map = stringKeyOrder(Object.keys(s.memoryMap))
        .map((r) => `${q(r)}:${table(s.memoryMap[r]!)}`)
        .join(',');
      return `${q(id)}:{"numberOfAssignments":${s.numberOfAssignments},"memoryMap":{${map}},"cells":[${s.cells.join(',')}]}`;
    })
    .join(',');
  const block = (b: Block) =>
    `{"numaAffinity":[${b.numaAffinity.join(',')}],"type":${q(b.type)},"size":${b.size}}`;
  const pods = stringKeyOrder(Object.keys(entries))
    .map((pod) => {
      const cs = entries[pod]!;
      const containers = stringKeyOrder(Object.keys(cs))
        .map((c) => `${q(c)}:[${cs[c]!.map(block).join(',')}]`)
        .join(',');
      return `${q(pod)}:{${containers}}`;
    })
    .join(',');
  const checksum = fnv32a(memoryCheckpointHashInput(policyName, ms, entries));
  return `{"policyName":${q(policyName)},"machineState":{${machine}},${pods === '' ? '' : `"entries":{${pods}},`}"checksum":${checksum}}`;
}
