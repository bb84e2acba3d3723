import { readFileSync } from 'node:fs';
import { parseScenario, simulate, type SimulationRun } from '../../../src/sim/index';

export function runText(text: string): SimulationRun {
  const p = parseScenario(text);
  if (!p.ok) throw new Error(JSON.stringify(p.problems));
  return simulate(p.scenario);
}

/** A preset, on the kubelet version it names or on `kubeletVersion`. */
export function runPreset(name: string, kubeletVersion?: string): SimulationRun {
  const p = parseScenario(readFileSync(`presets/${name}.yaml`, 'utf8'));
  if (!p.ok) throw new Error(JSON.stringify(p.problems));
  if (kubeletVersion === undefined) return simulate(p.scenario);
  const v = kubeletVersion as typeof p.scenario.node.kubeletVersion;
  return simulate({ ...p.scenario, node: { ...p.scenario.node, kubeletVersion: v } });
}

/** A one-node scenario around the given pods/faults/actions YAML fragments. */
export function scenario(opts: {
  pods: string;
  faults?: string;
  actions?: string;
  horizon?: string;
  kubelet?: string;
  images?: string;
  kubeletVersion?: string;
}): string {
  return `apiVersion: kubeletscope/v1
kind: Scenario
metadata: { name: t }
seed: 1
horizon: ${opts.horizon ?? '2m'}
node:
  name: node-1
${opts.kubeletVersion ? `  kubeletVersion: "${opts.kubeletVersion}"\n` : ''}  topology: { sockets: 1, coresPerSocket: 4, threadsPerCore: 2 }
  kubelet: { ${opts.kubelet ?? ''} }
  images:
${opts.images ?? '    - { name: nginx:1.27, present: true }\n    - { name: busybox:1.36, present: true }'}
  runtime: { runPodSandbox: 800ms, createContainer: 60ms, startContainer: 120ms, stopContainer: 200ms, hook: 200ms }
pods:
${opts.pods}
faults:
${opts.faults ?? '  []'}
actions:
${opts.actions ?? '  []'}
`;
}

export function pod(name: string, body: string, at = '0s'): string {
  return `  - at: ${at}
    manifest:
      metadata: { name: ${name}, namespace: default }
      spec:
${body
  .split('\n')
  .map((l) => `        ${l}`)
  .join('\n')}`;
}

/**
 * maxPods 1 and two pods: a runs, b arrives 5 s later and is rejected at admission
 * (OutOfpods, phase Failed). `actions`/`horizon` as scenario() takes them.
 */
export function rejectedByMaxPods(
  opts: { actions?: string; horizon?: string } = {},
): SimulationRun {
  return runText(
    scenario({
      kubelet: 'maxPods: 1',
      pods: [
        pod('a', 'containers:\n  - { name: app, image: nginx:1.27 }'),
        pod('b', 'containers:\n  - { name: app, image: nginx:1.27 }', '5s'),
      ].join('\n'),
      horizon: opts.horizon ?? '20s',
      ...(opts.actions !== undefined ? { actions: opts.actions } : {}),
    }),
  );
}
