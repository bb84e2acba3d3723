/**
 * The CPU diagram over a real engine run: a CPU is exclusive to a container only while
 * it runs there (PreCreateContainer's cpuset until its exit); what cpu_manager_state
 * assigns to a container that does not run is "assigned" (idle).
 */
import { describe, expect, it } from 'vitest';
import { buildRunView } from './buildRunView';
import { loadPreset } from '../sim';
import { cpuStateAt, describeCpuState, poolAt } from '../viz/topology/cpuHistory';
import { readSnapshot } from '../viz/kubelet/cpuChanges';

function runOf(id: Parameters<typeof loadPreset>[0]) {
  const r = loadPreset(id);
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return buildRunView(r.scenario);
}

describe('CPU diagram truth: init container CPU hand-off', () => {
  const run = runOf('init-cpu-handoff');
  const trace = run.raw.trace;
  const podKeyOf = (uid: string) => run.raw.config.pods[uid]?.key;
  const W = 'default/trainer/warm-cache';
  const A = 'default/trainer/app';
  const cpusetStep = (name: string) =>
    trace.records.find((r) => r.kind === 'cpuset' && r.data.container === name)!.step;
  // What cpu_manager_state assigns each container once both are allocated.
  const lastSnap = [...trace.records].reverse().find((r) => r.kind === 'cpuAssignments')!;
  const snapOwners = (owner: string) => {
    const ids: number[] = [];
    const a = lastSnap.data.assignments;
    for (const [uid, ctrs] of Object.entries(a))
      for (const [n, set] of Object.entries(ctrs))
        if (`${podKeyOf(uid)}/${n}` === owner)
          for (const part of set.split(',')) {
            const [x, y] = part.split('-').map(Number);
            for (let i = x!; i <= (y ?? x!); i++) ids.push(i);
          }
    return ids;
  };
  const stateAt = (cursor: number) =>
    new Map(run.topology.cpus.map((c) => [c.id, cpuStateAt(run.cpus, c.id, cursor)]));
  const exclusiveTo = (cursor: number, owner: string) =>
    [...stateAt(cursor)].filter(([, s]) => s.kind === 'exclusive' && s.owner === owner);

  it('the state gives the app CPUs that the init container also holds (the reusable set)', () => {
    const w = snapOwners(W);
    const a = snapOwners(A);
    expect(w).toHaveLength(4);
    expect(a).toHaveLength(2);
    for (const c of a) expect(w).toContain(c);
    // And the snapshot reader alone (one owner per CPU) would lose two of warm-cache's CPUs.
    const single = readSnapshot(lastSnap, podKeyOf)!;
    expect([...single.values()].filter((o) => o === W).length).toBe(2);
  });

  it('before the app exists, none of its CPUs are exclusive to it', () => {
    const warm = cpusetStep('warm-cache');
    const cursor = warm + 1;
    expect(
      exclusiveTo(cursor, W)
        .map(([c]) => c)
        .sort(),
    ).toEqual(snapOwners(W).sort());
    expect(exclusiveTo(cursor, A)).toEqual([]);
    // At 3 s (warm-cache running), the same.
    const at3 = run.raw.trace.steps.t.findIndex((t) => t > 3000);
    expect(exclusiveTo(at3, W)).toHaveLength(4);
    expect(exclusiveTo(at3, A)).toHaveLength(0);
  });

  it('before admission-allocated containers run, their CPUs are assigned and idle', () => {
    const first = trace.records.find(
      (r) => r.kind === 'cpuAssignments' && JSON.stringify(r.data).includes('warm-cache'),
    )!;
    expect(first.step).toBeLessThan(cpusetStep('warm-cache'));
    const s = stateAt(first.step + 1);
    const w = snapOwners(W);
    for (const c of w) expect(s.get(c)?.kind).toBe('assigned');
    expect(describeCpuState(w[0]!, s.get(w[0]!)!)).toMatch(/^CPU \d+: idle, assigned to /);
  });

  it('after warm-cache exits, the app runs on 2 of its CPUs; the other 2 stay assigned to it', () => {
    const warmId = (
      trace.records.find((r) => r.kind === 'containerStarted' && r.data.container === 'warm-cache')!
        .data as { id: string }
    ).id;
    const exit = trace.records.find((r) => r.kind === 'containerExited' && r.data.id === warmId)!;
    const between = stateAt(exit.step + 1);
    for (const c of snapOwners(A))
      expect(between.get(c)).toMatchObject({ kind: 'assigned', owner: A });
    expect(exclusiveTo(exit.step + 1, W)).toEqual([]);
    const after = cpusetStep('app') + 1;
    const appCpus = exclusiveTo(after, A).map(([c]) => c);
    expect(appCpus.sort()).toEqual(snapOwners(A).sort());
    for (const c of appCpus) expect(snapOwners(W)).toContain(c);
    const rest = snapOwners(W).filter((c) => !appCpus.includes(c));
    for (const c of rest)
      expect(stateAt(after).get(c)).toMatchObject({ kind: 'assigned', owner: W });
  });
});

describe('CPU diagram truth: the shared pool says who runs there', () => {
  it('static-vs-none: shared CPUs list the containers running in the pool', () => {
    const run = runOf('static-vs-none');
    const trace = run.raw.trace;
    const end = trace.steps.t.length;
    const started = new Set(
      trace.records
        .filter((r) => r.kind === 'containerStarted')
        .map((r) => `${run.raw.config.pods[r.data.uid]?.key}/${String(r.data.container)}`),
    );
    const pool = poolAt(run.cpus, end);
    const exclusive = new Set(
      run.topology.cpus
        .map((c) => cpuStateAt(run.cpus, c.id, end))
        .filter((s) => s.kind === 'exclusive')
        .map((s) => s.owner),
    );
    expect(pool.length).toBeGreaterThan(0);
    for (const p of pool) {
      expect(started).toContain(p);
      expect(exclusive.has(p)).toBe(false);
    }
    // Every running container is either in the pool or on its own CPUs.
    expect(pool.length + exclusive.size).toBe(started.size);
  });
});

describe('kubelet 1.3 has no CPU manager (issue 30, item 5)', () => {
  it('static-vs-none on 1.3: no CPU reserved, and the shared pool lists the running containers', () => {
    const p = loadPreset('static-vs-none');
    if (!p.ok) throw new Error('static-vs-none');
    const s = { ...p.scenario, node: { ...p.scenario.node, kubeletVersion: '1.3' as const } };
    const v = buildRunView(s);
    for (const c of v.topology.cpus)
      for (const cursor of [0, v.total])
        expect(cpuStateAt(v.cpus, c.id, cursor).kind).not.toBe('reserved');
    const pool = poolAt(v.cpus, v.total);
    expect(pool).toEqual(['default/batch/worker', 'default/web/app', 'default/web/log-shipper']);
    // Every CPU is shared while they run.
    expect(cpuStateAt(v.cpus, 0, v.total).kind).toBe('shared');
  });
});
