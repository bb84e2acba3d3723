/**
 * The pull credential check for present images (KubeletEnsureSecretPulledImages: alpha and off in
 * 1.33, beta and on from 1.35): PullManager.MustAttemptImagePull over the image's pulled record,
 * imagePullCredentialsVerificationPolicy's enforcers, RecordImagePulled after a pull, and the
 * configuration validation of 1.33+.
 */
import { describe, expect, it } from 'vitest';
import { parseScenario, simulate, versionProblems } from '../../../src/sim/index';
import type { Scenario } from '../../../src/sim/scenario/schema';
import type { KubeletVersionName } from '../../../src/sim/versions/names';
import { readFileSync } from 'node:fs';

const TEXT = readFileSync('presets/image-pull-credentials.yaml', 'utf8');

function parsed(text: string): Scenario {
  const p = parseScenario(text);
  if (!p.ok) throw new Error(JSON.stringify(p.problems));
  return p.scenario;
}

function on(
  s: Scenario,
  v: KubeletVersionName,
  kubelet: Partial<Scenario['node']['kubelet']> = {},
): Scenario {
  return {
    ...s,
    node: { ...s.node, kubeletVersion: v, kubelet: { ...s.node.kubelet, ...kubelet } },
  };
}

/** The Events of a run as "<namespace>/<pod> <reason>: <message>". */
function events(s: Scenario): string[] {
  return simulate(s).trace.events.map((e) => `${e.object} ${e.reason}: ${e.message}`);
}
const pulls = (s: Scenario) => events(s).filter((e) => e.includes(' Pulling: '));
const TEAM_B_PULL = 'team-b/train Pulling: Pulling image "registry.example.com/team-a/trainer:2.1"';

/** The preset plus more pods (YAML list items under `pods:`) and Secrets. */
function withPods(pods: string, secrets = ''): Scenario {
  return parsed(
    TEXT.replace('faults: []', `${pods}\nfaults: []`).replace('\npods:\n', `\n${secrets}pods:\n`),
  );
}

