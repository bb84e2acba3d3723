import { describe, expect, it } from 'vitest';
import { parseLscpu } from './lscpu';
import { cpusPerCore, cpusPerSocket, detailsOf, topologyFromCpuList } from './topology';
import { TOPOLOGY_PRESETS, topologyPreset } from './topologyPresets';
import { topologyFromShape } from './topologyShape';
import { unwrap } from './result';

describe('topology from a shape', () => {
  it('numbers thread 0 of every core first, so siblings sit far apart', () => {
    const t = unwrap(topologyFromShape({ sockets: 2, coresPerSocket: 16, threadsPerCore: 2 }));
    const d = detailsOf(t);
    expect(t.numCPUs).toBe(64);
    expect(d.cpusInCores(0)).toEqual([0, 32]);
    expect(d.cpusInSockets(1).slice(0, 3)).toEqual([16, 17, 18]);
    expect(cpusPerCore(t)).toBe(2);
    expect(cpusPerSocket(t)).toBe(32);
    expect([t.numSockets, t.numNUMANodes, t.numCores, t.numUncoreCache]).toEqual([2, 2, 32, 2]);
  });

  it('splits sockets into NUMA nodes and L3 groups', () => {
    const t = unwrap(
      topologyFromShape({
        sockets: 1,
        coresPerSocket: 64,
        threadsPerCore: 2,
        uncoreCachesPerSocket: 8,
      }),
    );
    const d = detailsOf(t);
    expect(d.uncoreCaches()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(d.cpusInUncoreCaches(1)).toEqual([
      8, 9, 10, 11, 12, 13, 14, 15, 72, 73, 74, 75, 76, 77, 78, 79,
    ]);
    const snc = unwrap(
      topologyFromShape({
        sockets: 2,
        numaNodesPerSocket: 2,
        coresPerSocket: 20,
        threadsPerCore: 2,
      }),
    );
    expect(detailsOf(snc).cpusInNUMANodes(1)).toEqual([
      ...Array.from({ length: 10 }, (_, i) => 10 + i),
      ...Array.from({ length: 10 }, (_, i) => 50 + i),
    ]);
    expect(detailsOf(snc).socketsInNUMANodes(2, 3)).toEqual([1]);
  });

  it('rejects shapes that do not divide evenly', () => {
    expect(
      topologyFromShape({
        sockets: 1,
        coresPerSocket: 6,
        threadsPerCore: 2,
        numaNodesPerSocket: 4,
      }),
    ).toEqual({
      ok: false,
      error: 'coresPerSocket (6) must be a multiple of numaNodesPerSocket (4)',
    });
    expect(topologyFromShape({ sockets: 0, coresPerSocket: 4, threadsPerCore: 2 }).ok).toBe(false);
  });
});

describe('lscpu -p parsing', () => {
  const text = [
    '# The following is the parsable format, which can be fed to other',
    '# programs. Each different item in every column has an unique ID',
    '# starting from zero.',
    '# CPU,Core,Socket,Node',
    '0,0,0,0',
    '1,1,0,0',
    '2,0,0,0',
    '3,1,0,0',
    '',
  ].join('\n');

  it('reads CPUs and renumbers cores to their lowest thread', () => {
    const t = unwrap(parseLscpu(text));
    expect(t.cpus.map((c) => [c.id, c.coreId, c.socketId, c.numaId, c.uncoreCacheId])).toEqual([
      [0, 0, 0, 0, 0],
      [1, 1, 0, 0, 0],
      [2, 0, 0, 0, 0],
      [3, 1, 0, 0, 0],
    ]);
    expect([t.numCPUs, t.numCores, t.numSockets, t.numNUMANodes]).toEqual([4, 2, 1, 1]);
  });

  it('takes the L3 id from a CACHE column and accepts an empty NODE', () => {
    const t = unwrap(
      parseLscpu(
        '# CPU,Core,Socket,Node,L1d:L1i:L2:L3\n0,0,0,,0:0:0:0\n1,1,0,,1:1:1:1\n2,2,1,,2:2:2:2',
      ),
    );
    expect(t.cpus.map((c) => [c.numaId, c.uncoreCacheId])).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
    ]);
    const def = unwrap(
      parseLscpu('# CPU,Core,Socket,Node,,L1d,L1i,L2,L3\n0,0,0,0,,0,0,0,5\n1,1,1,1,,1,1,1,6'),
    );
    expect(def.cpus.map((c) => c.uncoreCacheId)).toEqual([5, 6]);
    const noCache = unwrap(parseLscpu('0,0,1,0'));
    expect(noCache.cpus[0]?.uncoreCacheId).toBe(1); // Discover's fallback: the socket id
  });

  it('reports bad lines with their number', () => {
    expect(parseLscpu('# CPU,Core,Socket,Node\n0,0,0,0\n1,x,0,0')).toEqual({
      ok: false,
      error: 'lscpu line 3: CORE "x" is not a non-negative integer in "1,x,0,0"',
    });
    expect(parseLscpu('0,1').ok).toBe(false);
    expect(parseLscpu('# only comments')).toEqual({
      ok: false,
      error: 'lscpu output has no CPU lines',
    });
    expect(parseLscpu('0,0,0,0\n0,1,0,0')).toEqual({
      ok: false,
      error: 'lscpu: CPU list entry 1: CPU 0 appears twice',
    });
  });
});

describe('explicit CPU lists', () => {
  it('accepts the scenario names and counts like Discover', () => {
    const t = unwrap(
      topologyFromCpuList([
        { cpu: 0, core: 0, socket: 0, numa: 0 },
        { cpu: 1, core: 0, socket: 0, numa: 0 },
        { cpu: 2, core: 0, socket: 1, numa: 1 },
      ]),
    );
    expect(t.cpus.map((c) => c.coreId)).toEqual([0, 0, 2]);
    expect([t.numCores, t.numSockets, t.numNUMANodes, t.numUncoreCache]).toEqual([2, 2, 2, 2]);
    expect(topologyFromCpuList([{ cpu: 0, core: 0, socket: 0 }])).toEqual({
      ok: false,
      error: 'CPU list entry 0: numa must be a non-negative integer, got nothing',
    });
  });
});

describe('presets', () => {
  it('list real machines with labels and descriptions, and refuse unknown ids', () => {
    const ids = TOPOLOGY_PRESETS.map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining(['laptop', 'intel-2s-16c-ht', 'amd-epyc-64c-8ccd']));
    for (const p of TOPOLOGY_PRESETS)
      expect(p.label.length * p.description.length).toBeGreaterThan(0);
    expect(detailsOf(unwrap(topologyPreset('laptop'))).cpusInCores(1)).toEqual([1, 5]);
    expect(topologyPreset('nope').ok).toBe(false);
  });
});
