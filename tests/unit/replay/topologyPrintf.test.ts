/**
 * The printf-era topology and CPU manager admission lines (1.18-1.20) read back: each becomes
 * its record (hints, best hint, affinity, allocation, the state's cpusets) with the pod and
 * container it names, whether the release named the pod by its name, its UID or format.Pod.
 */
import { describe, expect, it } from 'vitest';
import { formatKlog, logsAt, parseScenario, simulate } from '../../../src/sim';
import { replayText } from '../../../src/replay';

const UID = '11111111-1111-1111-1111-111111111111';

function logOf(version: string, scope: string): string {
  const p = parseScenario(`
apiVersion: kubeletscope/v1
kind: Scenario
metadata: { name: t }
seed: 1
horizon: 20s
node:
  name: n
  kubeletVersion: '${version}'
  topology: { sockets: 2, coresPerSocket: 4, threadsPerCore: 2 }
  devices:
    - { resource: nvidia.com/gpu, numaNode: 0, count: 4 }
    - { resource: nvidia.com/gpu, numaNode: 1, count: 4 }
  kubelet:
    cpuManagerPolicy: static
    reservedSystemCPUs: '0'
    topologyManagerPolicy: best-effort
    topologyManagerScope: ${scope}
  images: [{ name: app:1, present: true }]
pods:
  - at: 0s
    manifest:
      apiVersion: v1
      kind: Pod
      metadata: { name: wide, namespace: default, uid: ${UID} }
      spec:
        containers:
          - { name: app, image: app:1, resources: { limits: { cpu: '2', memory: 1Gi, nvidia.com/gpu: 2 } } }
`);
  if (!p.ok) throw new Error(JSON.stringify(p.problems));
  const r = simulate(p.scenario);
  return logsAt(r.trace.logs, r.trace.steps.t.length, 4).map(formatKlog).join('\n');
}

/** The records of the managers' lines: what, pod, container, hint. */
function records(text: string) {
  const r = replayText(text, { year: 2026 });
  return {
    r,
    rows: r.events
      .filter((e) => /\[(topologymanager|cpumanager)\]/.test(e.text))
      .map((e) => [e.what, e.pod, e.container ?? null, e.data?.hint ?? e.data?.cpus ?? null]),
  };
}

describe('replay of the 1.18-1.20 topology and CPU manager lines', () => {
  it('1.18: the pod by its name or UID, the hints as Go prints them', () => {
    const { rows } = records(logOf('1.18', 'container'));
    expect(rows).toEqual([
      ['TopologyAdmit', null, null, null],
      [
        'TopologyHints',
        'default/wide',
        'app',
        'map[nvidia.com/gpu:[{01 true} {10 true} {11 false}]]',
      ],
      ['TopologyHints', 'default/wide', 'app', '[{01 true} {10 true} {11 false}]'],
      ['TopologyHints', 'default/wide', 'app', 'map[cpu:[{01 true} {10 true} {11 false}]]'],
      ['TopologyHints', null, null, '{01 true}'],
      ['TopologyAffinity', 'default/wide', 'app', '{01 true}'],
      ['CpuAllocate', 'default/wide', 'app', null],
      ['TopologyAffinity', 'default/wide', 'app', '{01 true}'],
      ['CpuAllocateCPUs', null, null, null],
      ['CpuDefaultSet', null, null, '0,2-8,10-15'],
      ['CpuAllocateCPUs', null, null, '1,9'],
      ['CpuDesiredSet', 'default/wide', 'app', '1,9'],
    ]);
  });

  it('1.20, pod scope: format.Pod, and "Best TopologyHint for" tells 1.20', () => {
    const { r, rows } = records(logOf('1.20', 'pod'));
    expect(rows.slice(0, 7)).toEqual([
      ['TopologyAdmit', null, null, null],
      [
        'TopologyHints',
        'default/wide',
        null,
        'map[nvidia.com/gpu:[{01 true} {10 true} {11 false}]]',
      ],
      ['TopologyHints', 'default/wide', null, '[{01 true} {10 true} {11 false}]'],
      ['TopologyHints', 'default/wide', null, 'map[cpu:[{01 true} {10 true} {11 false}]]'],
      ['TopologyHints', null, null, '{01 true}'],
      ['TopologyBestHint', 'default/wide', null, '{01 true}'],
      ['TopologyAffinity', 'default/wide', 'app', '{01 true}'],
    ]);
    expect(rows.slice(7, 9)).toEqual([
      ['CpuAllocate', 'default/wide', 'app', null],
      ['TopologyAffinity', 'default/wide', 'app', '{01 true}'],
    ]);
    expect(r.version.hi).toBe(20);
    expect(r.version.lo).toBe(20);
  });
});
