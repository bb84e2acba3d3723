/**
 * Named machines for the UI and scenarios: every topology of Kubernetes' CPU manager tests (by its
 * Go fixture name) and a few real machines built with Linux CPU numbering.
 */
import { FIXTURE_TOPOLOGIES } from './fixtureTopologies';
import { err, ok, unwrap, type Result } from './result';
import type { CPUTopology } from './topology';
import { topologyFromShape, type TopologyShape } from './topologyShape';

/** A named topology. `build` returns a fresh object each call (plain data). */
export interface TopologyPreset {
  readonly id: string;
  readonly label: string;
  readonly description: string;
  /** 'machine': a real machine's shape; 'fixture': a Kubernetes unit-test fixture, kept verbatim. */
  readonly kind: 'machine' | 'fixture';
  readonly build: () => CPUTopology;
}

function machine(
  id: string,
  label: string,
  description: string,
  shape: TopologyShape,
): TopologyPreset {
  return { id, label, description, kind: 'machine', build: () => unwrap(topologyFromShape(shape)) };
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
];

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

/** The preset's topology, or an error listing the known ids. */
export function topologyPreset(id: string): Result<CPUTopology> {
  const p = TOPOLOGY_PRESETS.find((x) => x.id === id);
  if (p === undefined)
    return err(
      `unknown topology preset ${JSON.stringify(id)}; known: ${TOPOLOGY_PRESETS.map((x) => x.id).join(', ')}`,
    );
  return ok(p.build());
}
