/**
 * simulate → `--format log` → replay: every line the model prints is read back, with the
 * same pods, uids, containers and images, and each record at its line's time (±1 ms).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CURRENT_KUBELET_VERSION,
  formatKlog,
  logsAt,
  parseScenario,
  simulate,
} from '../../../src/sim';
import { eventRows, replayText } from '../../../src/replay';

const presetsDir = join(import.meta.dirname, '../../../presets');
const presets = readdirSync(presetsDir).filter((f) => f.endsWith('.yaml'));

function podsNamed(kv: [string, string][]): string[] {
  const out: string[] = [];
  for (const [k, v] of kv) {
    if (k === 'pod' && /^"[^"]+\/[^"]+"$/.test(v)) out.push(JSON.parse(v) as string);
    if (k === 'pods') out.push(...(JSON.parse(v) as string[]));
  }
  return out;
}

// The presets of the current kubelet: its structured klog is what the replay reads exactly.
// (The 1.18/1.3 presets print printf-era lines, of which the replay keys on the main ones.)
const current = presets.filter((file) => {
  const parsed = parseScenario(readFileSync(join(presetsDir, file), 'utf8'));
  return parsed.ok && parsed.scenario.node.kubeletVersion === CURRENT_KUBELET_VERSION;
});

/**
 * The device and memory managers' lines, and the topology manager's per-provider lines, that the
 * replay does not read yet (their readers are written apart): each must come back as exactly
 * one unknown message, and every other line as before. Drop an entry once the replay reads it.
 */
const NOT_READ_YET = new Set([
  'scope_container.go|TopologyHints',
  'scope_pod.go|TopologyHints',
  'scope_container.go|ContainerTopologyHint',
  'scope_pod.go|PodTopologyHint',
  'policy.go|Hint Provider has no preference for NUMA affinity with any resource',
  'policy.go|Hint Provider has no preference for NUMA affinity with resource',
  'policy.go|Hint Provider has no possible NUMA affinities for resource',
  'topology_hints.go|Resource does not have a topology preference',
  'topology_hints.go|Resource already allocated to pod with different number than request',
  'topology_hints.go|Regenerating TopologyHints for resource already allocated to pod',
  'topology_hints.go|Unable to generate topology hints: requested number of devices unavailable',
  'manager.go|Pods to be removed',
  'manager.go|Found pre-allocated devices for resource on pod',
  'manager.go|Need devices to allocate for pod',
  'manager.go|No devices needed, nothing to do',
  'manager.go|Looking for needed resources',
  'manager.go|Making allocation request for device plugin',
  'manager.go|Issuing a GetPreferredAllocation call for container',
  'manager.go|Checkpoint file written',
  'memory_manager.go|RemoveStaleState removing state',
  'memory_manager.go|Allocate error',
  'memory_manager.go|Memory affinity',
  'policy_static.go|RemoveContainer',
  'policy_static.go|Allocate',
  'policy_static.go|Container already present in state, skipping',
  'policy_static.go|Got topology affinity',
  'policy_static.go|Allocated exclusive memory',
  'policy_static.go|Regenerating TopologyHints, resource was already allocated to pod',
  'state_mem.go|Deleted memory assignment',
  'state_mem.go|Updated machine memory state',
  'state_mem.go|Updated memory state',
  // The CPU manager's clean-up of a refused pod's CPUs (hugepages-memory-manager: the memory
  // manager's Allocate fails after the CPU manager's took CPUs).
  'cpu_manager.go|RemoveStaleState: removing container',
  'state_mem.go|Deleted CPUSet assignment',
]);
const notReadYet = (l: { source: string; msg: string; text?: string }) =>
  NOT_READ_YET.has(`${l.source.split(':')[0]}|${l.text ?? l.msg}`);

describe('round trip: the model’s own klog output replays exactly', () => {
  it('covers the current kubelet presets', () => {
    expect(current.length).toBeGreaterThan(20);
  });
  it.each(current)('%s', (file) => {
    const parsed = parseScenario(readFileSync(join(presetsDir, file), 'utf8'));
    if (!parsed.ok) throw new Error(file);
    const run = simulate(parsed.scenario);
    const logs = logsAt(run.trace.logs, run.trace.steps.t.length, 4);
    const text = logs.map((l) => formatKlog(l)).join('\n');
    const r = replayText(text, { year: 2026 });
    expect(r.skipped).toBe(0);
    expect(r.unknownMessages).toBe(logs.filter(notReadYet).length);
    // One event per line, or one per pod for a line naming several.
    const rows = eventRows(r);
    const t0 = logs[0]!.t;
    let i = 0;
    logs.forEach((l, n) => {
      if (notReadYet(l)) return;
      const named = podsNamed(l.kv);
      const k = l.msg.startsWith('SyncLoop ') && named.length > 1 ? named.length : 1;
      for (let j = 0; j < k; j++, i++) {
        const e = rows[i]!;
        expect(e.line).toBe(n + 1);
        expect(Math.abs(e.t - (l.t - t0))).toBeLessThanOrEqual(1);
        if (named.length) expect(named).toContain(e.pod);
      }
    });
    expect(i).toBe(rows.length);
    // The same pods with their uids, and every container the model created with its image.
    const created = new Map<string, Map<string, string>>();
    for (const l of logs)
      if (l.msg === 'Creating container in pod') {
        const pod = JSON.parse(l.kv.find(([k]) => k === 'pod')![1]) as string;
        const dump = l.kv.find(([k]) => k === 'container')![1];
        const name = /Name:([^,]+)/.exec(dump)![1]!;
        const image = /Image:([^,]+)/.exec(dump)![1]!;
        (created.get(pod) ?? created.set(pod, new Map()).get(pod)!).set(name, image);
      }
    const arrived = Object.values(run.config.pods).filter((p) => r.pods.has(p.key));
    for (const p of arrived) {
      const got = r.pods.get(p.key)!;
      if (got.uid) expect(got.uid).toBe(p.uid);
      for (const [name, image] of created.get(p.key) ?? [])
        expect(got.containers.get(name)?.image).toBe(image);
    }
    const adds = new Set(rows.filter((e) => e.what === 'SyncLoopAdd').map((e) => e.pod));
    for (const p of Object.values(run.config.pods))
      if (logs.some((l) => l.msg === 'SyncLoop ADD' && podsNamed(l.kv).includes(p.key)))
        expect(adds.has(p.key)).toBe(true);
  });
});
