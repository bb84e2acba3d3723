import { describe, expect, it } from 'vitest';
import { cpuChanges, readAssignment } from './cpuChanges';
import { buildCpuHistory, cpuStateAt } from '../topology/cpuHistory';
import { makeTrace } from '../timeline/testTrace';
import type { TraceRecord } from '../../sim/trace/types';

const rec = (
  step: number,
  kind: string,
  entity: string,
  data: Record<string, unknown>,
): TraceRecord => ({
  step,
  t: step * 100,
  kind,
  entity,
  data,
});

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

  it('honours an explicit exclusive flag and releases', () => {
    const h = run(
      [
        rec(1, 'cpuAssigned', 'cpuManager', {
          container: 'default/a/x',
          cpus: [1],
          exclusive: true,
        }),
        rec(5, 'cpuReleased', 'cpuManager', { container: 'default/a/x' }),
      ],
      'static',
    );
    expect(cpuStateAt(h, 1, 2).kind).toBe('exclusive');
    expect(cpuStateAt(h, 1, 6).kind).toBe('idle');
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
