/**
 * simulate(next, { from: previous }) re-runs only the future: whatever the edit (a fault or an
 * action armed at a random instant, a CPU request changed, the CPU manager policy toggled, a
 * fault removed), it gives exactly the run simulate(next) gives: steps, Events, klog, records
 * and every checkpointed world.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { simulate, validateScenario, type SimulationRun } from '../../../src/sim/index';
import { firstDifference } from '../../../src/sim/rerun';
import type { Scenario } from '../../../src/sim/scenario/schema';
import { perturb, withCpuRequest, type PerturbationKind } from '../../../src/state/perturbations';
import { scenarioArb } from './arbitraries';

const SCALE = Number(process.env.ROBUSTNESS_SCALE ?? 1);
const SEED_ENV = process.env.ROBUSTNESS_SEED ?? '20261123';
const seed = SEED_ENV === 'random' ? {} : { seed: Number(SEED_ENV) };
/** Small, so the short random runs have several checkpoints to resume from. */
const EVERY = 37;

function valid(input: unknown): Scenario {
  const v = validateScenario(input);
  if (!v.ok) throw new Error(`generator made an invalid scenario: ${JSON.stringify(v.problems)}`);
  return v.scenario;
}

/** The whole run as data: the trace, and the checkpoints without XState's snapshot internals. */
function runData(r: SimulationRun) {
  return {
    trace: JSON.stringify({ ...r.trace, checkpoints: r.trace.checkpoints.length }),
    checkpoints: r.trace.checkpoints.map((w) => ({
      ...w,
      machines: Object.fromEntries(
        Object.entries(w.machines).map(([k, v]) => [
          k,
          v.snapshot ? [v.kind, v.snapshot.status, v.snapshot.value, v.snapshot.context] : v.kind,
        ]),
      ),
    })),
  };
}

const FAULTS: Exclude<PerturbationKind, 'CpuRequest'>[] = [
  'ImagePullError',
  'ImagePullSlow',
  'ContainerExit',
  'OOMKilled',
  'PostStartHang',
  'PostStartFail',
  'StartupProbeFail',
  'ReadinessProbeFail',
  'LivenessProbeFail',
  'SandboxError',
  'DeletePod',
  'RestartKubelet',
];

const editArb = fc.record({
  kind: fc.constantFrom(
    ...FAULTS,
    'CpuRequest' as const,
    'TogglePolicy' as const,
    'DropFault' as const,
  ),
  /** Per mille of the horizon (fc.double leans to the ends of its range). */
  at: fc.integer({ min: 0, max: 1000 }),
  pod: fc.nat(),
  container: fc.nat(),
  cpu: fc.constantFrom('100m', '1', '2', '250m'),
});

type Edit = typeof editArb extends fc.Arbitrary<infer E> ? E : never;

function edited(s: Scenario, run: SimulationRun, e: Edit): Scenario {
  const pod = s.pods[e.pod % s.pods.length]!.manifest;
  const podKey = `${pod.metadata.namespace}/${pod.metadata.name}`;
  const names = [...(pod.spec.initContainers ?? []), ...pod.spec.containers].map((c) => c.name);
  const container = `${podKey}/${names[e.container % names.length]!}`;
  switch (e.kind) {
    case 'CpuRequest':
      return withCpuRequest(s, container, e.cpu);
    case 'TogglePolicy': {
      const k = s.node.kubelet;
      const policy = k.cpuManagerPolicy === 'static' ? 'none' : 'static';
      return { ...s, node: { ...s.node, kubelet: { ...k, cpuManagerPolicy: policy } } };
    }
    case 'DropFault':
      return {
        ...s,
        faults: s.faults.filter((_, i) => i !== e.pod % Math.max(1, s.faults.length)),
      };
    default:
      return perturb(
        s,
        e.kind,
        { pod: podKey, container },
        Math.floor((e.at / 1000) * s.horizon),
        run,
      );
  }
}

