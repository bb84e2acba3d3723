/**
 * A kubeletscope/v1 scenario from what a replay learnt: the pods (names, uids, containers,
 * images where the input names them) arriving when the kubelet saw them (SyncLoop ADD),
 * image pull and runtime latencies from the gaps the input shows, the node's CPU count and
 * policy from cpu_manager_state. The version guess goes in a comment and the description
 * (the schema has no node.kubeletVersion yet).
 */
import { Document } from 'yaml';
import { formatDuration } from '../sim/scenario/serialize';
import { countCpus } from './documents';
import type { ReplayEvent, ReplayResult } from './types';

/** The records the reconstruction reads: a streaming replay keeps only these. */
export const SCENARIO_WHATS: ReadonlySet<string> = new Set([
  'PLEGContainerStarted',
  'PLEGContainerDied',
  'PLEGContainerFinished',
  'SyncLoopAdd',
  'SyncLoopDelete',
  'CreatingSandbox',
  'CreatedSandbox',
  'CreatingContainer',
  'EnforcingCFSQuota',
  'EventPulling',
  'EventPulled',
  'EventCreated',
  'EventStarted',
]);

const MAX_HORIZON_MS = 6 * 3_600_000;
/** Placeholder image for a container the input names without one. */
export const UNKNOWN_IMAGE = 'unknown-image:latest';

/** Go's time.Duration.String(): "4.3s", "1m2.5s", "850ms", "1.5µs" → ms. */
export function goDurationMs(s: string): number | null {
  const re = /(\d+(?:\.\d+)?)(h|ms|m|s|µs|us|ns)/gy;
  const unit: Record<string, number> = {
    h: 3_600_000,
    m: 60_000,
    s: 1000,
    ms: 1,
    µs: 1e-3,
    us: 1e-3,
    ns: 1e-6,
  };
  let total = 0;
  let end = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(s)) !== null) {
    total += Number(m[1]) * unit[m[2]!]!;
    end = re.lastIndex;
  }
  return end > 0 && end === s.length ? total : null;
}

function median(xs: number[]): number | undefined {
  if (!xs.length) return undefined;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

const ms = (us: number) => Math.max(0, Math.round(us / 1000));

interface ImageFacts {
  present?: boolean;
  pullMs?: number;
  size?: number;
}

interface Observed {
  sandbox: number[];
  create: number[];
  start: number[];
  images: Map<string, ImageFacts>;
}

function observe(r: ReplayResult): Observed {
  const o: Observed = { sandbox: [], create: [], start: [], images: new Map() };
  const byPod = new Map<string, ReplayEvent[]>();
  for (const e of r.events)
    if (e.pod) (byPod.get(e.pod) ?? byPod.set(e.pod, []).get(e.pod)!).push(e);
  const image = (name: string) => o.images.get(name) ?? o.images.set(name, {}).get(name)!;
  for (const [key, evs] of byPod) {
    const pod = r.pods.get(key);
    const sorted = [...evs].sort((a, b) => a.us - b.us);
    let sandboxFrom: number | null = null;
    // Per container: the last step seen, to measure the next gap from.
    const last = new Map<string, { what: string; us: number }>();
    let creating: { container: string; us: number } | null = null;
    for (const e of sorted) {
      const c = e.container;
      const msg = String(e.data?.message ?? '');
      switch (e.what) {
        case 'CreatingSandbox':
          sandboxFrom = e.us;
          break;
        case 'CreatedSandbox':
          if (sandboxFrom !== null) o.sandbox.push(e.us - sandboxFrom);
          sandboxFrom = null;
          break;
        case 'CreatingContainer':
          if (c) creating = { container: c, us: e.us };
          break;
        case 'EnforcingCFSQuota':
          // kuberuntime_container_linux.go logs it after EnsureImageExists, just before CRI
          // CreateContainer: the gap from "Creating container" is the image pull.
          if (creating) {
            const img = pod?.containers.get(creating.container)?.image;
            const gap = e.us - creating.us;
            if (img && !last.has(`pulled:${creating.container}`)) {
              const f = image(img);
              if (gap >= 50_000) {
                f.present ??= false;
                f.pullMs ??= ms(gap);
              } else f.present ??= true;
            }
            last.set(creating.container, { what: 'quota', us: e.us });
          }
          break;
        case 'EventPulled': {
          const img = /image "([^"]+)"/.exec(msg)?.[1];
          if (img) {
            const f = image(img);
            if (/already present on machine/.test(msg)) f.present ??= true;
            else {
              f.present = false;
              const d = / in ([0-9.hmsµun]+?)(?: \(| |\.$|$)/.exec(msg)?.[1];
              const dms = d ? goDurationMs(d) : null;
              const pulling = c ? last.get(`pulling:${c}`) : undefined;
              f.pullMs =
                dms !== null ? Math.round(dms) : pulling ? ms(e.us - pulling.us) : f.pullMs;
              const size = /Image size: (\d+) bytes/.exec(msg)?.[1];
              if (size) f.size = Number(size);
            }
          }
          if (c) {
            last.set(`pulled:${c}`, { what: 'pulled', us: e.us });
            last.set(c, { what: 'pulled', us: e.us });
          }
          break;
        }
        case 'EventPulling':
          if (c) last.set(`pulling:${c}`, { what: 'pulling', us: e.us });
          break;
        case 'EventCreated':
          if (c) {
            const prev = last.get(c);
            if (prev && (prev.what === 'pulled' || prev.what === 'quota'))
              o.create.push(e.us - prev.us);
            last.set(c, { what: 'created', us: e.us });
          }
          break;
        case 'EventStarted':
          if (c) {
            const prev = last.get(c);
            if (prev?.what === 'created') o.start.push(e.us - prev.us);
            last.set(c, { what: 'started', us: e.us });
          }
          break;
      }
    }
  }
  return o;
}

