/**
 * image_manager.go EnsureImageExists: applyDefaultImageTag (parsers.ParseImageName, i.e.
 * distribution/reference ParseNormalizedNamed) refuses the spec's image: InspectFailed,
 * Failed "Error: InvalidImageName", Waiting reason InvalidImageName, retried each sync.
 */
import { describe, expect, it } from 'vitest';
import { podsAt } from '../../../src/sim/index';
import { parseNormalizedNamedError } from '../../../src/sim/kubelet/imageReference';
import { pod, runText, scenario } from './helpers';

describe('ParseNormalizedNamed', () => {
  it('accepts what the presets use and refuses bad references with its texts', () => {
    for (const ok of ['nginx', 'nginx:1.27', 'registry.k8s.io/pause:3.10', 'localhost:5000/a:1'])
      expect(parseNormalizedNamedError(ok), ok).toBeUndefined();
    expect(parseNormalizedNamedError('nginx:1.27:x')).toBe('invalid reference format');
    expect(parseNormalizedNamedError('nginx:')).toBe('invalid reference format');
    expect(parseNormalizedNamedError('Nginx:1.27')).toBe(
      'invalid reference format: repository name (library/Nginx) must be lowercase',
    );
  });
});

describe('InvalidImageName', () => {
  const text = (version = '') =>
    scenario({
      pods: pod('web', 'containers:\n  - name: app\n    image: "nginx:1.27:x"'),
      horizon: '30s',
    }).replace('node:\n', `node:\n${version}`);
  const r = runText(text());

  it('InspectFailed with the parse error, then Failed "Error: InvalidImageName"; no pull', () => {
    const evs = r.trace.events.filter((e) => e.fieldPath === 'spec.containers{app}');
    expect(evs.slice(0, 2).map((e) => [e.type, e.reason, e.message])).toEqual([
      [
        'Warning',
        'InspectFailed',
        'Failed to apply default image tag "nginx:1.27:x": couldn\'t parse image name "nginx:1.27:x": invalid reference format',
      ],
      ['Warning', 'Failed', 'Error: InvalidImageName'],
    ]);
    expect(evs.some((e) => e.reason === 'Pulling' || e.reason === 'Created')).toBe(false);
    // Retried at each sync: more than one InspectFailed.
    expect(evs.filter((e) => e.reason === 'InspectFailed').length).toBeGreaterThan(1);
  });

  it('the container waits with reason InvalidImageName', () => {
    const row = podsAt(r, r.trace.steps.t.length)[0]!;
    expect(row.status).toBe('InvalidImageName');
    expect(row.containers[0]).toMatchObject({ state: 'Waiting', reason: 'InvalidImageName' });
  });

  it('1.18 words it "couldn\'t parse image reference"', () => {
    const old = runText(text('  kubeletVersion: "1.18"\n'));
    const e = old.trace.events.find((x) => x.reason === 'InspectFailed')!;
    expect(e.message).toBe(
      'Failed to apply default image tag "nginx:1.27:x": couldn\'t parse image reference "nginx:1.27:x": invalid reference format',
    );
  });
});