describe('simulate(next, { from: previous })', () => {
  it(
    'equals simulate(next) for random scenarios and random edits',
    () => {
      let reused = 0;
      fc.assert(
        fc.property(
          scenarioArb,
          fc.array(editArb, { minLength: 1, maxLength: 2 }),
          (input, edits) => {
            const base = valid(input);
            let prev = simulate(base, { checkpointEvery: EVERY });
            for (const e of edits) {
              const next = edited(prev.scenario, prev, e);
              const resumed = simulate(next, { from: prev, checkpointEvery: EVERY });
              const full = simulate(next, { checkpointEvery: EVERY });
              expect(runData(resumed)).toEqual(runData(full));
              // Reused: the first difference comes after the old run's first checkpoint.
              if (firstDifference(prev.scenario, next) > prev.trace.checkpoints[1]!.t) reused++;
              prev = resumed;
            }
          },
        ),
        { numRuns: Math.round(14 * SCALE), ...seed },
      );
      // The property is about reuse: make sure the generator reached edits that reuse the past.
      expect(reused).toBeGreaterThan(5);
    },
    60_000 * SCALE,
  );

  it('resumes after the last checkpoint before the edit, and re-running an unchanged scenario reuses it all', () => {
    const s = valid(input110());
    const prev = simulate(s, { checkpointEvery: 200 });
    const again = simulate(s, { from: prev, checkpointEvery: 200 });
    expect(runData(again)).toEqual(runData(prev));
    // The shared past is the old run's own checkpoints (nothing was re-run before the last).
    const n = prev.trace.checkpoints.length;
    expect(again.trace.checkpoints[n - 1]).toBe(prev.trace.checkpoints[n - 1]);
    // A node change cannot be placed in time: a full run.
    expect(firstDifference(s, { ...s, seed: s.seed + 1 })).toBe(0);
    // A fault armed at 60 s: everything before it is kept.
    const f = perturb(s, 'SandboxError', { pod: 'default/p1' }, 60_000, prev);
    expect(firstDifference(s, f)).toBe(60_001);
    const resumed = simulate(f, { from: prev, checkpointEvery: 200 });
    const kept = prev.trace.checkpoints.filter((w) => w.t < 60_001).length;
    expect(kept).toBeGreaterThan(1);
    // The remapped checkpoint shares the old one's state: its tables (built when read, see
    // runner/tables.ts) hold the very same rows.
    const [a, b] = [resumed, prev].map((r) => r.trace.checkpoints[kept - 1]!.domain);
    expect(a).toEqual(b);
    expect(Object.keys(b!.status).length).toBeGreaterThan(0);
    for (const uid of Object.keys(b!.status)) expect(a!.status[uid]).toBe(b!.status[uid]);
    expect(runData(resumed)).toEqual(runData(simulate(f, { checkpointEvery: 200 })));
  });
});

/** Three pods of the bench's node shape, 3 minutes. */
function input110() {
  const app = (name: string) => ({
    name,
    image: 'nginx:1.27',
    resources: { requests: { cpu: '10m' } },
  });
  return {
    apiVersion: 'kubeletscope/v1',
    kind: 'Scenario',
    metadata: { name: 'rerun' },
    horizon: '3m',
    node: {
      topology: { sockets: 1, coresPerSocket: 4, threadsPerCore: 2 },
      images: [
        { name: 'busybox:1.36', present: true },
        { name: 'nginx:1.27', present: true },
      ],
    },
    pods: [0, 1, 2].map((i) => ({
      at: `${i * 10}s`,
      manifest: {
        metadata: { name: `p${i}`, namespace: 'default' },
        spec: {
          initContainers: [
            { name: 'init', image: 'busybox:1.36' },
            { name: 'sidecar', image: 'busybox:1.36', restartPolicy: 'Always' },
          ],
          containers: [app('a'), app('b')],
        },
      },
    })),
    faults: [
      { kind: 'ContainerExit', target: 'default/p0/a', afterSeconds: 20, exitCode: 1, times: 2 },
    ],
  };
}
