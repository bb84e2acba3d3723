/**
 * makeEnvironmentVariables (kubelet_pods.go) fails generateContainerConfig: Failed
 * "Error: <msg>", Waiting CreateContainerConfigError with the message, retried each sync.
 */
import { describe, expect, it } from 'vitest';
import { podsAt } from '../../../src/sim/index';
import { pod, runText, scenario } from './helpers';

function run(env: string, objects = '') {
  const text = scenario({
    pods: pod('web', `containers:\n  - name: app\n    image: busybox:1.36\n${env}`),
    horizon: '30s',
  });
  return runText(text.replace('\nfaults:', `\n${objects}faults:`));
}

const failed = (r: ReturnType<typeof run>) =>
  r.trace.events.filter((e) => e.reason === 'Failed').map((e) => e.message);

describe('CreateContainerConfigError', () => {
  it('a missing ConfigMap key: "couldn\'t find key <k> in ConfigMap <ns>/<name>", retried, never created', () => {
    const r = run(
      '    env:\n      - name: LEVEL\n        valueFrom: { configMapKeyRef: { name: app-config, key: log-level } }',
      'configMaps:\n  - { name: app-config, data: { level: debug } }\n',
    );
    const msgs = failed(r);
    expect(msgs[0]).toBe("Error: couldn't find key log-level in ConfigMap default/app-config");
    expect(msgs.length).toBeGreaterThan(1);
    expect(r.trace.events.some((e) => e.reason === 'Created')).toBe(false);
    // No "Enforcing CFS quota": the env error ends generateContainerConfig first.
    expect(r.trace.logs.some((l) => l.msg === 'Enforcing CFS quota')).toBe(false);
    const row = podsAt(r, r.trace.steps.t.length)[0]!;
    expect(row.status).toBe('CreateContainerConfigError');
    expect(row.containers[0]).toMatchObject({
      state: 'Waiting',
      reason: 'CreateContainerConfigError',
      message: "couldn't find key log-level in ConfigMap default/app-config",
    });
    const err = r.trace.logs.find((l) => l.msg === 'Unhandled Error')!;
    expect(err.kv[0]![1]).toContain(': CreateContainerConfigError: couldn');
  });

  it('a missing ConfigMap or Secret: the NotFound texts; optional ones are skipped', () => {
    expect(
      failed(
        run(
          '    envFrom:\n      - configMapRef: { name: absent, optional: true }\n      - secretRef: { name: creds }',
        ),
      )[0],
    ).toBe('Error: secret "creds" not found');
    expect(
      failed(
        run(
          '    env:\n      - name: X\n        valueFrom: { configMapKeyRef: { name: absent, key: k } }',
        ),
      )[0],
    ).toBe('Error: configmap "absent" not found');
    expect(
      failed(
        run(
          '    env:\n      - name: X\n        valueFrom: { secretKeyRef: { name: creds, key: pw } }',
          'secrets:\n  - { name: creds, data: { user: u } }\n',
        ),
      )[0],
    ).toBe("Error: couldn't find key pw in Secret default/creds");
  });

  it('starts when the key exists', () => {
    const r = run(
      '    env:\n      - name: LEVEL\n        valueFrom: { configMapKeyRef: { name: app-config, key: level } }',
      'configMaps:\n  - { name: app-config, data: { level: debug } }\n',
    );
    expect(failed(r)).toEqual([]);
    expect(r.trace.events.some((e) => e.reason === 'Started')).toBe(true);
  });
});
