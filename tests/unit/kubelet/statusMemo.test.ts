/**
 * generateAPIPodStatus keeps its last result per pod and gives it again while what it reads is
 * unchanged (statusManager.ts): a changed probe result, cache entry or stored status must give
 * a fresh status, equal to what a full generation gives.
 */
import { describe, expect, it } from 'vitest';
import { generateAPIPodStatus } from '../../../src/sim/kubelet/statusManager';
import { clonePlain } from '../../../src/sim/core/clone';
import { runPreset } from './helpers';

const run = runPreset('sidecar-startup-probe');
const steps = run.trace.steps.t.length;

/** A world late in the run, its pod, cache entry and a startup probe result it reads. */
function setting() {
  const w = run.stateAt(steps);
  const d = w.domain;
  const pod = Object.values(run.config.pods)[0]!;
  const ps = d.cache.pods[pod.uid]!;
  const key = Object.keys(d.probeResults).find((k) => k.startsWith('startup/'))!;
  return { w, d, pod, ps, key };
}

describe('generateAPIPodStatus memo', () => {
  it('gives the same status again when nothing it reads changed', () => {
    const { w, d, pod, ps } = setting();
    const a = generateAPIPodStatus(run.config, d, pod, ps, w.t, false);
    const b = generateAPIPodStatus(run.config, d, pod, ps, w.t + 1000, false);
    expect(b.status).toEqual(a.status);
    expect(b.logs).toEqual(a.logs);
  });

  it('a changed probe result gives a fresh status, as a cold generation does', () => {
    const { w, d, pod, ps, key } = setting();
    expect(key).toBeDefined();
    const warm = generateAPIPodStatus(run.config, d, pod, ps, w.t, false);
    const sidecar = warm.status.initContainerStatuses.find(
      (s) => s.started !== undefined && s.state.running,
    );
    expect(sidecar?.started).toBe(true);
    d.probeResults[key] = 'Failure';
    const after = generateAPIPodStatus(run.config, d, pod, ps, w.t, false);
    // A cold generation: the memo is kept per pod definition, and a copy has none.
    const cold = generateAPIPodStatus(run.config, clonePlain(d), { ...pod }, ps, w.t, false);
    expect(after.status).toEqual(cold.status);
    expect(after.status).not.toEqual(warm.status);
  });
});
