/**
 * Scenario (the parsed, validated form) back to its input form: YAML for "Download
 * scenario" and the editor, and a compact object for permalinks. Either way
 * `validateScenario(toScenarioInput(s, ...))` gives back `s`.
 */
import { Document, isMap, isPair, isScalar, isSeq, visit, type Node as YamlNode } from 'yaml';
import type { Millis } from '../core/time';
import type { Scenario } from './schema';

type Json = Record<string, unknown>;

export interface InputFormOptions {
  /** 'text': "90s", "10m" (readable); 'seconds': 90, 600 (shorter in a link). */
  durations: 'text' | 'seconds';
  /** Leave out every value the schema would fill in by itself. */
  stripDefaults: boolean;
}

/** "50ms", "1.5s", "90s", "2m30s", "10m", "1h30m": shortest readable text that parseDuration reads back. */
export function formatDuration(ms: Millis): string {
  if (ms === 0) return '0s';
  if (ms < 1000) return `${ms}ms`;
  // Up to two minutes reads better in seconds, as kubectl prints ages.
  if (ms < 120_000) return `${ms / 1000}s`;
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const rest = ms % 60_000;
  return `${h ? `${h}h` : ''}${m ? `${m}m` : ''}${rest ? `${rest / 1000}s` : ''}`;
}

// Key orders for people reading the file: identity first, then the interesting knobs.
const ORDER = {
  scenario: [
    'apiVersion',
    'kind',
    'metadata',
    'seed',
    'horizon',
    'node',
    'pods',
    'faults',
    'actions',
  ],
  metadata: ['name', 'caption', 'description', 'openAt'],
  node: ['name', 'topology', 'kubelet', 'capacity', 'images', 'runtime'],
  topology: ['preset', 'sockets', 'numaNodesPerSocket', 'coresPerSocket', 'threadsPerCore'],
  kubelet: [
    'cpuManagerPolicy',
    'cpuManagerPolicyOptions',
    'reservedSystemCPUs',
    'topologyManagerPolicy',
    'topologyManagerScope',
  ],
  image: ['name', 'present', 'sizeBytes', 'pullTime'],
  pod: ['at', 'manifest'],
  manifest: ['apiVersion', 'kind', 'metadata', 'spec'],
  podMetadata: ['name', 'namespace', 'uid', 'labels', 'annotations'],
  spec: ['restartPolicy', 'initContainers', 'containers'],
  container: ['name', 'image', 'imagePullPolicy', 'restartPolicy', 'command', 'args', 'resources'],
  fault: ['kind', 'target', 'at'],
  action: ['kind', 'at'],
};

/** A copy with `first` keys leading, the rest in their existing order; undefined values dropped. */
function ordered(o: Json, first: readonly string[]): Json {
  const out: Json = {};
  for (const k of first) if (o[k] !== undefined) out[k] = o[k];
  for (const [k, v] of Object.entries(o)) if (!(k in out) && v !== undefined) out[k] = v;
  return out;
}

function dropIf(o: Json, key: string, value: unknown, when: boolean) {
  if (when && o[key] === value) delete o[key];
}

