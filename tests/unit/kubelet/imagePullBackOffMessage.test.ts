/**
 * imageManager.pullImage in back-off (images/image_manager.go): the BackOff event keeps the
 * short "Back-off pulling image %q"; the message the container's waiting status and the sync's
 * error carry adds the previous pull's error, "ErrImagePull: <runtime error>" (prevPullErrMsg,
 * since 1.30). v1.18's image manager had no such memory.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScenario, simulate, type SimulationRun } from '../../../src/sim/index';

function run(version: string): SimulationRun {
  const p = parseScenario(readFileSync('presets/image-pull-backoff.yaml', 'utf8'));
  if (!p.ok) throw new Error('image-pull-backoff');
  return simulate({
    ...p.scenario,
    node: { ...p.scenario.node, kubeletVersion: version as never },
  });
}

const short = 'Back-off pulling image "example.com/shop/api:2.0"';

describe('the image pull back-off message', () => {
  it('adds the previous pull error to the waiting message and the sync error, not to the event', () => {
    const r = run('1.34');
    const failed = r.trace.events.find(
      (e) => e.reason === 'Failed' && e.message.startsWith('Failed to pull image'),
    )!;
    const pullError = failed.message.replace(/^Failed to pull image "[^"]+": /, '');
    const backOff = r.trace.events.filter((e) => e.reason === 'BackOff');
    expect(backOff.length).toBeGreaterThan(0);
    for (const e of backOff) expect(e.message).toBe(short);
    const sync = r.trace.logs.find(
      (l) =>
        l.msg === 'Error syncing pod, skipping' &&
        l.kv.some(([, v]) => v.includes('ImagePullBackOff')),
    )!;
    const err = JSON.parse(sync.kv.find(([k]) => k === 'err')![1]) as string;
    // The message as the sync error quotes it (%q).
    expect(err).toContain(JSON.stringify(`${short}: ErrImagePull: ${pullError}`));
  });

  it('is the short text alone in v1.18', () => {
    const r = run('1.18');
    const texts = r.trace.logs
      .map((l) => l.text ?? '')
      .filter((t) => t.includes('Back-off pulling image'));
    expect(texts.length).toBeGreaterThan(0);
    for (const t of texts) expect(t).not.toContain('ErrImagePull: rpc error');
  });
});

describe("the image manager's memory of the last pull error", () => {
  it('is kept from a failed pull until the next pull begins', () => {
    const r = run('1.34');
    const uid = Object.keys(r.config.pods)[0]!;
    const key = `${uid}_example.com/shop/api:2.0`;
    const at = (step: number) => r.stateAt(step).domain.imagePullErrors[key];
    const failed = r.trace.events.filter((e) => e.reason === 'Failed');
    const pulling = r.trace.events.filter((e) => e.reason === 'Pulling');
    expect(failed.length).toBeGreaterThan(1);
    // After the first failure it is held; when the next pull starts it is gone.
    expect(at(failed[0]!.step + 1)).toMatch(/^ErrImagePull: rpc error/);
    const next = pulling.find((p) => p.step > failed[0]!.step)!;
    expect(at(next.step + 1)).toBeUndefined();
  });
});
