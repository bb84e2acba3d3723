/**
 * Named machines for the UI and scenarios: every topology of Kubernetes' CPU manager tests (by its
 * Go fixture name) and a few real machines built with Linux CPU numbering.
 */
import { FIXTURE_TOPOLOGIES } from './fixtureTopologies';
import { err, ok, unwrap, type Result } from './result';
import type { CPUTopology } from './topology';
import { topologyFromShape, type TopologyShape } from './topologyShape';
import type { MachineExtras } from './nodeHardware';

/** A named topology. `build` returns a fresh object each call (plain data). */
export interface TopologyPreset {
  readonly id: string;
  readonly label: string;
  readonly description: string;
  /** 'machine': a real machine's shape; 'fixture': a Kubernetes unit-test fixture, kept verbatim. */
  readonly kind: 'machine' | 'fixture';
  readonly build: () => CPUTopology;
  /** Devices, NUMA memory (and, in `build`, distances) of a machine that has them. */
  readonly hardware?: MachineExtras;
}

function machine(
  id: string,
  label: string,
  description: string,
  shape: TopologyShape,
  extras?: { hardware: MachineExtras; distances: readonly (readonly number[])[] },
): TopologyPreset {
  const build = (): CPUTopology => {
    const t = unwrap(topologyFromShape(shape));
    if (!extras) return t;
    const numaDistances: Record<number, readonly number[]> = {};
    extras.distances.forEach((row, i) => (numaDistances[i] = row));
    return { ...t, numaDistances };
  };
  return {
    id,
    label,
    description,
    kind: 'machine',
    build,
    ...(extras ? { hardware: extras.hardware } : {}),
  };
}

const MACHINES: readonly TopologyPreset[] = [
  machine(
    'laptop',
    'Laptop (1 socket, 4 cores, 8 CPUs)',
    'A 4-core, 8-thread laptop: CPU n and n+4 are the two threads of core n.',
    { sockets: 1, coresPerSocket: 4, threadsPerCore: 2 },
  ),
  machine(
    'intel-2s-16c-ht',
    'Intel 2-socket server (2 × 16 cores, 64 CPUs)',
    'Two Xeon sockets, one NUMA node each, hyper-threading on. Linux numbers thread 0 of all 32 cores first, so CPU 0 and CPU 32 are siblings; socket 1 starts at CPU 16.',
    { sockets: 2, coresPerSocket: 16, threadsPerCore: 2 },
  ),
  machine(
    'intel-2s-20c-snc2',
    'Intel 2-socket with sub-NUMA clustering (4 NUMA nodes, 80 CPUs)',
    'Two 20-core Xeons with SNC-2: each socket splits into two NUMA nodes of 10 cores. More NUMA nodes than sockets, so the allocator fills whole sockets before whole NUMA nodes.',
    { sockets: 2, numaNodesPerSocket: 2, coresPerSocket: 20, threadsPerCore: 2 },
  ),
  machine(
    'amd-epyc-64c-8ccd',
    'AMD EPYC, 1 socket, 64 cores in 8 CCDs (128 CPUs)',
    'One 64-core EPYC (NPS1: a single NUMA node) whose cores sit in 8 CCDs of 8 cores, each with its own L3 (uncore) cache: what prefer-align-cpus-by-uncorecache aligns to.',
    { sockets: 1, coresPerSocket: 64, threadsPerCore: 2, uncoreCachesPerSocket: 8 },
  ),
  machine(
    'amd-epyc-2s-nps4',
    'AMD EPYC 2-socket, NPS4 (8 NUMA nodes, 256 CPUs)',
    'Two 64-core EPYCs in NPS4 mode: 4 NUMA nodes and 8 L3 groups per socket. The most NUMA nodes the topology manager accepts.',
    {
      sockets: 2,
      numaNodesPerSocket: 4,
      coresPerSocket: 64,
      threadsPerCore: 2,
      uncoreCachesPerSocket: 8,
    },
  ),
  machine(
    'gpu-2s-8gpu',
    'GPU training node (2 sockets, 8 GPUs, 8 NICs, 224 CPUs)',
    'A DGX H100-class training server: two 56-core Xeons, one NUMA node each (SLIT 10/21), 1 TiB of memory per NUMA node, 8 GPUs and 8 ConnectX NICs, four of each under each socket (GPUs 0-3 and NICs 0-3 on NUMA 0). A pod asking for 4 GPUs and its CPUs fits one NUMA node; 5 GPUs cannot be aligned.',
    { sockets: 2, coresPerSocket: 56, threadsPerCore: 2 },
    {
      distances: [
        [10, 21],
        [21, 10],
      ],
      hardware: {
        memory: { perNumaNode: '1Ti' },
        devices: [
          { resource: 'nvidia.com/gpu', numaNode: 0, count: 4 },
          { resource: 'nvidia.com/gpu', numaNode: 1, count: 4 },
          { resource: 'nvidia.com/mlnxnics', numaNode: 0, count: 4 },
          { resource: 'nvidia.com/mlnxnics', numaNode: 1, count: 4 },
        ],
      },
    },
  ),
  machine(
    'sriov-4numa',
    'SR-IOV node (2 sockets, 4 NUMA nodes, 32 VFs, 80 CPUs)',
    'A telco worker: two 20-core Xeons with sub-NUMA clustering (4 NUMA nodes; SLIT 10 local, 12 within a socket, 21 across), 96 GiB and 32 × 1Gi hugepages per NUMA node, and two E810 NICs whose 16 SR-IOV virtual functions each sit on NUMA 0 and NUMA 2. Under prefer-closest-numa-nodes a pod that needs two NUMA nodes takes two of one socket.',
    { sockets: 2, numaNodesPerSocket: 2, coresPerSocket: 20, threadsPerCore: 2 },
    {
      distances: [
        [10, 12, 21, 21],
        [12, 10, 21, 21],
        [21, 21, 10, 12],
        [21, 21, 12, 10],
      ],
      hardware: {
        memory: { perNumaNode: '96Gi', hugepages1GiPerNumaNode: 32 },
        devices: [
          {
            resource: 'intel.com/sriov_netdevice',
            numaNode: 0,
            count: 16,
            ids: Array.from({ length: 16 }, (_, i) => `0000:18:${pci(i)}`),
          },
          {
            resource: 'intel.com/sriov_netdevice',
            numaNode: 2,
            count: 16,
            ids: Array.from({ length: 16 }, (_, i) => `0000:af:${pci(i)}`),
          },
        ],
      },
    },
  ),
];

