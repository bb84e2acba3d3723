/**
 * A command whose executable is not in the image fails at CRI StartContainer, not at
 * CreateContainer (kuberuntime_container.go startContainer; containerd's StartContainer marks
 * the container exited 128 StartError): Created, then Failed "Error: failed to create
 * containerd task: ...", RunContainerError, then the restart back-off.
 */
import { describe, expect, it } from 'vitest';
import { describePod, podsAt } from '../../../src/sim/index';
import { pod, runText, scenario } from './helpers';

const EXEC =
  'failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: exec: "x": executable file not found in $PATH: unknown';

const text = (version = '', command = 'x') =>
  scenario({
    pods: pod(
      'web',
      `containers:\n  - name: app\n    image: busybox:1.36\n    command: [${command}]`,
    ),
    faults: '  - { kind: StartContainerError, target: default/web/app }',
    horizon: '40s',
  }).replace('node:\n', `node:\n${version}`);

describe('StartContainerError (missing executable)', () => {
  const r = runText(text());
  const end = r.trace.steps.t.length;

  it('Created, then Failed with the runc exec error, then BackOff; never CreateContainerError', () => {
    const reasons = r.trace.events
      .filter((e) => e.fieldPath === 'spec.containers{app}' && e.reason !== 'Pulled')
      .map((e) => `${e.reason}: ${e.message}`);
    expect(reasons.slice(0, 2)).toEqual(['Created: Container created', `Failed: Error: ${EXEC}`]);
    expect(
      reasons.some((x) =>
        x.startsWith('BackOff: Back-off restarting failed container app in pod web_default('),
      ),
    ).toBe(true);
    expect(
      r.trace.events.some((e) => e.message.includes('failed to create containerd container')),
    ).toBe(false);
    expect(r.trace.events.some((e) => e.reason === 'Started')).toBe(false);
    const err = r.trace.logs.find((l) => l.msg === 'Unhandled Error')!;
    expect(err.kv[0]![1]).toContain(`: RunContainerError: ${EXEC.replace(/"/g, '\\"')}`);
  });

  it('last state Terminated StartError, exit code 128, the message, never started', () => {
    const d = describePod(r, 'default/web', end);
    expect(d).toMatch(
      /Last State: +Terminated\n +Reason: +StartError\n +Message: +failed to create containerd task: [^\n]*exec: "x": executable file not found in \$PATH: unknown\n +Exit Code: +128\n +Started: +Thu, 01 Jan 1970 00:00:00 \+0000\n/,
    );
    expect(podsAt(r, end)[0]!.status).toMatch(/CrashLoopBackOff|RunContainerError/);
  });

  it("a command given as a path is stat'ed, not searched for in $PATH (exec.LookPath)", () => {
    const abs = runText(text('', '/bin/nosuch'));
    const failed = abs.trace.events.find((e) => e.reason === 'Failed')!;
    expect(failed.message).toMatch(
      /: exec: "\/bin\/nosuch": stat \/bin\/nosuch: no such file or directory: unknown$/,
    );
    const old = runText(text('  kubeletVersion: "1.18"\n', '/bin/nosuch'));
    expect(old.trace.events.find((e) => e.reason === 'Failed')!.message).toContain(
      'caused "exec: \\"/bin/nosuch\\": stat /bin/nosuch: no such file or directory": unknown',
    );
  });

  it('on 1.18, the containerd 1.3 / runc rc10 wording, "Created container app" first', () => {
    const old = runText(text('  kubeletVersion: "1.18"\n'));
    const msgs = old.trace.events
      .filter((e) => e.fieldPath === 'spec.containers{app}' && e.reason !== 'Pulled')
      .map((e) => e.message);
    expect(msgs.slice(0, 2)).toEqual([
      'Created container app',
      'Error: failed to create containerd task: OCI runtime create failed: container_linux.go:349: starting container process caused "exec: \\"x\\": executable file not found in $PATH": unknown',
    ]);
  });
});
