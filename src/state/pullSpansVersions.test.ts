/**
 * The pull drawn on a container's lane ends when its startContainer leaves the state that
 * waits for the image, on every kubelet version (kuberuntime's pullingImage, v1.3's
 * DockerManager waitingForPull), so a running container never shows "pulling" beside it.
 */
import { describe, expect, it } from 'vitest';
import { buildRunView } from './buildRunView';
import { loadPreset } from '../sim';
import { pullWaits } from '../viz/kubelet/pullSpans';

describe('pull spans on every kubelet version', () => {
  it('v1.3: the app pull ends when startContainer leaves waitingForPull', () => {
    const p = loadPreset('v1-3-infra-container');
    if (!p.ok) throw new Error('preset');
    expect(p.scenario.node.kubeletVersion).toBe('1.3');
    const view = buildRunView(p.scenario);
    const raw = view.raw;
    const { steps, strings, entities } = raw.trace;
    const left = steps.t.findIndex(
      (_, i) =>
        entities[steps.entity[i]!]?.id === 'startContainer:default/web/app' &&
        strings[steps.from[i]!] === 'waitingForPull',
    );
    expect(left).toBeGreaterThan(0);
    const waits = pullWaits(raw.trace, () => 'default/web');
    const app = waits.find((w) => w.container === 'default/web/app')!;
    expect(app.done).toBe(steps.t[left]);
    expect(app.done).toBeLessThan(raw.trace.endT);
    // One lane for the app: the pull and the running container do not overlap.
    expect(view.lanes.lanes.filter((l) => l.label.startsWith('app (')).length).toBe(0);
  });
});
