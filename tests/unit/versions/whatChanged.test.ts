/**
 * Compare's "What changed": the changelog rows between the two runs' versions that touch the
 * scenario, each with its release and KEP/PR; none between a version and itself.
 */
import { describe, expect, it } from 'vitest';
import { changesAgainst, type SimulationRun } from '../../../src/sim/index';
import { runPreset } from '../kubelet/helpers';

const whats = (run: SimulationRun, other: Parameters<typeof changesAgainst>[1]) =>
  (changesAgainst(run, other) ?? []).map((e) => `${e.release} ${e.what}`);

describe('What changed between two kubelet versions', () => {
  it('hello-pod from 1.34 to 1.37: the Created/Started texts and the Pulled check, with refs', () => {
    const run = runPreset('hello-pod', '1.37');
    const rows = changesAgainst(run, '1.34')!;
    expect(rows.length).toBeGreaterThan(3);
    for (const r of rows) {
      expect(['1.35', '1.36', '1.37']).toContain(r.release);
      expect(r.ref.length).toBeGreaterThan(3);
      expect(r.because.length).toBeGreaterThan(3);
    }
    const w = whats(run, '1.34').join('\n');
    expect(w).toMatch(/1\.35 .*Container created/);
    expect(w).toMatch(/1\.35 .*can be accessed by the pod/);
    // No static CPU manager in hello-pod: the CPU manager's rows are not listed.
    expect(w).not.toMatch(/Allocate start/);
  });

  it('static-vs-none lists the CPU manager rows, found from either side', () => {
    const a = changesAgainst(runPreset('static-vs-none', '1.33'), '1.37')!;
    const b = changesAgainst(runPreset('static-vs-none', '1.37'), '1.33')!;
    // 1.35's policy_static.go row: the 1.33 run prints "Static policy: Allocate", the 1.37 run
    // "Allocate start" (a line only the newer release prints is found in the newer run).
    const rowA = a.find(
      (r) => r.release === '1.35' && r.because.includes('"Static policy: Allocate"'),
    );
    expect(rowA).toBeDefined();
    const rowB = b.find((r) => r.id === rowA!.id);
    expect(rowB?.because).toContain('"Allocate start"');
    // 1.33: no CFS quota for exclusive CPUs, a gate row that concerns the static CPU manager.
    const quota = changesAgainst(runPreset('static-vs-none', '1.32'), '1.33')!;
    expect(quota.find((r) => r.what.includes('DisableCPUQuotaWithExclusiveCPUs'))?.because).toBe(
      'static CPU manager',
    );
  });

  it('nothing between a version and itself; 1.3 against a minor counts from 1.18', () => {
    const run = runPreset('hello-pod', '1.28');
    expect(changesAgainst(run, '1.28')).toEqual([]);
    const old = runPreset('hello-pod', '1.3');
    const rows = changesAgainst(old, '1.20')!;
    expect(rows.every((r) => r.release === '1.19' || r.release === '1.20')).toBe(true);
  });
});
