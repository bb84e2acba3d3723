/**
 * allocatedResources and resources in container statuses (InPlacePodVerticalScaling, on since
 * 1.33): set for every container the runtime has, from the allocation, with what the runtime
 * reports it applied for a running one. Shapes from 1.34 kubelet status dumps:
 *   memory-only: "allocatedResources":{"memory":"400Mi"},
 *                "resources":{"limits":{"memory":"400Mi"},"requests":{"memory":"400Mi"}}
 *   no resources: "resources":{} and no allocatedResources
 */
import { describe, expect, it } from 'vitest';
import type { SimulationRun } from '../../../src/sim/index';
import type { ContainerDef } from '../../../src/sim/kubelet/config';
import { statusResources } from '../../../src/sim/kubelet/statusResources';
import { parseScenario } from '../../../src/sim/index';
import { versionNotes } from '../../../src/sim/scenario/versionNotes';
import { pod, runPreset, runText, scenario } from './helpers';

function def(resources: unknown): ContainerDef {
  return { name: 'c', spec: { name: 'c', image: 'x', resources } } as unknown as ContainerDef;
}

describe('statusResources', () => {
  it('a container with no resources reports resources {} and no allocation', () => {
    for (const running of [false, true])
      expect(statusResources(def(undefined), running)).toEqual({
        allocatedResources: undefined,
        resources: {},
      });
  });

  it('memory-only: the limit is the request (API defaulting); no CPU request appears', () => {
    const r = statusResources(def({ limits: { memory: '400Mi' } }), true);
    expect(r.allocatedResources).toEqual({ memory: '400Mi' });
    expect(r.resources).toEqual({ limits: { memory: '400Mi' }, requests: { memory: '400Mi' } });
  });

  it('canonical quantities, keys in Go map order', () => {
    const r = statusResources(
      def({ requests: { memory: '64Mi', cpu: '0.25' }, limits: { memory: '128Mi', cpu: '1000m' } }),
      true,
    );
    expect(r.allocatedResources).toEqual({ cpu: '250m', memory: '64Mi' });
    expect(Object.keys(r.resources.requests!)).toEqual(['cpu', 'memory']);
    expect(r.resources).toEqual({
      limits: { cpu: '1', memory: '128Mi' },
      requests: { cpu: '250m', memory: '64Mi' },
    });
  });

  it("a running container's memory limit is what the runtime reports: bytes, BinarySI", () => {
    const c = def({ limits: { memory: '1G' } });
    expect(statusResources(c, false).resources.limits).toEqual({ memory: '1G' });
    expect(statusResources(c, true).resources.limits).toEqual({ memory: '1000000000' });
    expect(statusResources(c, true).allocatedResources).toEqual({ memory: '1G' });
  });

  it('CPU at or below the minimum effective limit and shares keeps the allocated value', () => {
    // 5m → quota 1000 µs (MinQuotaPeriod) → 10m reported; 1m → shares 2 → 2m reported: both
    // at or below the floor with the allocation, so the allocation stands.
    const r = statusResources(def({ requests: { cpu: '1m' }, limits: { cpu: '5m' } }), true);
    expect(r.resources).toEqual({ limits: { cpu: '5m' }, requests: { cpu: '1m' } });
    // 15m → quota 1500 → 15m; shares 15 → ceil(15 × 1000 / 1024) = 15m.
    const s = statusResources(def({ requests: { cpu: '15m' }, limits: { cpu: '15m' } }), true);
    expect(s.resources).toEqual({ limits: { cpu: '15m' }, requests: { cpu: '15m' } });
  });
});

type Ctr = Record<string, unknown> & { state: Record<string, unknown> };

function statuses(run: SimulationRun): Ctr[] {
  return run.trace.logs
    .filter((l) => l.msg === 'Status for pod updated successfully')
    .flatMap((l) => {
      const s = JSON.parse(l.kv.find(([k]) => k === 'status')![1]) as {
        containerStatuses?: Ctr[];
      };
      return s.containerStatuses ?? [];
    });
}

describe('container statuses in the log', () => {
  it('hello-pod: none while ContainerCreating; allocation and applied resources once it runs', () => {
    const all = statuses(runPreset('hello-pod'));
    const waiting = all.find((c) => 'waiting' in c.state)!;
    expect(waiting).not.toHaveProperty('resources');
    expect(waiting).not.toHaveProperty('allocatedResources');
    const running = all.find((c) => 'running' in c.state)!;
    expect(running.allocatedResources).toEqual({ cpu: '250m', memory: '64Mi' });
    expect(running.resources).toEqual({
      limits: { cpu: '500m', memory: '128Mi' },
      requests: { cpu: '250m', memory: '64Mi' },
    });
    // Go field order: after started, before volumeMounts.
    const keys = Object.keys(running);
    expect(keys.slice(keys.indexOf('started'))).toEqual([
      'started',
      'allocatedResources',
      'resources',
      'volumeMounts',
    ]);
  });

  it('only from 1.33, where the gate is on by default (1.32: off, and another shape)', () => {
    for (const v of ['1.33', '1.35', '1.37'])
      expect(statuses(runPreset('hello-pod', v)).some((c) => 'resources' in c)).toBe(true);
    for (const v of ['1.28', '1.32'])
      expect(statuses(runPreset('hello-pod', v)).some((c) => 'resources' in c)).toBe(false);
  });

  it('the gate turned on before 1.33 is said to be not modelled', () => {
    const notes = (v: string) => {
      const p = parseScenario(
        scenario({
          kubeletVersion: v,
          kubelet: 'featureGates: { InPlacePodVerticalScaling: true }',
          pods: pod('web', `containers:\n  - { name: app, image: busybox:1.36 }`),
        }),
      );
      if (!p.ok) throw new Error(JSON.stringify(p.problems));
      return versionNotes(p.scenario).join('\n');
    };
    expect(notes('1.30')).toMatch(/kubelet 1\.30's alpha in-place resize is not modelled/);
    expect(notes('1.33')).not.toMatch(/InPlacePodVerticalScaling/);
  });

  it('the gate turned off on 1.34 drops both fields', () => {
    const run = runText(
      scenario({
        kubeletVersion: '1.34',
        kubelet: 'featureGates: { InPlacePodVerticalScaling: false }',
        pods: pod('web', `containers:\n  - { name: app, image: busybox:1.36 }`),
      }),
    );
    expect(statuses(run).length).toBeGreaterThan(0);
    expect(statuses(run).some((c) => 'resources' in c || 'allocatedResources' in c)).toBe(false);
  });

  it('a crash-looping BestEffort container keeps resources {} while it waits to restart', () => {
    const run = runText(
      scenario({
        pods: pod('loop', `containers:\n  - { name: app, image: busybox:1.36 }`),
        faults: '  - { kind: ContainerExit, target: default/loop/app, afterSeconds: 2, times: 3 }',
      }),
    );
    const backOff = statuses(run).find(
      (c) => (c.state.waiting as { reason?: string } | undefined)?.reason === 'CrashLoopBackOff',
    )!;
    expect(backOff).toBeDefined();
    expect(backOff.resources).toEqual({});
    expect(backOff).not.toHaveProperty('allocatedResources');
  });
});