/**
 * The crashes the input shows, as ContainerExit faults: PLEG's ContainerStarted and
 * ContainerDied of one container id give a run's length, "Generic (PLEG): container
 * finished" its exit code. PLEG names containers by id only, so a crash is attributed to a
 * pod's container only when the pod has one regular container and no init container. Every
 * start exits so, unless the last start outlived the log (then `times` is the crashes seen).
 * PLEG reports the pod's sandbox too (generic.go lists pod.Sandboxes with its containers):
 * its ids ("Created PodSandbox for pod") are left out, and so is a death at or after the
 * pod's SyncLoop DELETE, which the deletion caused.
 */
function crashFaults(r: ReplayResult): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const [key, pod] of r.pods) {
    const all = [...pod.containers.values()];
    if (all.length !== 1 || all[0]!.init) continue;
    const name = all[0]!.name;
    const mine = r.events.filter((e) => e.pod === key);
    const sandboxes = new Set(
      mine.filter((e) => e.what === 'CreatedSandbox').map((e) => String(e.data?.podSandboxID)),
    );
    const deletedUs = mine.find((e) => e.what === 'SyncLoopDelete')?.us ?? Infinity;
    const started = new Map<string, number>();
    const runs: number[] = [];
    const codes: number[] = [];
    let running = false;
    for (const e of mine) {
      const id = String(e.data?.id ?? '');
      if (sandboxes.has(id) || e.us >= deletedUs) continue;
      if (e.what === 'PLEGContainerStarted') {
        started.set(id, e.us);
        running = true;
      } else if (e.what === 'PLEGContainerDied') {
        const from = started.get(id);
        if (from !== undefined) runs.push(e.us - from);
        running = false;
      } else if (e.what === 'PLEGContainerFinished' && Number.isInteger(e.data?.exitCode))
        codes.push(Number(e.data!.exitCode));
    }
    if (runs.length === 0) continue;
    const exitCode = codes[0] ?? 1;
    out.push({
      kind: 'ContainerExit',
      target: `${key}/${name}`,
      // PLEG notices a death at its next relist: the run lasted at most this long.
      afterSeconds: Math.round((median(runs)! / 1e6) * 10) / 10,
      exitCode,
      reason: exitCode === 0 ? 'Completed' : 'Error',
      ...(running ? { times: runs.length } : {}),
    });
  }
  return out;
}

export interface ReconstructOptions {
  /** Where the input came from, for the name and description. */
  readonly source: string;
}

export interface Reconstructed {
  /** The scenario in input form (what `npm run simulate` reads). */
  readonly input: Record<string, unknown>;
  /** YAML with the version guess as a comment. */
  readonly yaml: string;
}

