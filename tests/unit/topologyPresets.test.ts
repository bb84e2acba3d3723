/** Every topology of Kubernetes' vectors file is a preset, rebuilt exactly (declared counts too). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { unwrap } from '../../src/sim/model/result';
import { topologyPreset } from '../../src/sim/model/topologyPresets';

interface FixtureTopology {
  declared: Record<string, number>;
  cpus: { id: number; core: number; socket: number; numa: number }[];
}
const file = JSON.parse(
  readFileSync(new URL('../fixtures/cpu-assignment.json', import.meta.url), 'utf8'),
) as {
  topologies: Record<string, FixtureTopology>;
};

describe('fixture topology presets', () => {
  it.each(Object.entries(file.topologies))('%s matches the vectors file', (name, f) => {
    const t = unwrap(topologyPreset(name));
    expect(
      t.cpus.map((c) => ({ id: c.id, core: c.coreId, socket: c.socketId, numa: c.numaId })),
    ).toEqual(f.cpus);
    expect({
      NumCPUs: t.numCPUs,
      NumSockets: t.numSockets,
      NumCores: t.numCores,
      NumNUMANodes: t.numNUMANodes,
    }).toEqual(f.declared);
  });
});
