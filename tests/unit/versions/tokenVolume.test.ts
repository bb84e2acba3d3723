/**
 * The service account's token volume of each release: today's projected kube-api-access-xxxxx,
 * and v1.18's and v1.3's token Secret "<serviceAccountName>-token-xxxxx" (before
 * BoundServiceAccountTokenVolume), in the container dumps, the volume manager's lines and
 * kubectl describe. A real v1.18 kubelet logs, at reconciler.go:
 *   operationExecutor.VerifyControllerAttachedVolume started for volume "default-token-7m864"
 *   (UniqueName: "kubernetes.io/secret/<uid>-default-token-7m864") pod "web-1" (UID: "<uid>")
 */
import { describe, expect, it } from 'vitest';
import { helloPodOn } from './helloPodRun';
import { describePod, formatKlog, type SimulationRun } from '../../../src/sim/index';

const run = helloPodOn;

const lines = (r: SimulationRun, v = 4) =>
  r.trace.logs.filter((l) => l.v <= v).map((l) => formatKlog(l));
const end = (r: SimulationRun) => r.trace.steps.t.length;

describe('v1.18 mounts the service account token Secret', () => {
  const r = run('1.18');
  const uid = Object.keys(r.config.pods)[0]!;

  it('names it <serviceAccountName>-token-<5 chars> in the Container dump', () => {
    const creating = lines(r).find((l) => l.includes('Creating container &Container{'))!;
    expect(creating).toMatch(
      /VolumeMounts:\[\]VolumeMount\{VolumeMount\{Name:default-token-[bcdfghjklmnpqrstvwxz2456789]{5},ReadOnly:true,MountPath:\/var\/run\/secrets\/kubernetes\.io\/serviceaccount,/,
    );
    expect(creating).not.toContain('kube-api-access');
  });

  it('logs the volume operations for a secret volume, as a v1.18 kubelet does', () => {
    const log = lines(r);
    const verify = log.find((l) => l.includes('VerifyControllerAttachedVolume started'));
    expect(verify).toMatch(
      new RegExp(
        `reconciler\\.go:\\d+\\] operationExecutor\\.VerifyControllerAttachedVolume started for volume "(default-token-\\w{5})" \\(UniqueName: "kubernetes\\.io/secret/${uid}-\\1"\\) pod "web" \\(UID: "${uid}"\\) $`,
      ),
    );
    expect(
      log.some((l) =>
        l.includes('] operationExecutor.MountVolume started for volume "default-token-'),
      ),
    ).toBe(true);
    expect(
      log.some((l) => l.includes('] MountVolume.SetUp succeeded for volume "default-token-')),
    ).toBe(true);
    // MountVolume started and SetUp succeeded are V(1); VerifyControllerAttachedVolume is V(0).
    const atV0 = lines(r, 0);
    expect(atV0.some((l) => l.includes('VerifyControllerAttachedVolume started'))).toBe(true);
    expect(atV0.some((l) => l.includes('MountVolume.SetUp succeeded'))).toBe(false);
  });

  it('describes it as a Secret volume', () => {
    const text = describePod(r, 'default/web', end(r));
    expect(text).toMatch(
      /Volumes:\n {2}(default-token-\w{5}):\n {4}Type: +Secret \(a volume populated by a Secret\)\n {4}SecretName: +\1\n {4}Optional: +false\n/,
    );
    expect(text).toMatch(
      /\/var\/run\/secrets\/kubernetes\.io\/serviceaccount from default-token-\w{5} \(ro\)/,
    );
  });

  it("is the service account's Secret: another service account, another name", () => {
    const other = run('1.18', (spec) => (spec.serviceAccountName = 'builder'));
    expect(describePod(other, 'default/web', end(other))).toMatch(/ {2}builder-token-\w{5}:\n/);
  });

  it('is left out with automountServiceAccountToken: false', () => {
    const none = run('1.18', (spec) => (spec.automountServiceAccountToken = false));
    expect(describePod(none, 'default/web', end(none))).toMatch(/Volumes:\s+<none>\n/);
    expect(lines(none).some((l) => l.includes('for volume'))).toBe(false);
  });
});

describe('v1.3 and today', () => {
  it("v1.3's kubectl prints no Optional (SecretVolumeSource.Optional came in 1.7)", () => {
    const r = run('1.3');
    const text = describePod(r, 'default/web', end(r));
    expect(text).toMatch(/SecretName:[ \t]+default-token-\w{5}\n/);
    expect(text).not.toMatch(/Optional:/);
  });

  it('today mounts kube-api-access, a projected volume, and logs its mount at V(1)', () => {
    const r = run('1.34');
    expect(describePod(r, 'default/web', end(r))).toMatch(
      / {2}kube-api-access-\w{5}:\n {4}Type: +Projected/,
    );
    expect(lines(r).some((l) => l.includes('kubernetes.io/projected/'))).toBe(true);
    expect(lines(r, 0).some((l) => l.includes('MountVolume.SetUp succeeded'))).toBe(false);
    expect(lines(r, 1).some((l) => l.includes('MountVolume.SetUp succeeded'))).toBe(true);
  });
});
