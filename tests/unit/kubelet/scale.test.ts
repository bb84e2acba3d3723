/**
 * The 110-pod node of the performance budget (1 init container, 1 sidecar, 2 containers each,
 * 30 simulated minutes). Not timed here (budgets are checked by the bench): it must finish with
 * every pod Running and a step count that grows with the work, not with pods x steps.
 */
import { describe, expect, it } from 'vitest';
import { podsAt, simulate, validateScenario } from '../../../src/sim/index';

export function nodeOf110(): unknown {
  const pods = Array.from({ length: 110 }, (_, i) => ({
    at: `${i * 100}ms`,
    manifest: {
      metadata: { name: `p${i}`, namespace: 'default' },
      spec: {
        initContainers: [
          { name: 'init', image: 'busybox:1.36' },
          { name: 'sidecar', image: 'envoyproxy/envoy:v1.31.0', restartPolicy: 'Always' },
        ],
        containers: [
          {
            name: 'a',
            image: 'nginx:1.27',
            resources: { requests: { cpu: '10m', memory: '10Mi' } },
          },
          {
            name: 'b',
            image: 'nginx:1.27',
            resources: { requests: { cpu: '10m', memory: '10Mi' } },
          },
        ],
      },
    },
  }));
  return {
    apiVersion: 'kubeletscope/v1',
    kind: 'Scenario',
    metadata: { name: 'node-110' },
    horizon: '30m',
    node: {
      topology: { sockets: 2, coresPerSocket: 32, threadsPerCore: 2 },
      kubelet: { maxPods: 110 },
      images: [
        { name: 'busybox:1.36', present: true },
        { name: 'envoyproxy/envoy:v1.31.0', present: true },
        { name: 'nginx:1.27', present: true },
      ],
    },
    pods,
  };
}

describe('a full node', () => {
  it('110 pods over 30 minutes: all Running 3/3, bounded steps', () => {
    const v = validateScenario(nodeOf110());
    if (!v.ok) throw new Error(JSON.stringify(v.problems));
    const r = simulate(v.scenario);
    const rows = podsAt(r, r.trace.steps.t.length);
    expect(rows).toHaveLength(110);
    expect(rows.every((x) => x.status === 'Running' && x.ready === '3/3')).toBe(true);
    expect(r.trace.steps.t.length).toBeLessThan(45_000);
  });
});
