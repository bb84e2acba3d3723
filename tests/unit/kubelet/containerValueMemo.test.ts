/**
 * A container's %v (format.ts containerValue) is kept by the scenario's container spec, so a new
 * run of the same scenario renders nothing again. The pod still matters: its kube-api-access
 * volume is among the mounts, so two pods sharing one spec object print different values.
 */
import { describe, expect, it } from 'vitest';
import { compileScenario, parseScenario } from '../../../src/sim/index';
import { containerValue } from '../../../src/sim/kubelet/format';
import { containerString } from '../../../src/sim/kubelet/goContainer';
import { kubeApiAccessVolume } from '../../../src/sim/kubelet/volumes';
import { pod, scenario } from './helpers';

describe('containerValue memo', () => {
  it('renders per pod for a spec object two pods share, and again for a new run', () => {
    const p = parseScenario(
      scenario({
        pods: [
          pod('a', 'containers:\n  - name: app\n    image: nginx:1.27'),
          pod('b', 'containers:\n  - name: app\n    image: nginx:1.27'),
        ].join('\n'),
      }),
    );
    if (!p.ok) throw new Error('scenario does not parse');
    const s = p.scenario;
    // One spec object in both pods (as a shared template would give).
    s.pods[1]!.manifest.spec.containers[0] = s.pods[0]!.manifest.spec.containers[0]!;
    const values = () => {
      const run = compileScenario(s);
      return Object.values(run.pods).map((pd) => {
        const c = pd.byName.app!;
        expect(containerValue(c, pd)).toBe(containerString(pd, c));
        return containerValue(c, pd);
      });
    };
    const first = values();
    expect(first[0]).not.toBe(first[1]);
    const run = compileScenario(s);
    for (const [i, pd] of Object.values(run.pods).entries())
      expect(first[i]).toContain(`Name:${kubeApiAccessVolume(pd)},`);
    // A second compile of the same scenario: new definitions, the same renderings.
    expect(values()).toEqual(first);
  });
});
