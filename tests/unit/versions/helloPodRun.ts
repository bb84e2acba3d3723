import { readFileSync } from 'node:fs';
import { parseScenario, simulate } from '../../../src/sim/index';

/** hello-pod on a kubelet version, its pod spec edited first. */
export function helloPodOn(
  version: string,
  edit: (spec: Record<string, unknown>) => void = () => {},
) {
  const p = parseScenario(readFileSync('presets/hello-pod.yaml', 'utf8'));
  if (!p.ok) throw new Error('hello-pod');
  const s = structuredClone(p.scenario);
  edit(s.pods[0]!.manifest.spec);
  return simulate({ ...s, node: { ...s.node, kubeletVersion: version as never } });
}
