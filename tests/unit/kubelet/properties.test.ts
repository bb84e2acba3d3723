/**
 * Invariants over random scenarios (fast-check): every started container was created first;
 * no two containers of one pod are being started at once; back-off never exceeds 300 s;
 * simulate() is deterministic.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { simulate, validateScenario, type SimulationRun } from '../../../src/sim/index';

const images = ['nginx:1.27', 'busybox:1.36', 'redis:7.4'];

const container = (prefix: string) =>
  fc.record({
    name: fc.constant(prefix),
    image: fc.constantFrom(...images),
    hook: fc.boolean(),
    readiness: fc.boolean(),
  });

const podArb = (i: number) =>
  fc.record({
    at: fc.integer({ min: 0, max: 20 }),
    init: fc.array(fc.record({ sidecar: fc.boolean(), startup: fc.boolean() }), { maxLength: 2 }),
    containers: fc.array(container('c'), { minLength: 1, maxLength: 3 }),
    restartPolicy: fc.constantFrom('Always', 'OnFailure', 'Never'),
    name: fc.constant(`p${i}`),
  });

const faultKinds = [
  'ImagePullError',
  'SandboxError',
  'CreateContainerError',
  'StartContainerError',
  'ContainerExit',
  'PostStartHang',
  'PostStartFail',
  'StartupProbeFail',
  'ReadinessProbeFail',
  'LivenessProbeFail',
  'SandboxDied',
  'IgnoreSIGTERM',
] as const;

const scenarioArb = fc
  .tuple(
    fc
      .integer({ min: 1, max: 3 })
      .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => podArb(i)))),
    fc.array(
      fc.record({
        kind: fc.constantFrom(...faultKinds),
        pod: fc.integer({ min: 0, max: 2 }),
        times: fc.integer({ min: 1, max: 4 }),
        exitCode: fc.integer({ min: 0, max: 2 }),
      }),
      { maxLength: 3 },
    ),
    fc.boolean(),
    fc.integer({ min: 0, max: 1000 }),
  )
  .map(([pods, faults, serial, seed]) => {
    const manifests = pods.map((p) => ({
      at: `${p.at}s`,
      manifest: {
        metadata: { name: p.name, namespace: 'default' },
        spec: {
          restartPolicy: p.restartPolicy,
          initContainers: p.init.map((c, j) => ({
            name: `i${j}`,
            image: 'busybox:1.36',
            ...(c.sidecar ? { restartPolicy: 'Always' } : {}),
            ...(c.sidecar && c.startup
              ? { startupProbe: { httpGet: { path: '/', port: 1 }, periodSeconds: 2 } }
              : {}),
          })),
          containers: p.containers.map((c, j) => ({
            name: `c${j}`,
            image: c.image,
            ...(c.hook ? { lifecycle: { postStart: { exec: { command: ['true'] } } } } : {}),
            ...(c.readiness
              ? { readinessProbe: { tcpSocket: { port: 80 }, periodSeconds: 3 } }
              : {}),
          })),
        },
      },
    }));
    return {
      apiVersion: 'kubeletscope/v1',
      kind: 'Scenario',
      metadata: { name: 'random' },
      seed,
      horizon: '3m',
      node: {
        topology: { sockets: 1, coresPerSocket: 4, threadsPerCore: 2 },
        kubelet: serial
          ? { serializeImagePulls: true }
          : { serializeImagePulls: false, maxParallelImagePulls: 2 },
        images: [
          { name: 'nginx:1.27', present: true },
          { name: 'busybox:1.36', present: false, pullTime: '2s' },
          { name: 'redis:7.4', present: false, pullTime: '5s' },
        ],
        runtime: {
          runPodSandbox: '300ms',
          createContainer: '50ms',
          startContainer: '80ms',
          initContainerRun: '1s',
        },
      },
      pods: manifests,
      faults: faults
        .filter((f) => f.pod < pods.length)
        .map((f) => {
          const target = `default/p${f.pod}`;
          const base = {
            target: f.kind === 'SandboxError' || f.kind === 'SandboxDied' ? target : `${target}/c0`,
            times: f.times,
          };
          if (f.kind === 'SandboxDied') return { kind: f.kind, ...base, afterSeconds: 5 };
          // How the process meets a kill (no `times`).
          if (f.kind === 'IgnoreSIGTERM') return { kind: f.kind, target: base.target };
          if (f.kind === 'ContainerExit')
            return { kind: f.kind, ...base, afterSeconds: 3, exitCode: f.exitCode };
          if (f.kind === 'PostStartHang') return { kind: f.kind, ...base, seconds: 15 };
          return { kind: f.kind, ...base };
        }),
    };
  });

function run(input: unknown): SimulationRun {
  const v = validateScenario(input);
  if (!v.ok) throw new Error(JSON.stringify(v.problems));
  return simulate(v.scenario);
}

describe('invariants over random scenarios', () => {
  it('created before started; one start at a time per pod; back-off <= 300 s', () => {
    fc.assert(
      fc.property(scenarioArb, (input) => {
        const r = run(input);
        // 1. Per (pod, container): every Started is preceded by its own Created.
        const pending = new Map<string, number>();
        for (const e of r.trace.events) {
          if (!e.fieldPath) continue;
          const k = `${e.object}/${e.fieldPath}`;
          if (e.reason === 'Created') pending.set(k, (pending.get(k) ?? 0) + 1);
          if (e.reason === 'Started') {
            expect(pending.get(k) ?? 0).toBeGreaterThan(0);
            pending.set(k, pending.get(k)! - 1);
          }
        }
        // 2. At most one startContainer instance of a pod is busy at any step.
        const busy = new Map<string, Set<string>>();
        const s = r.trace.steps;
        for (let i = 0; i < s.t.length; i++) {
          const ent = r.trace.entities[s.entity[i]!]!;
          if (ent.kind !== 'startContainer') continue;
          const [ns, p] = ent.id.slice('startContainer:'.length).split('/');
          const key = `${ns}/${p}`;
          const set = busy.get(key) ?? new Set<string>();
          const to = r.trace.strings[s.to[i]!]!;
          if (to === 'idle') set.delete(ent.id);
          else set.add(ent.id);
          busy.set(key, set);
          expect(set.size).toBeLessThanOrEqual(1);
        }
        // 3. Back-off never exceeds 300 s.
        const w = r.stateAt(s.t.length);
        for (const b of Object.values(w.domain.containerBackOff))
          expect(b.backoffMs).toBeLessThanOrEqual(300_000);
        for (const b of Object.values(w.domain.imageBackOff))
          expect(b.backoffMs).toBeLessThanOrEqual(300_000);
        // 4. Runtime records: created <= started <= finished.
        for (const c of Object.values(w.domain.runtime.containers)) {
          if (c.startedAt !== undefined) expect(c.startedAt).toBeGreaterThanOrEqual(c.createdAt);
          if (c.finishedAt !== undefined)
            expect(c.finishedAt).toBeGreaterThanOrEqual(c.startedAt ?? c.createdAt);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('is deterministic: the same scenario gives the same trace byte for byte', () => {
    fc.assert(
      fc.property(scenarioArb, (input) => {
        const strip = (r: SimulationRun) =>
          JSON.stringify({ ...r.trace, checkpoints: r.trace.checkpoints.length });
        expect(strip(run(input))).toBe(strip(run(structuredClone(input))));
      }),
      { numRuns: 10 },
    );
  });
});
