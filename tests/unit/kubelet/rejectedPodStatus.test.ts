/**
 * Row 5: Kubelet.rejectPod (kubelet.go) sets a PodStatus with no conditions, and
 * status_manager.go mergePodStatus drops the old kubelet-owned ones (PodScheduled is in
 * types.PodConditionsByKubelet): the patch sends "conditions":null, describe prints none.
 */
import { describe, expect, it } from 'vitest';
import { describePod, podsAt } from '../../../src/sim/index';
import { rejectedByMaxPods } from './helpers';

describe('a pod rejected at admission', () => {
  const run = rejectedByMaxPods();
  const end = run.trace.steps.t.length;

  it('has no conditions in its status', () => {
    const b = podsAt(run, end).find((x) => x.name === 'b')!;
    expect(b.phase).toBe('Failed');
    expect(b.conditions).toEqual([]);
    // The admitted pod keeps its conditions.
    const a = podsAt(run, end).find((x) => x.name === 'a')!;
    expect(a.conditions.map((c) => c.type)).toContain('PodScheduled');
  });

  it('describe prints no Conditions section', () => {
    const text = describePod(run, 'default/b', end);
    expect(text).toMatch(/Status:\s+Failed/);
    expect(text).not.toContain('Conditions:');
    expect(text).not.toContain('PodScheduled');
  });
});
