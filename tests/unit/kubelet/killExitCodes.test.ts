/**
 * The exit code a kill leaves (kuberuntime_container.go killContainer, setTerminationGracePeriod;
 * containerd's StopContainer: SIGTERM, then SIGKILL when the timeout passes): a process that dies
 * of SIGTERM exits 143 (128+15) after the runtime's stop time; one that ignores SIGTERM is
 * SIGKILLed at the end of the grace period and exits 137 (128+9). Both are reason Error, and
 * describe's Last State shows them. The grace period is the liveness probe's
 * terminationGracePeriodSeconds when it sets one, else the pod's, else the deletion's.
 */
import { describe, expect, it } from 'vitest';
import { describePod, formatKlog, podsAt } from '../../../src/sim/index';
import { containerdLog, formatContainerdLine } from '../../../src/sim/views/containerdLog';
import { pod, runText, scenario } from './helpers';

const LIVENESS = (extra = '') =>
  pod(
    'web',
    `containers:\n  - name: app\n    image: nginx:1.27\n    livenessProbe: { httpGet: { path: /healthz, port: 80 }, periodSeconds: 5${extra} }`,
  );

function run(opts: { probeGrace?: number; ignore?: boolean }) {
  const faults = ['  - { kind: LivenessProbeFail, target: default/web/app, times: 3 }'];
  if (opts.ignore) faults.push('  - { kind: IgnoreSIGTERM, target: default/web/app }');
  return runText(
    scenario({
      pods: LIVENESS(
        opts.probeGrace !== undefined ? `, terminationGracePeriodSeconds: ${opts.probeGrace}` : '',
      ),
      faults: faults.join('\n'),
      horizon: '2m',
    }),
  );
}

/** The first instance of app, as the runtime ended it, and when the kubelet asked it to stop. */
function firstKill(r: ReturnType<typeof run>) {
  const killing = r.trace.events.find((e) => e.reason === 'Killing')!;
  const line = r.trace.logs.find((l) => l.msg === 'Killing container with a grace period')!;
  return { killedAt: killing.t, line: formatKlog(line) };
}

describe('exit codes after a kill', () => {
  it('a process that dies of SIGTERM: 143 Error after the stop time; describe shows it', () => {
    const r = run({});
    const end = r.trace.steps.t.length;
    const c = podsAt(r, end)[0]!.containers[0]!;
    expect(c.lastState).toMatchObject({ reason: 'Error', exitCode: 143 });
    const { line } = firstKill(r);
    expect(line).toContain('gracePeriod=30');
    expect(describePod(r, 'default/web', end)).toMatch(
      /Last State: +Terminated\n +Reason: +Error\n +Exit Code: +143\n/,
    );
  });

  it('a process that ignores SIGTERM: SIGKILLed at the end of the pod grace period, 137', () => {
    const r = run({ ignore: true });
    const end = r.trace.steps.t.length;
    const c = podsAt(r, end)[0]!.containers[0]!;
    expect(c.lastState).toMatchObject({ reason: 'Error', exitCode: 137 });
    const { killedAt } = firstKill(r);
    const died = r.trace.events.filter((e) => e.reason === 'Started')[1]!;
    // The replacement starts only after the 30 s grace period (StopContainer blocks SyncPod).
    expect(died.t - killedAt).toBeGreaterThanOrEqual(30_000);
    expect(describePod(r, 'default/web', end)).toMatch(/Exit Code: +137\n/);
  });

  it('"Container exited normally" (V3) when StopContainer returns: after the stop time, or the grace period', () => {
    for (const [ignore, after] of [
      [false, 200],
      [true, 30_000],
    ] as const) {
      const r = run({ ignore });
      const killed = r.trace.logs.find((l) => l.msg === 'Killing container with a grace period')!;
      const done = r.trace.logs.find((l) => l.msg === 'Container exited normally')!;
      expect(done.v).toBe(3);
      expect(done.t - killed.t).toBe(after);
    }
  });

  it('containerd SIGKILLs only the process that outlived the timeout ("Kill container")', () => {
    const kills = (ignore: boolean) =>
      containerdLog(run({ ignore }))
        .map(formatContainerdLine)
        .filter((l) => l.includes('msg="Kill container'));
    expect(kills(false)).toEqual([]);
    expect(kills(true)).toHaveLength(1);
  });

  it("the liveness probe's terminationGracePeriodSeconds is the kill's grace period", () => {
    const r = run({ ignore: true, probeGrace: 5 });
    const { killedAt, line } = firstKill(r);
    expect(line).toContain('gracePeriod=5');
    const restarted = r.trace.events.filter((e) => e.reason === 'Started')[1]!;
    expect(restarted.t - killedAt).toBeGreaterThanOrEqual(5_000);
    expect(restarted.t - killedAt).toBeLessThan(30_000);
  });

  it('a deleted pod: 143 by default, 137 at the deletion grace period when SIGTERM is ignored', () => {
    const del = (ignore: boolean) =>
      runText(
        scenario({
          pods: pod('web', 'containers:\n  - name: app\n    image: nginx:1.27'),
          faults: ignore ? '  - { kind: IgnoreSIGTERM, target: default/web }' : '  []',
          actions: '  - { kind: DeletePod, at: 10s, target: default/web, gracePeriodSeconds: 7 }',
          horizon: '40s',
        }),
      );
    for (const [ignore, code, after] of [
      [false, 143, 200],
      [true, 137, 7000],
    ] as const) {
      const r = del(ignore);
      const statusLine = r.trace.logs
        .filter((l) => l.msg === 'Status for pod updated successfully')
        .map(formatKlog)
        .find((l) => l.includes('"terminated"'))!;
      expect(statusLine).toContain(`"exitCode":${code},"reason":"Error"`);
      expect(statusLine).toContain('"phase":"Failed"');
      const stopped = r.trace.logs.find((l) => l.msg === 'Container exited normally')!;
      const killed = r.trace.logs.find((l) => l.msg === 'Killing container with a grace period')!;
      expect(stopped.t - killed.t).toBe(after);
    }
  });
});