export function toScenarioInput(s: Scenario, opts: InputFormOptions): Json {
  const strip = opts.stripDefaults;
  const dur = (ms: Millis | undefined) =>
    ms === undefined ? undefined : opts.durations === 'text' ? formatDuration(ms) : ms / 1000;
  const durs = (o: Json, keys: readonly string[]) => {
    for (const k of keys) if (typeof o[k] === 'number') o[k] = dur(o[k]);
  };

  const manifest = (m: Scenario['pods'][number]['manifest']): Json => {
    const meta = ordered({ ...m.metadata }, ORDER.podMetadata);
    dropIf(meta, 'namespace', 'default', strip);
    const container = (c: Json) => ordered(c, ORDER.container);
    const spec = ordered(
      {
        ...m.spec,
        initContainers: m.spec.initContainers?.map(container),
        containers: m.spec.containers.map(container),
      },
      ORDER.spec,
    );
    const out = ordered({ ...m, metadata: meta, spec }, ORDER.manifest);
    dropIf(out, 'apiVersion', 'v1', strip);
    dropIf(out, 'kind', 'Pod', strip);
    return out;
  };

  const metadata = ordered({ ...s.metadata }, ORDER.metadata);
  durs(metadata, ['openAt']);

  const kubelet = ordered({ ...s.node.kubelet }, ORDER.kubelet);
  durs(kubelet, ['cpuManagerReconcilePeriod', 'syncFrequency']);
  dropIf(kubelet, 'cpuManagerPolicy', 'none', strip);
  dropIf(kubelet, 'topologyManagerPolicy', 'none', strip);
  dropIf(kubelet, 'topologyManagerScope', 'container', strip);
  dropIf(kubelet, 'maxPods', 110, strip);

  const images = s.node.images.map((img) => {
    const o = ordered({ ...img }, ORDER.image);
    durs(o, ['pullTime']);
    dropIf(o, 'present', false, strip);
    return o;
  });
  const runtime: Json = { ...s.node.runtime };
  durs(runtime, ['runPodSandbox', 'createContainer', 'startContainer', 'stopContainer', 'hook']);

  const node = ordered(
    {
      ...s.node,
      topology: ordered({ ...s.node.topology }, ORDER.topology),
      kubelet,
      images,
      runtime,
    },
    ORDER.node,
  );
  dropIf(node, 'name', 'node-1', strip);
  if (strip) {
    // An empty kubelet block is only dropped when it was empty already: zod's .default({})
    // does not run the inner defaults, so {} and "absent" parse differently.
    if (Object.keys(s.node.kubelet).length === 0) delete node.kubelet;
    if (images.length === 0) delete node.images;
    if (Object.keys(runtime).length === 0) delete node.runtime;
  }

  const pods = s.pods.map((p) => {
    const o = ordered({ at: dur(p.at), manifest: manifest(p.manifest) }, ORDER.pod);
    dropIf(o, 'at', dur(0), strip);
    return o;
  });

  const faults = s.faults.map((f) => {
    const o = ordered({ ...f }, ORDER.fault);
    durs(o, ['at']);
    if (f.kind === 'ContainerExit') {
      dropIf(o, 'afterSeconds', 0, strip);
      dropIf(o, 'exitCode', 1, strip);
    }
    return o;
  });

  const actions = s.actions.map((a) => {
    const o = ordered(
      a.kind === 'AddPod' ? { ...a, manifest: manifest(a.manifest) } : { ...a },
      ORDER.action,
    );
    durs(o, ['at', 'downtime']);
    if (a.kind === 'ChangeCpuManagerPolicy') dropIf(o, 'removeStateFile', false, strip);
    return o;
  });

  const out = ordered(
    { ...s, metadata, horizon: dur(s.horizon), node, pods, faults, actions },
    ORDER.scenario,
  );
  dropIf(out, 'seed', 1, strip);
  dropIf(out, 'horizon', dur(600_000), strip);
  if (strip && faults.length === 0) delete out.faults;
  if (strip && actions.length === 0) delete out.actions;
  return out;
}

/** Flow style (`{ cpu: "2", memory: 1Gi }`, `[sh, -c, ...]`) for short all-scalar maps and lists. */
function flowShortCollections(doc: Document) {
  const text = (n: unknown) => (isScalar(n) ? String(n.value).length + 2 : Infinity);
  const short = (node: YamlNode) => {
    if (!(isMap(node) || isSeq(node)) || node.items.length === 0) return false;
    let width = 0;
    for (const it of node.items)
      width += isPair(it) ? text(it.key) + text(it.value) + 2 : text(it) + 2;
    return width <= 64;
  };
  visit(doc, {
    Map(_, node) {
      if (short(node)) node.flow = true;
    },
    Seq(_, node) {
      if (short(node)) node.flow = true;
    },
  });
}

/**
 * Scenario to YAML. By default every field is written out, defaults included, so the
 * downloaded file shows the whole kubelet configuration; `minimal` leaves defaults out.
 */
export function toYaml(s: Scenario, opts: { minimal?: boolean } = {}): string {
  const doc = new Document(
    toScenarioInput(s, { durations: 'text', stripDefaults: opts.minimal ?? false }),
  );
  flowShortCollections(doc);
  return doc.toString({ lineWidth: 100, minContentWidth: 40, flowCollectionPadding: true });
}
