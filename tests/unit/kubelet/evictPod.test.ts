/**
 * The eviction manager's evictPod (eviction_manager.go) through killPodNow and the pod worker:
 * the Evicted Event and "Evicting pod", "Pod is being evicted by the kubelet, begin teardown",
 * the kill with a hard threshold's grace period (the pod's own before 1.31, whose override 0
 * calculateEffectiveGracePeriod reads as unset; 1 s from 1.31), the status function (Failed,
 * Evicted, the message, DisruptionTarget from 1.26) and, once killPodNow returns, "Eviction
 * manager: pod is evicted successfully". A container that had not run is ContainerStatusUnknown
 * (TerminatePod). Before 1.22 the action is refused.
 */
import { describe, expect, it } from 'vitest';
import { describePod, formatKlog, parseScenario, simulate } from '../../../src/sim/index';

const text = (version: string) => `apiVersion: kubeletscope/v1
kind: Scenario
metadata: { name: evict }
horizon: 1m
node:
  topology: { sockets: 1, coresPerSocket: 4, threadsPerCore: 2 }
  kubeletVersion: "${version}"
  images:
    - { name: nginx:1.27, present: true }
    - { name: example.com/x:1, present: false }
pods:
  - at: 0s
    manifest:
      metadata: { name: web, namespace: default }
      spec:
        containers:
          - { name: app, image: nginx:1.27 }
  - at: 0s
    manifest:
      metadata: { name: stuck, namespace: default }
      spec:
        containers:
          - { name: app, image: "example.com/x:1" }
faults:
  - { kind: ImagePullError, target: default/stuck/app }
actions:
  - { kind: EvictPod, at: 10s, target: default/web, resource: ephemeral-storage, threshold: 1Gi, available: "0" }
  - { kind: EvictPod, at: 20s, target: default/stuck, resource: memory }
`;

const MESSAGE =
  'The node was low on resource: ephemeral-storage. Threshold quantity: 1Gi, available: 0. ';

function run(version: string) {
  const p = parseScenario(text(version));
  if (!p.ok) throw new Error(JSON.stringify(p.problems));
  const r = simulate(p.scenario);
  const lines = r.trace.logs.map((l) => formatKlog(l));
  const end = r.trace.steps.t.length;
  return { r, lines, describe: (pod: string) => describePod(r, `default/${pod}`, end) };
}

describe('EvictPod', () => {
  it.each([
    ['1.22', 30, false],
    ['1.28', 30, true],
    ['1.31', 1, true],
    ['1.37', 1, true],
  ] as const)('on %s: grace %i s, DisruptionTarget %s', (version, grace, disruption) => {
    const { r, lines, describe } = run(version);
    const ev = r.trace.events.find((e) => e.reason === 'Evicted')!;
    expect([ev.type, ev.message]).toEqual(['Warning', MESSAGE]);
    const of = (msg: string) => lines.findIndex((l) => l.includes(`"${msg}"`) && l.includes('web'));
    const order = [
      'Evicting pod',
      'Pod is being evicted by the kubelet, begin teardown',
      'Pod terminating with grace period',
      'Eviction manager: pod is evicted successfully',
    ].map(of);
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(lines[order[2]!]).toMatch(new RegExp(`gracePeriod=${grace}$`));
    const web = describe('web');
    expect(web).toMatch(/^Status: +Failed$/m);
    expect(web).toMatch(/^Reason: +Evicted$/m);
    expect(web).toMatch(
      /^Message: +The node was low on resource: ephemeral-storage\. Threshold quantity: 1Gi, available: 0\. $/m,
    );
    expect(/DisruptionTarget +True/.test(web)).toBe(disruption);
    // It ran: killed, its exit code kept.
    expect(web).toMatch(/Exit Code: +143/);
    // Not running when evicted: TerminatePod's ContainerStatusUnknown, exit 137.
    const stuck = describe('stuck');
    expect(stuck).toMatch(/Reason: +ContainerStatusUnknown/);
    expect(stuck).toMatch(/Exit Code: +137/);
    expect(stuck).toMatch(/^Message: +The node was low on resource: memory\. $/m);
  });

  it('is refused before 1.22, and targets a pod', () => {
    const old = parseScenario(text('1.21'));
    expect(old.ok).toBe(false);
    if (!old.ok)
      expect(old.problems.map((p) => p.message)).toContain(
        "EvictPod is modelled from 1.22 (the pod worker's terminating and terminated stages), not for kubelet 1.21",
      );
    const bad = parseScenario(
      text('1.37').replace('target: default/web,', 'target: default/web/app,'),
    );
    expect(bad.ok).toBe(false);
  });

  it('a run without an eviction is unchanged: no eviction manager, no lines', () => {
    const p = parseScenario(text('1.37').replace(/actions:[\s\S]*$/, ''));
    if (!p.ok) throw new Error('parse');
    const r = simulate(p.scenario);
    expect(r.trace.logs.some((l) => /[Ee]vict/.test(l.msg))).toBe(false);
    expect(r.trace.events.some((e) => e.reason === 'Evicted')).toBe(false);
  });
});
