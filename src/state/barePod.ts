/**
 * A bare Pod pasted into the scenario editor (`kind: Pod`, or `kubectl get pod -o yaml`
 * output with status and managedFields): recognised, then wrapped into a scenario that
 * runs it on the current node. What the API server adds (status, managedFields,
 * resourceVersion, creationTimestamp, the last-applied annotation) and the node it ran on
 * are left out; its images are added to the node as not present, so the run shows pulls.
 */
import { parse, stringify } from 'yaml';
import { formatProblem, validateScenario } from '../sim';
import { toScenarioInput, toYaml } from '../sim';
import type { Scenario } from './types';

type Json = Record<string, unknown>;

const isObj = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The Pod object in the text, if the text is one bare Pod (not a scenario). */
export function barePodOf(text: string): Json | null {
  if (!/^\s*kind:\s*["']?Pod["']?\s*$/m.test(text) && !/"kind"\s*:\s*"Pod"/.test(text)) return null;
  let v: unknown;
  try {
    v = parse(text, { maxAliasCount: 100 });
  } catch {
    return null;
  }
  if (!isObj(v) || v.kind !== 'Pod') return null;
  if (v.apiVersion !== undefined && v.apiVersion !== 'v1') return null;
  return v;
}

/** Fields the API server sets on a Pod; they describe a past run, not what to run. */
const SERVER_META = [
  'managedFields',
  'resourceVersion',
  'creationTimestamp',
  'generation',
  'selfLink',
  'deletionTimestamp',
  'deletionGracePeriodSeconds',
] as const;
const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

/** The pod as a manifest to run: server-set fields and the node binding removed. */
export function cleanPod(pod: Json): Json {
  const meta: Json = { ...(isObj(pod.metadata) ? pod.metadata : {}) };
  for (const k of SERVER_META) delete meta[k];
  if (meta.name === undefined && typeof meta.generateName === 'string')
    meta.name = `${meta.generateName}1`;
  delete meta.generateName;
  if (isObj(meta.annotations)) {
    const a = { ...meta.annotations };
    delete a[LAST_APPLIED];
    if (Object.keys(a).length) meta.annotations = a;
    else delete meta.annotations;
  }
  const spec: Json = { ...(isObj(pod.spec) ? pod.spec : {}) };
  // The scheduler's choice on the cluster it came from; here it runs on this node.
  delete spec.nodeName;
  return { apiVersion: 'v1', kind: 'Pod', metadata: meta, spec };
}

function imagesOf(spec: Json): string[] {
  const out: string[] = [];
  for (const list of [spec.initContainers, spec.containers])
    if (Array.isArray(list))
      for (const c of list) if (isObj(c) && typeof c.image === 'string') out.push(c.image);
  return [...new Set(out)];
}

export type Wrapped = { ok: true; text: string; valid: boolean; problem?: string };

/**
 * The scenario that runs `pod` alone on `base`'s node, as YAML. `valid` says whether it
 * validates; when it does not, the text is still returned (the user fixes it in place)
 * with the first problem.
 */
export function wrapBarePod(pod: Json, base: Scenario): Wrapped {
  const manifest = cleanPod(pod);
  const input = toScenarioInput(base, { durations: 'text', stripDefaults: true });
  const node: Json = { ...(input.node as Json) };
  const images: unknown[] = Array.isArray(node.images) ? (node.images as unknown[]) : [];
  const known = new Set(
    images.flatMap((i) => (isObj(i) && typeof i.name === 'string' ? [i.name] : [])),
  );
  const missing = imagesOf(manifest.spec as Json).filter((i) => !known.has(i));
  node.images = [...images, ...missing.map((name) => ({ name, present: false }))];
  const meta = manifest.metadata as Json;
  const name = typeof meta.name === 'string' ? meta.name : 'pod';
  const scenario: Json = {
    apiVersion: 'kubeletscope/v1',
    kind: 'Scenario',
    metadata: {
      name: `Pod ${name}`,
      caption: `The pod ${name}, pasted from the API, on this node.`,
    },
    seed: input.seed ?? 1,
    horizon: input.horizon ?? '10m',
    node,
    pods: [{ at: '0s', manifest }],
  };
  const r = validateScenario(scenario);
  if (r.ok) return { ok: true, text: toYaml(r.scenario, { minimal: true }), valid: true };
  return {
    ok: true,
    text: stringify(scenario, { lineWidth: 100 }),
    valid: false,
    problem: formatProblem(r.problems[0]!),
  };
}