export function reconstructScenario(r: ReplayResult, opts: ReconstructOptions): Reconstructed {
  const obs = observe(r);
  const pods = [...r.pods.values()].sort(
    (a, b) => (a.addUs ?? a.firstUs) - (b.addUs ?? b.firstUs) || a.key.localeCompare(b.key),
  );
  const arrivals = pods.map((p) => p.addUs ?? p.firstUs);
  const t0 = arrivals.length ? Math.min(...arrivals) : 0;
  const lastUs = Math.max(r.lastUs, t0);
  const horizon = Math.min(
    MAX_HORIZON_MS,
    Math.max(120_000, Math.ceil((ms(lastUs - t0) + 60_000) / 1000) * 1000),
  );
  const images = new Map<string, ImageFacts>();
  const static_ = r.cpuManager?.policy === 'static';
  const podInputs = pods.map((p, i) => {
    const [ns, name] = p.key.split('/') as [string, string];
    const toSpec = (init: boolean) =>
      [...p.containers.values()]
        .filter((c) => c.init === init)
        .map((c) => {
          const image = c.image ?? UNKNOWN_IMAGE;
          if (!images.has(image)) images.set(image, obs.images.get(image) ?? {});
          const spec: Record<string, unknown> = { name: c.name, image };
          if (c.cpus && static_) {
            // An exclusive cpuset means a Guaranteed container with that many whole CPUs.
            const n = String(countCpus(c.cpus));
            spec.resources = {
              requests: { cpu: n, memory: '128Mi' },
              limits: { cpu: n, memory: '128Mi' },
            };
          } else if (c.requests || c.limits)
            spec.resources = {
              ...(c.requests ? { requests: c.requests } : {}),
              ...(c.limits ? { limits: c.limits } : {}),
            };
          return spec;
        });
    let containers = toSpec(false);
    const initContainers = toSpec(true);
    if (containers.length === 0) {
      containers = [{ name: 'container', image: UNKNOWN_IMAGE }];
      images.set(UNKNOWN_IMAGE, {});
    }
    return {
      at: formatDuration(ms(arrivals[i]! - t0)),
      manifest: {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name, namespace: ns, ...(p.uid ? { uid: p.uid } : {}) },
        spec: { ...(initContainers.length ? { initContainers } : {}), containers },
      },
    };
  });
  const runtime: Record<string, string> = {};
  const sandbox = median(obs.sandbox);
  const create = median(obs.create);
  const start = median(obs.start);
  if (sandbox !== undefined && sandbox > 0) runtime.runPodSandbox = formatDuration(ms(sandbox));
  if (create !== undefined && create > 0) runtime.createContainer = formatDuration(ms(create));
  if (start !== undefined && start > 0) runtime.startContainer = formatDuration(ms(start));
  const maxCpu = r.cpuManager?.maxCpu ?? -1;
  const cpus = maxCpu + 1;
  const topology =
    cpus >= 2 && cpus % 2 === 0
      ? { sockets: 1, coresPerSocket: cpus / 2, threadsPerCore: 2 }
      : cpus >= 1
        ? { sockets: 1, coresPerSocket: cpus, threadsPerCore: 1 }
        : { sockets: 1, coresPerSocket: 4, threadsPerCore: 2 };
  const faults = crashFaults(r);
  const v = r.version;
  const description =
    `Reconstructed by kubeletscope replay from ${opts.source}: ${pods.length} pod${pods.length === 1 ? '' : 's'}, ` +
    `${r.recognised} recognised records (${r.skipped} lines skipped). ` +
    `Kubelet version guessed from the input: ${v.version} (${v.tells.join('; ')}).`;
  const input = {
    apiVersion: 'kubeletscope/v1',
    kind: 'Scenario',
    metadata: {
      name: `replay of ${opts.source}`.slice(0, 200),
      description: description.slice(0, 5000),
    },
    seed: 1,
    horizon: formatDuration(horizon),
    node: {
      name: r.node && /^[\w.-]+$/.test(r.node) ? r.node : 'node-1',
      topology,
      kubelet: { cpuManagerPolicy: static_ ? 'static' : 'none' },
      images: [...images].map(([name, f]) => ({
        name,
        present: f.present ?? true,
        ...(f.size !== undefined ? { sizeBytes: f.size } : {}),
        ...(f.pullMs !== undefined && f.present === false
          ? { pullTime: formatDuration(f.pullMs) }
          : {}),
      })),
      runtime,
    },
    pods: podInputs,
    ...(faults.length ? { faults } : {}),
  };
  const doc = new Document(input);
  doc.commentBefore =
    ` Reconstructed from ${opts.source} by kubeletscope replay.\n` +
    ` kubelet version (guessed from the input's format): ${v.version}\n` +
    v.tells.map((t) => `   - ${t}`).join('\n');
  return { input, yaml: doc.toString({ lineWidth: 100 }) };
}
