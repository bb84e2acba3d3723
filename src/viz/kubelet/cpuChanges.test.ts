import { describe, expect, it } from 'vitest';
import { cpuChanges, readAssignment } from './cpuChanges';
import { buildCpuHistory, cpuStateAt } from '../topology/cpuHistory';
import { makeTrace } from '../timeline/testTrace';
import { type TraceRecord } from '../../sim';
import { admissionMarks } from './admissionMarks';
import { cpuManagerMarks, formatIds } from './cpuManagerMarks';

// Records with only the fields a test needs (the engine's carry more).
const rec = (
  step: number,
  kind: TraceRecord['kind'],
  entity: string,
  data: Record<string, unknown>,
): TraceRecord => ({ step, t: step * 100, kind, entity, data }) as TraceRecord;

function run(records: TraceRecord[], policy: 'none' | 'static', reserved: number[] = []) {
  const trace = { ...makeTrace([], [], 10_000), records };
  const { changes, initial } = cpuChanges(trace, { cpus: [0, 1, 2, 3], policy, reserved });
  return buildCpuHistory(changes, initial);
}

describe('cpuChanges', () => {
  it('under none: every CPU idle, then shared while a container runs', () => {
    const h = run(
      [
        rec(3, 'containerStarted', 'startContainer:default/web/app', { id: 'c1' }),
        rec(8, 'containerExited', 'containerd', { id: 'c1' }),
      ],
      'none',
      [0],
    );
    expect(cpuStateAt(h, 0, 0).kind).toBe('idle');
    expect(cpuStateAt(h, 0, 4).kind).toBe('shared');
    expect(cpuStateAt(h, 3, 9).kind).toBe('idle');
  });

  it('under static: reserved from the start, exclusive after the cpuset record', () => {
    const h = run(
      [
        rec(2, 'cpuset', 'startContainer:default/web/app', { container: 'app', cpuset: '2-3' }),
        rec(3, 'cpuset', 'startContainer:default/web/side', { container: 'side', cpuset: '0-1' }),
        rec(4, 'containerStarted', 'startContainer:default/web/app', { id: 'c1' }),
      ],
      'static',
      [0],
    );
    expect(cpuStateAt(h, 0, 0).kind).toBe('reserved');
    expect(cpuStateAt(h, 2, 2).kind).toBe('idle');
    expect(cpuStateAt(h, 2, 3)).toMatchObject({ kind: 'exclusive', owner: 'default/web/app' });
    // The sidecar's cpuset is the rest of the pool: shared, not exclusive.
    expect(cpuStateAt(h, 1, 5).kind).toBe('shared');
    expect(h.owners).toEqual(['default/web/app']);
  });

  it('follows the CPU manager state snapshots when there are any', () => {
    const trace = {
      ...makeTrace([], [], 10_000),
      records: [
        rec(1, 'cpuAssignments', 'syncLoop', {
          policy: 'static',
          defaultCpuSet: '0-3',
          assignments: {},
        }),
        rec(2, 'cpuAssignments', 'syncLoop', {
          policy: 'static',
          defaultCpuSet: '0-1',
          assignments: { u1: { app: '2-3' } },
        }),
        rec(3, 'cpuset', 'startContainer:default/web/side', { container: 'side', cpuset: '1' }),
        rec(4, 'cpuset', 'startContainer:default/web/app', {
          uid: 'u1',
          container: 'app',
          cpuset: '2-3',
        }),
        rec(6, 'cpuAssignments', 'cpuManager', {
          policy: 'static',
          defaultCpuSet: '0-3',
          assignments: {},
        }),
      ],
    };
    const { changes, initial } = cpuChanges(trace, {
      cpus: [0, 1, 2, 3],
      policy: 'static',
      reserved: [0],
      podKeyOf: (uid) => (uid === 'u1' ? 'default/web' : undefined),
    });
    const h = buildCpuHistory(changes, initial);
    // Assigned at admission, but nothing runs there until PreCreateContainer writes the cpuset.
    expect(cpuStateAt(h, 3, 3)).toMatchObject({
      kind: 'assigned',
      owner: 'default/web/app',
      since: 200,
    });
    expect(cpuStateAt(h, 3, 5)).toMatchObject({
      kind: 'exclusive',
      owner: 'default/web/app',
      since: 400,
    });
    // The sidecar's cpuset is the shared pool, but it never started: nothing runs there.
    expect(cpuStateAt(h, 1, 5).kind).toBe('idle');
    // Released by the CPU manager while it runs: the app is back in the shared pool.
    expect(cpuStateAt(h, 3, 7).kind).toBe('shared');
  });

  it("lists the shared pool's members sorted at each change, as they start and exit in any order", () => {
    const started = (step: number, c: string) =>
      rec(step, 'containerStarted', `startContainer:default/p/${c}`, {
        uid: 'u',
        container: c,
        id: `id-${c}`,
      });
    const exited = (step: number, c: string) =>
      rec(step, 'containerExited', `startContainer:default/p/${c}`, { id: `id-${c}` });
    const snapshot = (step: number, assignments: Record<string, unknown>) =>
      rec(step, 'cpuAssignments', 'cpuManager', { policy: 'static', assignments });
    const records = [
      snapshot(1, {}),
      started(2, 'm'),
      started(3, 'b'),
      started(4, 'z'),
      started(5, 'B'),
      exited(6, 'b'),
      started(7, 'a'),
      // CPUs assigned to z: it stays in the pool until a cpuset record applies them.
      snapshot(8, { u: { z: '2-3' } }),
      exited(9, 'z'),
      exited(10, 'm'),
      exited(11, 'B'),
      exited(12, 'a'),
    ];
    const { pool } = cpuChanges(
      { ...makeTrace([], [], 10_000), records },
      { cpus: [0, 1, 2, 3], policy: 'static', reserved: [], podKeyOf: () => 'default/p' },
    );
    const k = (...cs: string[]) => cs.map((c) => `default/p/${c}`);
    expect(pool.map((p) => [p.step, p.members])).toEqual([
      [-1, []],
      [2, k('m')],
      [3, k('b', 'm')],
      [4, k('b', 'm', 'z')],
      // Code-unit order, as sort() orders: capitals first.
      [5, k('B', 'b', 'm', 'z')],
      [6, k('B', 'm', 'z')],
      [7, k('B', 'a', 'm', 'z')],
      [9, k('B', 'a', 'm')],
      [10, k('B', 'a')],
      [11, k('a')],
      [12, []],
    ]);
  });

  it('reads assignment records in their shapes', () => {
    expect(readAssignment(rec(1, 'podStatus', 'x', {}))).toBeNull();
    expect(readAssignment(rec(1, 'cpuset', 'startContainer:ns/p/c', { cpuset: '0,2-3' }))).toEqual({
      container: 'ns/p/c',
      cpus: [0, 2, 3],
      exclusive: undefined,
    });
  });
});

