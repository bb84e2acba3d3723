/**
 * A probe tick that changes nothing returns without running doProbe's checks again (the
 * guards already found it idle, effects/prober.ts). It must still record a new container:
 * worker.go doProbe sets w.containerID (and resets the result) on every tick that finds a
 * container with an ID, before it looks at onHold or the initial delay.
 */
import { describe, expect, it } from 'vitest';
import { isContainer } from '../../../src/sim/kubelet/probeOutlook';
import { pod, runText, scenario } from './helpers';

describe('prober idle ticks', () => {
  it('isContainer matches "containerd://<id>" to exactly <id>', () => {
    expect(isContainer('containerd://abc123', 'abc123')).toBe(true);
    expect(isContainer('containerd://abc123', 'bc123')).toBe(false);
    expect(isContainer('containerd://abc123', 'xabc123')).toBe(false);
    expect(isContainer('containerd://abc123', undefined)).toBe(false);
  });

  it('after every tick that finds a container, the worker knows that container', () => {
    // Liveness fails 3 times: the container is killed and a new one starts, whose first ticks
    // fall within its initial delay (an idle outlook, on a container the worker has not seen).
    const r = runText(
      scenario({
        pods: pod(
          'web',
          'containers:\n  - name: app\n    image: nginx:1.27\n    livenessProbe: { httpGet: { path: /healthz, port: 80 }, periodSeconds: 5, initialDelaySeconds: 12 }',
        ),
        faults: '  - { kind: LivenessProbeFail, target: default/web/app, times: 3 }',
        horizon: '2m',
      }),
    );
    const { steps, entities } = r.trace;
    const ids = new Set<string>();
    let checked = 0;
    for (let s = 0; s < steps.t.length; s++) {
      const ent = entities[steps.entity[s]!]!;
      if (ent.kind !== 'prober') continue;
      const w = r.stateAt(s + 1);
      const status = w.domain.status[Object.keys(w.domain.status)[0]!];
      const cs = status?.containerStatuses.find((c) => c.name === 'app' && c.containerID);
      const worker = w.domain.probers[ent.id];
      if (!cs || !worker || status?.phase === 'Failed' || status?.phase === 'Succeeded') continue;
      expect(worker.containerId, `step ${s}`).toBe(cs.containerID!.slice('containerd://'.length));
      ids.add(worker.containerId!);
      checked++;
    }
    // Both containers were seen, over many ticks.
    expect(ids.size).toBe(2);
    expect(checked).toBeGreaterThan(10);
  });
});
