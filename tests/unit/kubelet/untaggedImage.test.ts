/**
 * Row 1: image_manager.go EnsureImageExists names the image in its events as the spec wrote it
 * (imgRef); only the ImageSpec sent to the runtime carries applyDefaultImageTag's ":latest".
 */
import { describe, expect, it } from 'vitest';
import { pod, runText, scenario } from './helpers';

function messages(images: string, pullPolicy = ''): string[] {
  const run = runText(
    scenario({
      pods: pod('web', `containers:\n  - { name: app, image: nginx${pullPolicy} }`),
      images,
    }),
  );
  return run.trace.events.map((e) => `${e.reason} ${e.message}`);
}

describe('untagged image in events', () => {
  it('Pulling and Pulled say "nginx", not "nginx:latest"', () => {
    const ev = messages('    - { name: nginx:latest, present: false, pullTime: 2s }');
    expect(ev).toContain('Pulling Pulling image "nginx"');
    const pulled = ev.find((m) => m.startsWith('Pulled '));
    expect(pulled).toMatch(/^Pulled Successfully pulled image "nginx" in /);
    expect(ev.join('\n')).not.toContain('nginx:latest');
  });

  it('"already present on machine" says "nginx" too', () => {
    const ev = messages(
      '    - { name: nginx:latest, present: true }',
      ', imagePullPolicy: IfNotPresent',
    );
    expect(ev).toContain(
      'Pulled Container image "nginx" already present on machine and can be accessed by the pod',
    );
  });

  it('a failed pull names the spec image; the registry error names the defaulted reference', () => {
    const run = runText(
      scenario({
        pods: pod('web', 'containers:\n  - { name: app, image: nginx }'),
        images: '    - { name: nginx:latest, present: false }',
        faults: '  - { kind: ImagePullError, target: default/web/app, times: 1 }',
      }),
    );
    const failed = run.trace.events.find((e) => e.reason === 'Failed')?.message ?? '';
    expect(failed).toMatch(
      /^Failed to pull image "nginx": rpc error: .*"docker.io\/library\/nginx:latest"/,
    );
  });
});