describe('cpuManagerMarks', () => {
  it('marks allocations and releases of exclusive CPUs', () => {
    const trace = {
      ...makeTrace([], [], 10_000),
      records: [
        rec(1, 'cpuAssignments', 'syncLoop', { assignments: { u1: { app: '2-3' } } }),
        rec(2, 'cpuAssignments', 'syncLoop', { assignments: { u1: { app: '2-3' } } }),
        rec(5, 'cpuAssignments', 'cpuManager', { assignments: {} }),
      ],
    };
    const place = {
      group: 'node',
      groupLabel: 'K',
      lane: 'CPU manager',
      order: 0,
      pod: null,
      container: null,
    };
    const marks = cpuManagerMarks(trace, () => 'default/web', place);
    expect(marks.map((m) => [m.step, m.label])).toEqual([
      [1, 'allocate default/web/app 2-3'],
      [5, 'release default/web/app 2-3'],
    ]);
    expect(formatIds([0, 1, 2, 5, 7, 8])).toBe('0-2,5,7-8');
  });
});

describe('admissionMarks', () => {
  it('gives a rejected pod a lane with its reason', () => {
    const trace = {
      ...makeTrace([], [], 10_000),
      records: [rec(4, 'podRejected', 'syncLoop', { uid: 'u9', reason: 'TopologyAffinityError' })],
    };
    const [m] = admissionMarks(trace, (uid) => (uid === 'u9' ? 'default/db-1' : undefined));
    expect(m).toMatchObject({
      label: 'rejected: TopologyAffinityError',
      kind: 'error',
      instant: true,
      placement: { group: 'default/db-1', lane: 'admission' },
    });
  });
});
