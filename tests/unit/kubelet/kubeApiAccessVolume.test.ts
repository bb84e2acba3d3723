/**
 * Row 11 (volume): the ServiceAccount admission plugin's projected kube-api-access volume, as
 * kubectl describe prints it (describeContainerVolumes, printProjectedVolumeSource).
 */
import { describe, expect, it } from 'vitest';
import { describePod } from '../../../src/sim/index';
import { pod, runText, scenario } from './helpers';

function describeOf(body: string): string {
  const run = runText(scenario({ pods: pod('web', body) }));
  return describePod(run, 'default/web', run.trace.steps.t.length);
}

describe('kube-api-access volume in describe', () => {
  const text = describeOf(
    'initContainers:\n  - { name: init, image: busybox:1.36 }\ncontainers:\n  - { name: app, image: nginx:1.27 }',
  );
  const name = /kube-api-access-[bcdfghjklmnpqrstvwxz2456789]{5}/.exec(text)?.[0];

  it('is mounted read-only in every container, init containers too', () => {
    expect(name).toBeDefined();
    const mounts = text
      .split('\n')
      .filter((l) => l.includes('/var/run/secrets/kubernetes.io/serviceaccount'));
    expect(mounts).toEqual([
      `      /var/run/secrets/kubernetes.io/serviceaccount from ${name} (ro)`,
      `      /var/run/secrets/kubernetes.io/serviceaccount from ${name} (ro)`,
    ]);
    expect(text).not.toContain('Mounts:         <none>');
  });

  it('is listed under Volumes as a projected volume (kubectl 1.33+: "Optional:")', () => {
    const vols = text.slice(text.indexOf('Volumes:'), text.indexOf('QoS Class:'));
    expect(vols.split('\n').map((l) => l.trimEnd())).toEqual([
      'Volumes:',
      `  ${name}:`,
      '    Type:                    Projected (a volume that contains injected data from multiple sources)',
      '    TokenExpirationSeconds:  3607',
      '    ConfigMapName:           kube-root-ca.crt',
      '    Optional:                false',
      '    DownwardAPI:             true',
      '',
    ]);
  });

  it('is absent with automountServiceAccountToken: false', () => {
    const off = describeOf(
      'automountServiceAccountToken: false\ncontainers:\n  - { name: app, image: nginx:1.27 }',
    );
    expect(off).not.toContain('kube-api-access');
    expect(off).toMatch(/Volumes:\s+<none>/);
    expect(off).toMatch(/Mounts:\s+<none>/);
  });
});
