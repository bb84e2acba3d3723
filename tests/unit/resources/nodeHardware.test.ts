/**
 * The node's hardware from lstopo XML (hwloc's own exports of real machines), from the named
 * machines, and as the scenario gives it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../src/sim/index';
import { parseHwlocXml } from '../../../src/sim/model/hwloc';
import { resolveNodeHardware } from '../../../src/sim/model/nodeHardware';

const xml = (name: string) =>
  readFileSync(new URL(`../../fixtures/real/hwloc/${name}`, import.meta.url), 'utf8');

function scenarioWith(node: string): ReturnType<typeof parseScenario> {
  return parseScenario(`apiVersion: kubeletscope/v1
kind: Scenario
metadata: { name: t }
node:
${node}
pods: []
`);
}

describe('lstopo XML as a node', () => {
  it('a 2-NUMA Xeon with 3 Tesla GPUs: CPUs, NUMA memory, distances and the GPUs where they hang', () => {
    const r = parseHwlocXml(xml('32em64t-2n8c2t-pci-normalio.xml'));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const t = r.value.topology;
    expect([t.numCPUs, t.numCores, t.numSockets, t.numNUMANodes]).toEqual([32, 16, 2, 2]);
    expect(t.numaDistances).toEqual({ 0: [10, 20], 1: [20, 10] });
    // Hyper-threads: PU 0 and PU 16 share core 0.
    const core0 = t.cpus.filter((c) => c.coreId === t.cpus[0]!.coreId).map((c) => c.id);
    expect(core0).toEqual([0, 16]);
    const gpus = r.value.extras.devices!.filter((d) => d.resource === 'nvidia.com/gpu');
    expect(gpus.map((d) => [d.ids![0], d.numaNode])).toEqual([
      ['0000:03:00.0', 0],
      ['0000:83:00.0', 1],
      ['0000:84:00.0', 1],
    ]);
    expect(r.value.extras.numaMemory!.map((m) => m.memory)).toEqual([34330173440, 34359738368]);
  });

  it('the DGX-2: 16 GPUs behind PCIe switches, 8 per NUMA node, SLIT 10/21', () => {
    const r = parseHwlocXml(xml('nvidiaDGX2.xml'));
    expect(r.ok && r.value.topology.numaDistances).toEqual({ 0: [10, 21], 1: [21, 10] });
    const perNuma = [0, 0];
    for (const d of r.ok ? r.value.extras.devices! : []) perNuma[d.numaNode!]!++;
    expect(perNuma).toEqual([8, 8]);
  });

  it('is accepted as node.topology.hwloc, with its devices and memory unless the scenario gives its own', () => {
    const text = xml('32em64t-2n8c2t-pci-normalio.xml')
      .split('\n')
      .map((l) => `      ${l}`)
      .join('\n');
    const p = scenarioWith(`  topology:\n    hwloc: |\n${text}`);
    expect(p.ok ? [] : p.problems).toEqual([]);
    if (!p.ok) return;
    const hw = resolveNodeHardware(p.scenario);
    expect(hw.ok && hw.value.devices.filter((d) => d.resource === 'nvidia.com/gpu')).toHaveLength(
      3,
    );
    expect(hw.ok && hw.value.memoryCapacity).toBe(34330173440 + 34359738368);
  });

  it('refuses what is not lstopo XML, with a reason', () => {
    expect(parseHwlocXml('<html><body>no</body></html>')).toEqual({
      ok: false,
      error: 'lstopo XML: no <topology> element (use lstopo --of xml)',
    });
    expect(parseHwlocXml('<topology><object type="Machine">')).toEqual({
      ok: false,
      error: 'lstopo XML: <object> is not closed',
    });
  });
});

describe('named machines', () => {
  it('gpu-2s-8gpu: 224 CPUs, 4 GPUs and 4 NICs per NUMA node, 1Ti each, SLIT 10/21', () => {
    const p = scenarioWith('  topology: { preset: gpu-2s-8gpu }');
    if (!p.ok) throw new Error(JSON.stringify(p.problems));
    const hw = resolveNodeHardware(p.scenario);
    if (!hw.ok) throw new Error(hw.error);
    expect(hw.value.topology.cpus).toHaveLength(224);
    expect(hw.value.topology.numaDistances).toEqual({ 0: [10, 21], 1: [21, 10] });
    const count = (r: string, n: number) =>
      hw.value.devices.filter((d) => d.resource === r && d.numaNode === n).length;
    expect([count('nvidia.com/gpu', 0), count('nvidia.com/gpu', 1)]).toEqual([4, 4]);
    expect([count('nvidia.com/mlnxnics', 0), count('nvidia.com/mlnxnics', 1)]).toEqual([4, 4]);
    expect(hw.value.memory.map((m) => m.memory / 2 ** 40)).toEqual([1, 1]);
  });

  it('sriov-4numa: VFs by PCI address on NUMA 0 and 2; the scenario replaces the devices', () => {
    const p = scenarioWith('  topology: { preset: sriov-4numa }');
    if (!p.ok) throw new Error(JSON.stringify(p.problems));
    const hw = resolveNodeHardware(p.scenario);
    if (!hw.ok) throw new Error(hw.error);
    expect(hw.value.numaNodes).toEqual([0, 1, 2, 3]);
    expect(hw.value.devices.slice(0, 2).map((d) => [d.id, d.numaNode])).toEqual([
      ['0000:18:01.0', 0],
      ['0000:18:01.1', 0],
    ]);
    expect(hw.value.memory[0]!.hugePages).toContainEqual({ pageSize: 1048576, numPages: 32 });
    const own = scenarioWith(
      '  topology: { preset: sriov-4numa }\n  devices: [{ resource: example.com/fpga, count: 1 }]',
    );
    const hw2 = own.ok ? resolveNodeHardware(own.scenario) : null;
    expect(hw2?.ok && hw2.value.devices).toEqual([
      { resource: 'example.com/fpga', id: 'fpga-0', numaNode: null },
    ]);
  });

  it('numaDistances in the scenario: one row per NUMA node, one value per NUMA id', () => {
    const bad = scenarioWith(
      '  topology: { sockets: 2, coresPerSocket: 2, threadsPerCore: 1 }\n  numaDistances: [[10, 21]]',
    );
    expect(!bad.ok && bad.problems.map((p) => p.message)).toEqual([
      '1 rows for 2 NUMA nodes (one row per node, in id order)',
    ]);
  });
});
