/**
 * containerd's own log for a run (its CRI plugin, internal/cri/server: sandbox_run.go,
 * container_create.go, container_start.go, container_stop.go, image_pull.go), so the create-pod
 * flow can be read on the runtime's side beside the kubelet's. containerd is not a machine
 * here: each line is derived from what the kubelet's side recorded at the same moment (its
 * klog lines, events and records), in logrus' text format:
 *   time="2026-11-22T10:00:00.300000000Z" level=info msg="RunPodSandbox for &PodSandboxMetadata{…}"
 */
import { hashString } from '../core/prng';
import { runtimeId } from '../core/ids';
import { fullyQualified } from '../kubelet/imageReference';
import type { SimulationRun } from '../simulate';
import type { LogLine } from '../trace/types';

export interface ContainerdLine {
  /** The first step at or after the line's time (what the cursor must pass to show it). */
  step: number;
  t: number;
  level: 'info' | 'error';
  msg: string;
  /** logrus fields after msg ("error"). */
  fields: [string, string][];
}

function kv(l: LogLine, k: string): string | undefined {
  const v = l.kv.find(([key]) => key === k)?.[1];
  return v === undefined ? undefined : v.startsWith('"') ? (JSON.parse(v) as string) : v;
}

/** containerd's RFC 3339 time with nanoseconds (UTC) on the run's wall clock. */
export function containerdTime(t: number): string {
  const ms = Math.max(0, Math.floor(t));
  const s = Math.floor(ms / 1000);
  const p2 = (n: number) => String(n).padStart(2, '0');
  const nanos = String((ms % 1000) * 1_000_000).padStart(9, '0');
  return `2026-11-22T${p2(10 + Math.floor(s / 3600))}:${p2(Math.floor((s % 3600) / 60))}:${p2(s % 60)}.${nanos}Z`;
}

export function formatContainerdLine(l: ContainerdLine): string {
  const fields = l.fields.map(([k, v]) => ` ${k}=${JSON.stringify(v)}`).join('');
  return `time="${containerdTime(l.t)}" level=${l.level} msg=${JSON.stringify(l.msg)}${fields}`;
}

