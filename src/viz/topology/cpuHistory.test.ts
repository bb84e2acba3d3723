import { describe, expect, it } from 'vitest';
import { buildCpuHistory, cpuStateAt, describeCpuState } from './cpuHistory';

describe('cpu history', () => {
  const h = buildCpuHistory(
    [
      { step: 0, t: 0, cpus: [0, 1, 2, 3], state: { kind: 'shared' } },
      { step: 0, t: 0, cpus: [0], state: { kind: 'reserved' } },
      { step: 5, t: 1200, cpus: [2, 3], state: { kind: 'exclusive', owner: 'default/web/app' } },
      { step: 9, t: 4000, cpus: [2, 3], state: { kind: 'shared' } },
    ],
    { kind: 'idle' },
  );

  it('starts from the initial state before any change', () => {
    expect(cpuStateAt(h, 2, 0).kind).toBe('idle');
    expect(cpuStateAt(h, 7, 10).kind).toBe('idle');
  });
  it('applies a change once the cursor passes its step', () => {
    expect(cpuStateAt(h, 2, 5).kind).toBe('shared');
    const s = cpuStateAt(h, 2, 6);
    expect(s).toMatchObject({ kind: 'exclusive', owner: 'default/web/app', since: 1200 });
    expect(cpuStateAt(h, 2, 10).kind).toBe('shared');
    expect(cpuStateAt(h, 0, 3).kind).toBe('reserved');
  });
  it('lists owners in order of first appearance', () => {
    expect(h.owners).toEqual(['default/web/app']);
  });
  it('names CPUs as the accessibility contract says', () => {
    expect(describeCpuState(3, { kind: 'exclusive', owner: 'default/web/app' })).toBe(
      'CPU 3: exclusive to default/web/app',
    );
    expect(describeCpuState(0, { kind: 'reserved' })).toBe('CPU 0: reserved');
    expect(describeCpuState(5, { kind: 'idle' })).toBe('CPU 5: idle');
  });
});
