/**
 * statusPatch builds the patch from each status's field texts: it must give exactly the text
 * the JSON objects give (statusPatchOfObjects), for every pair of statuses a run stores.
 */
import { describe, expect, it } from 'vitest';
import {
  podStatusJson,
  podStatusText,
  statusPatch,
  statusPatchOfObjects,
} from '../../../src/sim/kubelet/statusPatch';
import type { ApiPodStatus } from '../../../src/sim/kubelet/types';
import { runPreset } from './helpers';

function statusesOf(preset: string): ApiPodStatus[] {
  const run = runPreset(preset);
  const seen = new Set<ApiPodStatus>();
  const steps = run.trace.steps.t.length;
  for (let i = 0; i <= steps; i += Math.max(1, Math.floor(steps / 60)))
    for (const s of Object.values(run.stateAt(i).domain.status)) seen.add(s);
  return [...seen];
}

describe('statusPatch from field texts', () => {
  it.each([
    'sidecar-startup-probe',
    'hello-pod',
    'crashloop-backoff',
    'delete-grace-period',
    'sandbox-failure',
  ])('%s: every pair of stored statuses patches as the JSON objects do', (preset) => {
    const all = statusesOf(preset);
    expect(all.length).toBeGreaterThan(2);
    for (const a of [undefined, ...all])
      for (const b of all) expect(statusPatch('u', a, b)).toBe(statusPatchOfObjects('u', a, b));
    for (const s of all) expect(podStatusText(s)).toBe(JSON.stringify(podStatusJson(s)));
  });
});
