/**
 * The status patch as a real kubelet logs it: statusutil.PatchPodStatus marshals the strategic
 * merge patch (a map) with encoding/json, so every object's keys are sorted, and a condition
 * that changed is sent as its changed fields plus its merge key. Shapes from kind kubelet logs
 * (1.31–1.34), e.g. a pod turning Ready:
 *   {"lastTransitionTime":"…","message":null,"reason":null,"status":"True","type":"Ready"}
 */
import { describe, expect, it } from 'vitest';
import { runPreset } from './helpers';

/** Each object's keys, in text order, throughout a JSON text. */
function keyLists(json: string): string[][] {
  const lists: string[][] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      lists.push(Object.keys(v));
      Object.values(v).forEach(walk);
    }
  };
  walk(JSON.parse(json));
  return lists;
}

function patches(preset: string): string[] {
  return runPreset(preset)
    .trace.logs.filter((l) => l.msg === 'Patch status for pod')
    .map((l) => JSON.parse(l.kv.find(([k]) => k === 'patch')![1]) as string);
}

describe('Patch status for pod', () => {
  it.each(['hello-pod', 'crashloop-backoff', 'sidecar-startup-probe', 'delete-grace-period'])(
    '%s: every object in every patch has its keys sorted',
    (preset) => {
      const all = patches(preset);
      expect(all.length).toBeGreaterThan(2);
      for (const p of all) for (const keys of keyLists(p)) expect(keys).toEqual([...keys].sort());
    },
  );

  it('a condition that changed carries only what changed, a dropped reason as null', () => {
    const all = patches('hello-pod').map(
      (p) => JSON.parse(p) as { status: Record<string, unknown> },
    );
    const readyItems = all
      .flatMap((p) => (p.status.conditions ?? []) as Record<string, unknown>[])
      .filter((c) => c.type === 'Ready');
    // First sent whole (a new condition), then as a diff when the pod turned Ready.
    expect(readyItems[0]).toMatchObject({ lastProbeTime: null, status: 'False' });
    const turned = readyItems.find((c) => c.status === 'True')!;
    expect(Object.keys(turned)).toEqual([
      'lastTransitionTime',
      'message',
      'reason',
      'status',
      'type',
    ]);
    expect(turned.message).toBeNull();
    expect(turned.reason).toBeNull();
  });
});

/*
 * PodObservedGenerationTracking (beta, on in 1.34): a 1.34.0 kind kubelet logs
 *   status={"observedGeneration":1,"phase":"Failed","conditions":[{"type":"PodReadyToStartContainers",
 *   "observedGeneration":1,"status":"True","lastProbeTime":null,…},…,{"type":"PodScheduled","observedGeneration":1,…
 */
interface StatusJson {
  observedGeneration?: number;
  conditions: { type: string; observedGeneration?: number }[];
}

describe('observedGeneration', () => {
  const statuses = (preset: string) =>
    runPreset(preset)
      .trace.logs.filter((l) => l.msg === 'Status for pod updated successfully')
      .map((l) => ({
        t: l.t,
        status: JSON.parse(l.kv.find(([k]) => k === 'status')![1]) as StatusJson,
      }));

  it('every status the kubelet writes carries the pod generation, first, and so does each condition', () => {
    const all = statuses('hello-pod');
    expect(all.length).toBeGreaterThan(1);
    for (const { status } of all) {
      expect(Object.keys(status)[0]).toBe('observedGeneration');
      expect(status.observedGeneration).toBe(1);
      for (const c of status.conditions) {
        expect(Object.keys(c).slice(0, 2)).toEqual(['type', 'observedGeneration']);
        expect(c.observedGeneration).toBe(1);
      }
    }
  });

  it('a graceful delete bumps the generation: the kubelet reports 2, the scheduler’s PodScheduled keeps 1', () => {
    const all = statuses('delete-grace-period');
    const last = all[all.length - 1]!.status;
    expect(last.observedGeneration).toBe(2);
    for (const c of last.conditions)
      expect(c.observedGeneration).toBe(c.type === 'PodScheduled' ? 1 : 2);
    expect(all[0]!.status.observedGeneration).toBe(1);
  });
});