/** The PCI device.function of a NIC's i-th virtual function (8 functions per device from 01). */
function pci(i: number): string {
  return `${String(1 + Math.floor(i / 8)).padStart(2, '0')}.${i % 8}`;
}

const FIXTURE_NOTES: Readonly<Record<string, string>> = {
  topoSingleSocketHT: '1 socket, 4 cores, 8 CPUs; CPU n and n+4 are siblings.',
  topoDualSocketHT:
    '2 sockets, 6 cores, 12 CPUs; even cores on socket 0, odd on socket 1; CPU c+6 is the sibling of c.',
  topoDualSocketNoHT: '2 sockets, 8 cores, no SMT; CPUs 0-3 on socket 0, 4-7 on socket 1.',
  topoTripleSocketHT:
    '3 sockets, 9 cores, 18 CPUs; siblings are adjacent (2n, 2n+1); CPUs 0-5 are on socket 1.',
  topoQuadSocketFourWayHT:
    'A Knights Landing dump: 4 sockets, 72 cores, 4 threads per core, irregular ids.',
  topoDualSocketMultiNumaPerSocketHT:
    'Dual Xeon Gold 6230: 2 sockets, 4 NUMA nodes (0-9,40-49 / 10-19,50-59 / ...), 80 CPUs.',
  fakeTopoMultiSocketDualSocketPerNumaHT:
    'The Gold 6230 with sockets and NUMA nodes swapped: 4 sockets in 2 NUMA nodes.',
  topoDualSocketMultiNumaPerSocketHTLarge:
    'Dual AMD EPYC 7742 in NPS4: 2 sockets, 8 NUMA nodes of 16 cores, 256 CPUs.',
  cadvisorTwoNUMANode12CPUs:
    'The cAdvisor machine of the topology-hint tests: 2 NUMA nodes of 3 cores, 12 CPUs, socket id unset.',
};

const FIXTURES: readonly TopologyPreset[] = Object.entries(FIXTURE_TOPOLOGIES).map(
  ([id, build]) => ({
    id,
    label: `Kubernetes test fixture ${id}`,
    description:
      `${FIXTURE_NOTES[id] ?? ''} Declared counts are kept exactly as in the Go test, even where they are unset (0).`.trim(),
    kind: 'fixture' as const,
    build,
  }),
);

/** Every preset, real machines first. */
export const TOPOLOGY_PRESETS: readonly TopologyPreset[] = [...MACHINES, ...FIXTURES];

/** The devices and memory of a named machine (none for the others). */
export function topologyPresetHardware(id: string): MachineExtras {
  return TOPOLOGY_PRESETS.find((x) => x.id === id)?.hardware ?? {};
}

/** The preset's topology, or an error listing the known ids. */
export function topologyPreset(id: string): Result<CPUTopology> {
  const p = TOPOLOGY_PRESETS.find((x) => x.id === id);
  if (p === undefined)
    return err(
      `unknown topology preset ${JSON.stringify(id)}; known: ${TOPOLOGY_PRESETS.map((x) => x.id).join(', ')}`,
    );
  return ok(p.build());
}
