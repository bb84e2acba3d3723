/**
 * What the rebuild keeps of excerpts that name no container: Events of kubelets before 1.15
 * ("pulling image", "Created container") carry the image but not the container.
 */
import { describe, expect, it } from 'vitest';
import { replayText } from '../../../src/replay';
import { reconstructScenario } from '../../../src/replay/scenario';
import { validateScenario } from '../../../src/sim';

// The layout of `kubectl describe pod` Events before 1.15 (From "kubelet, <node>"), as pasted in
// public issue threads of 2018 (e.g. google/trillian#1182); names changed.
const EVENTS = `Events:
  Type    Reason     Age   From                 Message
  ----    ------     ----  ----                 -------
  Normal  Scheduled  36s   default-scheduler    Successfully assigned web-5d8f7 to node-a
  Normal  Pulling    32s   kubelet, node-a      pulling image "registry.example/web:1.2"
  Normal  Created    30s   kubelet, node-a      Created container`;

describe('an excerpt that names no container', () => {
  it('its one placeholder container runs the image the pull Events name, pulled, not present', () => {
    const r = replayText(EVENTS, { year: 2018 });
    const { input, yaml } = reconstructScenario(r, { source: 'x' });
    const v = validateScenario(input);
    if (!v.ok) throw new Error(JSON.stringify(v.problems));
    expect(v.scenario.pods[0]!.manifest.spec.containers.map((c) => c.image)).toEqual([
      'registry.example/web:1.2',
    ]);
    expect(v.scenario.node.images).toEqual([
      expect.objectContaining({ name: 'registry.example/web:1.2', present: false }),
    ]);
    expect(yaml).toMatch(/no container named in the input/);
    expect(yaml).not.toMatch(/unknown-image/);
  });
});
