/**
 * statusManager.SetContainerStartup (status_manager.go): a startup probe's success changes the
 * container's Started flag and, through updateStatusInternal, the API status: its own patch,
 * before the sync the probe update asks for.
 */
import { describe, expect, it } from 'vitest';
import { runPreset } from './helpers';

describe('SetContainerStartup', () => {
  it('patches the API status with started: true when the startup probe succeeds', () => {
    const r = runPreset('sidecar-startup-probe');
    const logs = r.trace.logs;
    const success = logs.findIndex(
      (l) =>
        l.msg === 'Probe succeeded' &&
        l.kv.some(([k, v]) => k === 'probeType' && v === '"Startup"'),
    );
    expect(success).toBeGreaterThan(0);
    const probeLine = logs.findIndex((l, i) => i > success && l.msg === 'SyncLoop (probe)');
    const patches = logs
      .slice(success, probeLine)
      .filter((l) => l.msg === 'Patch status for pod')
      .map((l) => l.kv.find(([k]) => k === 'patch')![1]);
    expect(patches).toHaveLength(1);
    // Only the container statuses changed: the proxy's started flag.
    const patch = JSON.parse(JSON.parse(patches[0]!) as string) as {
      status: { initContainerStatuses: { name: string; started: boolean }[] };
    };
    expect(Object.keys(patch.status)).toEqual(['initContainerStatuses']);
    const proxy = patch.status.initContainerStatuses.find((c) => c.name === 'proxy');
    expect(proxy?.started).toBe(true);
  });
});
