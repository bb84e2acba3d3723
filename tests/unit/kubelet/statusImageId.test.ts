/**
 * convertContainerStatus's ImageID is the runtime's image_ref for the container: "" while the
 * container does not exist yet, then the image's repository digest, the same one kubectl
 * describe shows as "Image ID".
 */
import { describe, expect, it } from 'vitest';
import { describePod } from '../../../src/sim/index';
import { imageRefDigest } from '../../../src/sim/kubelet/imageReference';
import { runPreset } from './helpers';

describe('the container status image ID', () => {
  const r = runPreset('hello-pod');
  const updates = r.trace.logs.filter((l) => l.msg === 'Status for pod updated successfully');
  const imageIds = updates.map((l) => {
    const status = JSON.parse(l.kv.find(([k]) => k === 'status')![1]) as {
      containerStatuses?: { imageID: string }[];
    };
    return status.containerStatuses?.[0]?.imageID;
  });

  it('is empty before the container is created, then the image digest describe shows', () => {
    expect(imageIds[0]).toBe('');
    const last = imageIds[imageIds.length - 1]!;
    expect(last).toMatch(/^docker\.io\/library\/nginx@sha256:[0-9a-f]{64}$/);
    const text = describePod(r, 'default/web', r.trace.steps.t.length);
    expect(text).toContain(`Image ID:       ${last}\n`);
  });

  it('changes in a patch once the container exists', () => {
    const patches = r.trace.logs
      .filter((l) => l.msg === 'Patch status for pod')
      .map((l) => JSON.parse(l.kv.find(([k]) => k === 'patch')![1]) as string);
    expect(patches.some((p) => p.includes('"imageID":"docker.io/library/nginx@sha256:'))).toBe(
      true,
    );
  });
});

describe('the image ID of an image named by digest', () => {
  it('is that digest, on the fully qualified repository (a tag beside it dropped)', () => {
    const d = `sha256:${'b'.repeat(64)}`;
    expect(imageRefDigest(`nginx@${d}`)).toBe(`docker.io/library/nginx@${d}`);
    expect(imageRefDigest(`nginx:1.27@${d}`)).toBe(`docker.io/library/nginx@${d}`);
    expect(imageRefDigest(`localhost:5000/app:1@${d}`)).toBe(`localhost:5000/app@${d}`);
    expect(imageRefDigest('localhost:5000/app:1')).toMatch(
      /^localhost:5000\/app@sha256:[0-9a-f]{64}$/,
    );
  });
});