describe('the pull credential check of a present image', () => {
  const preset = parsed(TEXT);

  it('pulls the image again for a pod with other credentials from 1.35 (gate on), not on 1.34', () => {
    expect(pulls(on(preset, '1.35'))).toEqual([TEAM_B_PULL]);
    expect(pulls(on(preset, '1.34'))).toEqual([]);
    // 1.33, the alpha gate turned on.
    expect(
      pulls(on(preset, '1.33', { featureGates: { KubeletEnsureSecretPulledImages: true } })),
    ).toEqual([TEAM_B_PULL]);
    // The pod whose Secret pulled it, and the preloaded busybox, need no pull.
    expect(events(on(preset, '1.35'))).toContain(
      'team-a/train Pulled: Container image "registry.example.com/team-a/trainer:2.1" already present on machine and can be accessed by the pod',
    );
  });

  it('each imagePullCredentialsVerificationPolicy decides as its enforcer does', () => {
    const policy = (p: Scenario['node']['kubelet']['imagePullCredentialsVerificationPolicy']) =>
      pulls(on(preset, '1.35', { imagePullCredentialsVerificationPolicy: p }));
    expect(policy('NeverVerify')).toEqual([]);
    expect(policy('NeverVerifyPreloadedImages')).toEqual([TEAM_B_PULL]);
    // AlwaysVerify: busybox has no record, so even the preloaded image is pulled.
    expect(policy('AlwaysVerify')).toEqual([
      TEAM_B_PULL,
      'team-c/tools Pulling: Pulling image "busybox:1.36"',
    ]);
  });

  it('the allowlist matches the image without its tag from 1.36; before, only a prefix matched', () => {
    const allow = (v: KubeletVersionName, pattern: string) =>
      pulls(
        on(preset, v, {
          imagePullCredentialsVerificationPolicy: 'NeverVerifyAllowlistedImages',
          preloadedImagesVerificationAllowlist: [pattern],
        }),
      );
    const busybox = 'team-c/tools Pulling: Pulling image "busybox:1.36"';
    // Not allowlisted: every present image needs its credentials checked.
    expect(allow('1.36', 'registry.example.com/team-a/trainer')).toEqual([busybox]);
    expect(allow('1.35', 'registry.example.com/team-a/trainer')).toEqual([TEAM_B_PULL, busybox]);
    expect(allow('1.35', 'registry.example.com/team-a/*')).toEqual([busybox]);
  });

  it('a pull records the pod’s Secret; a Secret with the same credentials matches too', () => {
    const later = [
      '  - at: 20s',
      '    manifest:',
      '      metadata: { name: again, namespace: team-b }',
      '      spec:',
      '        imagePullSecrets: [{ name: regcred-b }]',
      '        containers: [{ name: trainer, image: "registry.example.com/team-a/trainer:2.1" }]',
      '  - at: 20s',
      '    manifest:',
      '      metadata: { name: copy, namespace: team-d }',
      '      spec:',
      '        imagePullSecrets: [{ name: same-as-a }]',
      '        containers: [{ name: trainer, image: "registry.example.com/team-a/trainer:2.1" }]',
    ].join('\n');
    const dataA = preset.secrets.find((x) => x.name === 'regcred')!.data['.dockerconfigjson']!;
    const s = withPods(
      later,
      `  - { name: same-as-a, namespace: team-d, data: { .dockerconfigjson: ${dataA} } }\n`,
    );
    expect(s.secrets.map((x) => `${x.namespace}/${x.name}`)).toContain('team-d/same-as-a');
    // team-b's first pod pulled with regcred-b: its second pod uses the image as it is; team-d's
    // Secret has team-a's credentials (the same hash).
    expect(pulls(on(s, '1.35'))).toEqual([TEAM_B_PULL]);
  });

  it('imagePullPolicy Never: a present image the pod may not use fails with ErrImageNeverPull', () => {
    const preset = parsed(TEXT);
    const teamB = preset.pods[1]!.manifest;
    const never = {
      ...teamB,
      spec: {
        ...teamB.spec,
        containers: teamB.spec.containers.map((c) => ({ ...c, imagePullPolicy: 'Never' as const })),
      },
    };
    const s = {
      ...preset,
      pods: preset.pods.map((p, i) => (i === 1 ? { ...p, manifest: never } : p)),
    };
    expect(s.pods[1]!.manifest.spec.containers[0]!.imagePullPolicy).toBe('Never');
    const got = events(on(s, '1.35'));
    expect(got).toContain(
      'team-b/train ErrImageNeverPull: Container image "registry.example.com/team-a/trainer:2.1" is not present with pull policy of Never',
    );
    expect(events(on(s, '1.34')).some((e) => e.includes('ErrImageNeverPull'))).toBe(false);
  });

  it('refuses the policy without the gate, and an allowlist without its policy', () => {
    const problems = (v: KubeletVersionName, k: Partial<Scenario['node']['kubelet']>) =>
      versionProblems(on(preset, v, k)).map((p) => `${p.path}: ${p.message}`);
    expect(problems('1.34', { imagePullCredentialsVerificationPolicy: 'AlwaysVerify' })).toEqual([
      'node.kubelet.imagePullCredentialsVerificationPolicy: kubelet 1.34 refuses its configuration: "invalid configuration: `imagePullCredentialsVerificationPolicy` must not be set if KubeletEnsureSecretPulledImages feature gate is not enabled" (the gate is alpha, off by default: set node.kubelet.featureGates.KubeletEnsureSecretPulledImages: true)',
    ]);
    expect(
      problems('1.35', { preloadedImagesVerificationAllowlist: ['registry.example.com/*'] }),
    ).toEqual([
      'node.kubelet.preloadedImagesVerificationAllowlist: kubelet 1.35 refuses its configuration: "invalid configuration: can\'t set `preloadedImagesVerificationAllowlist` if `imagePullCredentialsVertificationPolicy` is not "NeverVerifyAllowlistedImages""',
    ]);
    expect(
      problems('1.35', {
        imagePullCredentialsVerificationPolicy: 'NeverVerifyAllowlistedImages',
        preloadedImagesVerificationAllowlist: ['registry.example.com/app:1.0', 'docker.io/*'],
      }),
    ).toEqual([
      'node.kubelet.preloadedImagesVerificationAllowlist[0]: kubelet 1.35 refuses its configuration: "invalid configuration: invalid image pattern in `preloadedImagesVerificationAllowlist`: neither tag nor digest is accepted in an image reference: registry.example.com/app:1.0"',
    ]);
    expect(problems('1.32', { imagePullCredentialsVerificationPolicy: 'AlwaysVerify' })).toEqual([
      'node.kubelet.imagePullCredentialsVerificationPolicy: kubelet 1.32 does not have this: imagePullCredentialsVerificationPolicy arrived in 1.33',
    ]);
  });
});
