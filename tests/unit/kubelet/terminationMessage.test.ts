/**
 * The terminated state's Message: what the process wrote to its terminationMessagePath, which
 * the kubelet reads when it converts the runtime's status (kuberuntime_container.go
 * getTerminationMessage); kubectl describe prints it under Last State.
 */
import { describe, expect, it } from 'vitest';
import { describePod, podsAt } from '../../../src/sim/index';
import { pod, runText, scenario } from './helpers';

describe('termination message', () => {
  const r = runText(
    scenario({
      pods: pod('web', 'containers:\n  - name: app\n    image: busybox:1.36'),
      faults:
        '  - { kind: ContainerExit, target: default/web/app, afterSeconds: 1, exitCode: 2, times: 1, message: "config file /etc/app.yaml missing" }',
      horizon: '20s',
    }),
  );
  const end = r.trace.steps.t.length;

  it('is the last state Message, between Reason and Exit Code', () => {
    const c = podsAt(r, end)[0]!.containers[0]!;
    expect(c.lastState).toMatchObject({
      reason: 'Error',
      exitCode: 2,
      message: 'config file /etc/app.yaml missing',
    });
    expect(describePod(r, 'default/web', end)).toMatch(
      /Last State: +Terminated\n +Reason: +Error\n +Message: +config file \/etc\/app\.yaml missing\n +Exit Code: +2\n/,
    );
  });
});