/** Every containerd line of the run, in time order. */
export function containerdLog(run: SimulationRun): ContainerdLine[] {
  // Kubelet 1.3's DockerManager called dockerd's API itself: no CRI runtime, no such log.
  if (run.scenario.node.kubeletVersion === '1.3') return [];
  const { trace, config } = run;
  const times = trace.steps.t;
  const stepAt = (t: number) => {
    let lo = 0;
    let hi = times.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (times[mid]! < t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const out: ContainerdLine[] = [];
  const push = (
    t: number,
    msg: string,
    level: ContainerdLine['level'] = 'info',
    fields: ContainerdLine['fields'] = [],
  ) => out.push({ step: stepAt(t), t, level, msg, fields });
  const podOf = (key: string) => config.pods[config.byKey[key] ?? '']!;
  const sandboxMeta = (key: string, attempt: number) => {
    const pod = podOf(key);
    return `&PodSandboxMetadata{Name:${pod.name},Uid:${pod.uid},Namespace:${pod.namespace},Attempt:${attempt},}`;
  };
  // Per pod: the attempt computePodActions chose, the sandbox now in use.
  const attempt = new Map<string, number>();
  const sandbox = new Map<string, string>();
  // Per container (pod key + name): how many times it was created (the Attempt label).
  const created = new Map<string, number>();
  const stopping = new Set<string>();

  type Item = { t: number; order: number; run: () => void };
  const items: Item[] = [];
  let order = 0;
  for (const l of trace.logs) {
    const pod = kv(l, 'pod');
    if (l.msg === 'computePodActions got for pod' && pod) {
      const a = /Attempt: (\d+)/.exec(kv(l, 'podActions') ?? '');
      if (a) items.push({ t: l.t, order: order++, run: () => attempt.set(pod, Number(a[1])) });
    } else if (l.msg === 'Creating PodSandbox for pod' && pod) {
      items.push({
        t: l.t,
        order: order++,
        run: () => push(l.t, `RunPodSandbox for ${sandboxMeta(pod, attempt.get(pod) ?? 0)}`),
      });
    } else if (l.msg === 'Created PodSandbox for pod' && pod) {
      const id = kv(l, 'podSandboxID') ?? '';
      items.push({
        t: l.t,
        order: order++,
        run: () => {
          sandbox.set(pod, id);
          push(
            l.t,
            `RunPodSandbox for ${sandboxMeta(pod, attempt.get(pod) ?? 0)} returns sandbox id ${JSON.stringify(id)}`,
          );
        },
      });
    } else if (l.msg === 'Failed to create sandbox for pod' && pod) {
      items.push({
        t: l.t,
        order: order++,
        run: () =>
          push(
            l.t,
            `RunPodSandbox for ${sandboxMeta(pod, attempt.get(pod) ?? 0)} failed, error`,
            'error',
            [['error', kv(l, 'err') ?? '']],
          ),
      });
    } else if (l.msg === 'Killing container with a grace period') {
      const id = (kv(l, 'containerID') ?? '').replace(/^containerd:\/\//, '');
      const grace = kv(l, 'gracePeriod') ?? '0';
      items.push({
        t: l.t,
        order: order++,
        run: () => {
          stopping.add(id);
          push(l.t, `StopContainer for ${JSON.stringify(id)} with timeout ${grace} (s)`);
          push(l.t, `Stop container ${JSON.stringify(id)} with signal terminated`);
        },
      });
    }
  }
  for (const e of trace.events) {
    if (e.source !== 'kubelet' || !e.fieldPath) continue;
    const name = /\{(.+)\}$/.exec(e.fieldPath)?.[1] ?? '';
    const c = podOf(e.object).byName[name];
    if (!c) continue;
    const ref = c.imageRef;
    if (e.reason === 'Pulling') {
      items.push({
        t: e.t,
        order: order++,
        run: () => push(e.t, `PullImage ${JSON.stringify(ref)}`),
      });
    } else if (e.reason === 'Pulled' && e.message.startsWith('Successfully pulled')) {
      const m = /in (\S+) \(.*Image size: (\d+) bytes/.exec(e.message);
      const full = fullyQualified(ref);
      const repo = full.replace(/:[^:/@]+$/, '');
      const imageId = `sha256:${runtimeId(hashString(`id:${ref}`), 3)}`;
      const digest = `${repo}@sha256:${runtimeId(hashString(ref), 7)}`;
      items.push({
        t: e.t,
        order: order++,
        run: () =>
          push(
            e.t,
            `Pulled image ${JSON.stringify(ref)} with image id ${JSON.stringify(imageId)}, repo tag ${JSON.stringify(full)}, repo digest ${JSON.stringify(digest)}, size ${JSON.stringify(m?.[2] ?? '0')} in ${m?.[1] ?? '0s'}`,
          ),
      });
    } else if (e.reason === 'Failed' && e.message.startsWith('Failed to pull image')) {
      const err = e.message.slice(e.message.indexOf(': ') + 2);
      items.push({
        t: e.t,
        order: order++,
        run: () => push(e.t, `PullImage ${JSON.stringify(ref)} failed`, 'error', [['error', err]]),
      });
    }
  }
  const createdAt = new Map<string, number[]>();
  for (const e of trace.events) {
    if (e.reason !== 'Created' || !e.fieldPath) continue;
    const k = `${e.object}\u0000${e.fieldPath}`;
    const list = createdAt.get(k);
    if (list) list.push(e.t);
    else createdAt.set(k, [e.t]);
  }
  for (const r of trace.records) {
    if (r.kind === 'containerStarted') {
      const { uid, container, id } = r.data;
      const pod = config.pods[uid]!;
      const ck = `${pod.key}/${container}`;
      // CreateContainer returned when the kubelet recorded Created; StartContainer followed.
      const createdTimes =
        createdAt.get(`${pod.key}\u0000${pod.byName[container]?.fieldPath ?? ''}`) ?? [];
      let tcFound: number | undefined;
      for (const t of createdTimes) if (t <= r.t) tcFound = t;
      const createdEv = tcFound === undefined ? undefined : { t: tcFound };
      const tc = createdEv?.t ?? r.t;
      const askedAt = Math.max(0, tc - config.latencies.createContainer);
      items.push({
        t: askedAt,
        order: order++,
        run: () => {
          const n = created.get(ck) ?? 0;
          created.set(ck, n + 1);
          const sid = sandbox.get(pod.key) ?? '';
          const meta = `&ContainerMetadata{Name:${container},Attempt:${n},}`;
          push(
            askedAt,
            `CreateContainer within sandbox ${JSON.stringify(sid)} for container ${meta}`,
          );
          items.push({
            t: tc,
            order: order++,
            run: () => {
              push(
                tc,
                `CreateContainer within sandbox ${JSON.stringify(sid)} for ${meta} returns container id ${JSON.stringify(id)}`,
              );
              push(tc, `StartContainer for ${JSON.stringify(id)}`);
            },
          });
          items.push({
            t: r.t,
            order: order++,
            run: () => push(r.t, `StartContainer for ${JSON.stringify(id)} returns successfully`),
          });
        },
      });
    } else if (r.kind === 'containerExited') {
      const { id, exitCode } = r.data;
      items.push({
        t: r.t,
        order: order++,
        run: () => {
          if (!stopping.delete(id)) return;
          // container_stop.go: the process outlived the timeout, so SIGKILL (exit 137).
          if (exitCode === 137) push(r.t, `Kill container ${JSON.stringify(id)}`);
          push(r.t, `StopContainer for ${JSON.stringify(id)} returns successfully`);
        },
      });
    }
  }
  // Replay in time order (items added while replaying join the queue).
  for (;;) {
    if (items.length === 0) break;
    let best = 0;
    for (let i = 1; i < items.length; i++) {
      const a = items[i]!;
      const b = items[best]!;
      if (a.t < b.t || (a.t === b.t && a.order < b.order)) best = i;
    }
    const [it] = items.splice(best, 1);
    it!.run();
  }
  return out;
}

/** The lines up to a cursor step. */
export function containerdLogAt(lines: ContainerdLine[], step: number): ContainerdLine[] {
  return lines.filter((l) => l.step < step);
}
