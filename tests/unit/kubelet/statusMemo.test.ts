/**
 * generateAPIPodStatus keeps its last result per pod and gives it again while what it reads is
 * unchanged (statusManager.ts): a changed probe result, cache entry or stored status must give
 * a fresh status, equal to what a full generation gives.
 */
import { describe, expect, it } from 'vitest';
import { commitPodStatus, generateAPIPodStatus } from '../../../src/sim/kubelet/statusManager';
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

describe('generateAPIPodStatus memo after a change is stored', () => {
  /** A copy of the world whose stored status for the pod is gone (the next one is new). */
  function unsynced() {
    const { w, pod, ps } = setting();
    const d = clonePlain(w.domain);
    delete d.status[pod.uid];
    const api = { domain: d, t: w.t, log: () => {}, record: () => {} };
    return { w, d, pod, ps, api };
  }

  it('gives back the stored status itself, equal to what a full generation gives later', () => {
    const { w, d, pod, ps, api } = unsynced();
    const first = generateAPIPodStatus(run.config, d, pod, ps, w.t, false);
    commitPodStatus(api, pod, first);
    const stored = d.status[pod.uid]!;
    expect(Object.isFrozen(stored)).toBe(true);
    // Every condition took the time of the first generation; the stored status keeps it.
    const later = w.t + 60_000;
    const again = generateAPIPodStatus(run.config, d, pod, ps, later, false);
    expect(again.status).toBe(stored);
    expect(again.triggers).toEqual(first.triggers);
    const full = generateAPIPodStatus(run.config, d, { ...pod }, ps, later, false);
    expect(full.status).toEqual(stored);
    // Its lines are a generation's from the stored status: "Got phase for pod" names the stored
    // phase as the old one (not the phase before the first generation).
    expect(again.logs).toEqual(full.logs);
    expect(again.logs.find((l) => l.msg === 'Got phase for pod')?.kv).toContainEqual([
      'oldPhase',
      JSON.stringify(stored.phase),
    ]);
    // Committing it again changes nothing: no new stored status, no patch line, only the status
    // manager's "Ignoring same status for pod".
    const lines: { msg: string }[] = [];
    commitPodStatus(
      { ...api, t: later, log: (l: unknown) => lines.push(l as { msg: string }) },
      pod,
      again,
    );
    expect(d.status[pod.uid]).toBe(stored);
    expect(lines.map((l) => l.msg)).toEqual([
      'Generating pod status',
      'Got phase for pod',
      'Ignoring same status for pod',
    ]);
  });

  it('a status stored by another writer is not taken for the memo', () => {
    const { w, d, pod, ps, api } = unsynced();
    commitPodStatus(api, pod, generateAPIPodStatus(run.config, d, pod, ps, w.t, false));
    const stored = d.status[pod.uid]!;
    // Another value in its place (as the prober's SetContainerReadiness stores one): the
    // generation carries its startTime over.
    const other = Object.freeze({ ...stored, startTime: stored.startTime! + 5000 });
    d.status = { ...d.status, [pod.uid]: other };
    const again = generateAPIPodStatus(run.config, d, pod, ps, w.t + 1000, false);
    expect(again.status).not.toBe(stored);
    expect(again.status.startTime).toBe(other.startTime);
    expect(again.status).toEqual(
      generateAPIPodStatus(run.config, d, { ...pod }, ps, w.t + 1000, false).status,
    );
  });

  it('a new stored status keeps the previous one’s equal container statuses and conditions', () => {
    const { w, d, pod, ps, api } = unsynced();
    commitPodStatus(api, pod, generateAPIPodStatus(run.config, d, pod, ps, w.t, false));
    const prev = d.status[pod.uid]!;
    // A status differing in the app's readiness only, stored by the status manager.
    d.status = {
      ...d.status,
      [pod.uid]: Object.freeze({
        ...prev,
        containerStatuses: prev.containerStatuses.map((c) => ({ ...c, ready: !c.ready })),
      }),
    };
    const before = d.status[pod.uid]!;
    commitPodStatus(api, pod, generateAPIPodStatus(run.config, d, pod, ps, w.t, false));
    const next = d.status[pod.uid]!;
    expect(next).not.toBe(before);
    expect(next).toEqual(prev);
    expect(next.initContainerStatuses).toBe(before.initContainerStatuses);
    next.conditions.forEach((c, i) => {
      if (before.conditions[i]!.status === c.status) expect(c).toBe(before.conditions[i]);
    });
    next.containerStatuses.forEach((c, i) => expect(c).not.toBe(before.containerStatuses[i]));
  });
});
