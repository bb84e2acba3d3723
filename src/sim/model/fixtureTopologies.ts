/**
 * The CPU topologies of Kubernetes' CPU manager tests (pkg/kubelet/cm/cpumanager/policy_test.go
 * and topology_hints_test.go), rebuilt exactly: same CPU/core/socket/NUMA ids and the same
 * hand-set Num* fields, including the NumNUMANodes = 0 that several fixtures leave unset (it
 * decides NUMA-first ordering). Uncore ids are 0, the Go zero value. A unit test compares every
 * one of them with tests/fixtures/cpu-assignment.json.
 */
import { unwrap } from './result';
import {
  topologyFromCpuList,
  type CPUTopology,
  type CpuListEntry,
  type DeclaredCounts,
} from './topology';

function build(
  n: number,
  at: (id: number) => { core: number; socket: number; numa: number },
  declared: DeclaredCounts,
): CPUTopology {
  const list: CpuListEntry[] = [];
  for (let id = 0; id < n; id++) list.push({ id, ...at(id) });
  return unwrap(
    topologyFromCpuList(list, { declared, coreIds: 'asGiven', uncoreFallback: 'zero' }),
  );
}

// topoQuadSocketFourWayHT is a real Knights Landing dump: irregular ids, so it is stored as data.
const QUAD_CORES =
  '0,64,65,66,67,68,69,70,71,72,73,74,75,64,65,66,67,68,69,70,71,72,73,74,75,64,65,66,67,68,69,70,71,72,73,74,75,63,' +
  '64,65,66,67,68,69,70,71,72,73,74,75,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,18,19,20,21,22,23,24,25,26,27,28,29,30,' +
  '31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,60,61,62,63';
const QUAD_TAIL =
  '0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,' +
  '43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,60,61,62,63';
const QUAD_SOCKETS =
  '000112233001100112233001100112233001130011223300110112233001122331122330011223300112233001122330011223300' +
  '2233001122330011223311223300112233001122330011223300112233002233001122330011223311223300112233001122330011' +
  '223300112233002233001122330011223311223300112233001122330011223300112233002233';

function quadSocketFourWayHT(): CPUTopology {
  // The last block of 60 core ids repeats three times, the last time without its final id.
  const cores = `${QUAD_CORES},${QUAD_TAIL},${QUAD_TAIL},${QUAD_TAIL}`
    .split(',')
    .map(Number)
    .slice(0, 288);
  return build(
    288,
    (id) => {
      const s = Number(QUAD_SOCKETS[id]);
      return { core: cores[id] as number, socket: s, numa: s };
    },
    { NumCPUs: 288, NumSockets: 4, NumCores: 72, NumNUMANodes: 0 },
  );
}

const TRIPLE_SOCKET_OF_CORE = [1, 1, 1, 0, 0, 0, 2, 2, 2];

/** Builders keyed by the Go fixture name; each call returns a fresh topology object. */
export const FIXTURE_TOPOLOGIES: Readonly<Record<string, () => CPUTopology>> = {
  topoSingleSocketHT: () =>
    build(8, (id) => ({ core: id % 4, socket: 0, numa: 0 }), {
      NumCPUs: 8,
      NumSockets: 1,
      NumCores: 4,
      NumNUMANodes: 0,
    }),
  topoDualSocketHT: () =>
    build(12, (id) => ({ core: id % 6, socket: id % 2, numa: id % 2 }), {
      NumCPUs: 12,
      NumSockets: 2,
      NumCores: 6,
      NumNUMANodes: 0,
    }),
  topoDualSocketNoHT: () =>
    build(8, (id) => ({ core: id, socket: id < 4 ? 0 : 1, numa: id < 4 ? 0 : 1 }), {
      NumCPUs: 8,
      NumSockets: 2,
      NumCores: 8,
      NumNUMANodes: 0,
    }),
  topoTripleSocketHT: () =>
    build(
      18,
      (id) => {
        const core = Math.floor(id / 2);
        const s = TRIPLE_SOCKET_OF_CORE[core] as number;
        return { core, socket: s, numa: s };
      },
      { NumCPUs: 18, NumSockets: 3, NumCores: 9, NumNUMANodes: 0 },
    ),
  topoQuadSocketFourWayHT: quadSocketFourWayHT,
  topoDualSocketMultiNumaPerSocketHT: () =>
    build(
      80,
      (id) => ({ core: id % 40, socket: id % 40 < 20 ? 0 : 1, numa: Math.floor((id % 40) / 10) }),
      {
        NumCPUs: 80,
        NumSockets: 2,
        NumCores: 40,
        NumNUMANodes: 4,
      },
    ),
  fakeTopoMultiSocketDualSocketPerNumaHT: () =>
    build(
      80,
      (id) => ({ core: id % 40, socket: Math.floor((id % 40) / 10), numa: id % 40 < 20 ? 0 : 1 }),
      {
        NumCPUs: 80,
        NumSockets: 4,
        NumCores: 40,
        NumNUMANodes: 2,
      },
    ),
  topoDualSocketMultiNumaPerSocketHTLarge: () =>
    build(
      256,
      (id) => ({
        core: id % 128,
        socket: id % 128 < 64 ? 0 : 1,
        numa: Math.floor((id % 128) / 16),
      }),
      { NumCPUs: 256, NumSockets: 2, NumCores: 128, NumNUMANodes: 8 },
    ),
  cadvisorTwoNUMANode12CPUs: () =>
    build(12, (id) => ({ core: id % 6, socket: 0, numa: id % 6 < 3 ? 0 : 1 }), {
      NumCPUs: 12,
      NumSockets: 0,
      NumCores: 6,
      NumNUMANodes: 2,
    }),
};
