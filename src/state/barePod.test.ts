/// <reference types="vite/client" />
import KUBECTL_GET from '../../tests/fixtures/kubectl-get-pod.yaml?raw';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../sim';
import { loadPreset, presetText } from '../sim';
import { barePodOf, cleanPod, wrapBarePod } from './barePod';

const base = (() => {
  const r = loadPreset('hello-pod');
  if (!r.ok) throw new Error('hello-pod');
  return r.scenario;
})();

describe('a pasted bare Pod', () => {
  it('is recognised as a Pod, and a scenario is not', () => {
    expect(barePodOf(KUBECTL_GET)?.kind).toBe('Pod');
    expect(barePodOf('apiVersion: v1\nkind: Pod\nmetadata: { name: x }\n')).not.toBeNull();
    expect(barePodOf('{"apiVersion":"v1","kind":"Pod","metadata":{"name":"x"}}')).not.toBeNull();
    expect(barePodOf(presetText('hello-pod')!)).toBeNull();
    expect(barePodOf('kind: Pod\n  bad: [')).toBeNull();
    expect(barePodOf('apiVersion: apps/v1\nkind: Pod\n')).toBeNull();
  });

  it('drops what the API server added and the node it ran on', () => {
    const pod = cleanPod(barePodOf(KUBECTL_GET)!);
    const meta = pod.metadata as Record<string, unknown>;
    expect(meta.managedFields).toBeUndefined();
    expect(meta.resourceVersion).toBeUndefined();
    expect(meta.creationTimestamp).toBeUndefined();
    expect(meta.annotations).toBeUndefined(); // only last-applied was there
    expect(meta.labels).toEqual({ run: 'web' });
    expect(pod.status).toBeUndefined();
    expect((pod.spec as Record<string, unknown>).nodeName).toBeUndefined();
    expect((pod.spec as Record<string, unknown>).tolerations).toBeDefined();
  });

  it('wraps kubectl get pod -o yaml output into a scenario that parses and runs it', () => {
    const w = wrapBarePod(barePodOf(KUBECTL_GET)!, base);
    expect(w.valid).toBe(true);
    const r = parseScenario(w.text);
    expect(r.ok ? [] : r.problems).toEqual([]);
    if (!r.ok) return;
    expect(r.scenario.pods).toHaveLength(1);
    expect(r.scenario.pods[0]!.manifest.metadata.name).toBe('web');
    expect(r.scenario.node.topology).toEqual(base.node.topology);
    // Its image is listed on the node (not present: the run pulls it).
    expect(r.scenario.node.images).toContainEqual({ name: 'nginx:1.25', present: false });
  });

  it('keeps the text and names the problem when the pod itself is wrong', () => {
    const w = wrapBarePod(
      barePodOf(
        'apiVersion: v1\nkind: Pod\nmetadata: { name: x }\nspec:\n  containers:\n    - name: a\n      image: b\n      startUpProbe: {}\n',
      )!,
      base,
    );
    expect(w.valid).toBe(false);
    expect(w.problem).toContain('unknown field "spec.containers[0].startUpProbe"');
    expect(w.text).toContain('startUpProbe');
  });
});
