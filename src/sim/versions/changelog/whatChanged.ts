/**
 * Compare's "What changed": the changelog rows between two kubelet versions that touch a run,
 * each with its release, KEP or PR and source. A row touches the run when the run printed a
 * klog line the row changes, recorded an Event whose text the row changes, or has a part the
 * row concerns (its `touches`: a static CPU manager, a sidecar, a postStart hook, a crash loop,
 * ...). Each run is asked for the rows between its version and the other's; the page shows the
 * union of both answers (a line only the other release prints is found in the other run).
 */
import type { SimulationRun } from '../../simulate';
import { klogKeyOfText } from '../../kubelet/klog';
import { detailedMessageOf } from '../../kubelet/detailedMessages';
import { minorNumber, type KubeletVersionName } from '../names';
import { BEHAVIOUR_ROWS } from './behaviours';
import { DESCRIBE_ROWS } from './describe';
import { eventId } from './eventForms';
import { EVENT_ROWS } from './events';
import { GATE_ROWS } from './gates';
import { KLOG_ROWS } from './klog';
import { POLICY_OPTION_ROWS } from './policyOptions';
import type { ChangelogRow, ChangelogRowBase, Touch } from './types';

/** One row as the page lists it. */
export interface ChangeEntry {
  /** Stable across runs (the row's table and place): the page merges A's and B's answers. */
  readonly id: string;
  readonly release: string;
  readonly what: string;
  readonly ref: string;
  readonly source: string;
  readonly unverified?: string;
  /** Why it is listed: the lines, Events or parts of the scenario it concerns. */
  readonly because: string;
}

const TABLES: readonly (readonly [string, readonly (ChangelogRowBase | ChangelogRow)[]])[] = [
  ['gate', GATE_ROWS],
  ['behaviour', BEHAVIOUR_ROWS],
  ['describe', DESCRIBE_ROWS],
  ['option', POLICY_OPTION_ROWS],
  ['event', EVENT_ROWS],
  ['klog', KLOG_ROWS],
];

/** What a run has of the parts rows concern. */
export function scenarioTouches(run: SimulationRun): ReadonlySet<Touch> {
  const out = new Set<Touch>(['any', 'serviceAccountToken', 'volumeMounts']);
  const s = run.scenario;
  const k = s.node.kubelet;
  if (k.cpuManagerPolicy === 'static') out.add('staticCpuManager');
  if (Object.keys(k.cpuManagerPolicyOptions ?? {}).length > 0) out.add('cpuManagerPolicyOptions');
  if (k.topologyManagerPolicy !== 'none') out.add('topologyManager');
  if (k.memoryManagerPolicy === 'Static') out.add('memoryManager');
  if ((s.node.devices ?? []).length > 0) out.add('devices');
  if (k.serializeImagePulls === false) out.add('parallelPulls');
  const manifests = [
    ...s.pods.map((p) => p.manifest),
    ...s.actions.flatMap((a) => (a.kind === 'AddPod' ? [a.manifest] : [])),
  ];
  for (const m of manifests) {
    if (m.spec.resources !== undefined) out.add('podLevelResources');
    if ((m.spec.initContainers ?? []).length > 0) out.add('initContainer');
    for (const c of m.spec.initContainers ?? [])
      if (c.restartPolicy === 'Always') out.add('sidecar');
    for (const c of m.spec.containers)
      if (c.restartPolicy !== undefined || c.restartPolicyRules !== undefined)
        out.add('restartRules');
    for (const c of [...(m.spec.initContainers ?? []), ...m.spec.containers]) {
      if (c.lifecycle?.postStart) out.add('postStart');
      if (c.lifecycle?.preStop) out.add('preStop');
      if (c.lifecycle?.postStart?.sleep || c.lifecycle?.preStop?.sleep) out.add('sleepHook');
      for (const p of [c.startupProbe, c.readinessProbe, c.livenessProbe])
        if (p) {
          out.add('probes');
          if (p.grpc) out.add('grpcProbe');
        }
    }
  }
  for (const a of s.actions) {
    if (a.kind === 'RestartKubelet' || a.kind === 'ChangeCpuManagerPolicy')
      out.add('restartKubelet');
    if (a.kind === 'DeletePod') out.add('deletePod');
    if (a.kind === 'EvictPod') out.add('evictPod');
    if (a.kind === 'ResizePod') out.add('resizePod');
  }
  for (const f of s.faults) {
    if (f.kind === 'SandboxDied') out.add('sandbox');
    if (f.kind === 'StartContainerError') out.add('startError');
  }
  for (const e of run.trace.events) {
    if (e.reason === 'Pulling') out.add('imagePull');
    if (e.reason === 'Pulled' && !e.message.startsWith('Successfully')) out.add('imagePresent');
    if (e.reason === 'BackOff' && !e.message.startsWith('Back-off pulling')) out.add('crashLoop');
  }
  return out;
}

/** The klog keys of the lines the run printed (today's keys, whatever its release printed). */
function printedKeys(run: SimulationRun): ReadonlySet<string> {
  const out = new Set<string>();
  const seen = new Set<string>();
  for (const l of run.trace.logs) {
    const id = `${l.msg}\u0000${l.source}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.add(klogKeyOfText(l.msg, l.source) ?? detailedMessageOf(l.msg) ?? l.msg);
    if (l.msg === 'Unhandled Error') out.add('HandleError');
  }
  return out;
}

/**
 * The rows between the run's version and `other` that touch the run, oldest first. With 1.3 on
 * either side (DockerManager's own flow, not on the changelog), from 1.18 on.
 */
export function changesTouching(run: SimulationRun, other: KubeletVersionName): ChangeEntry[] {
  const mine = run.scenario.node.kubeletVersion;
  if (mine === other) return [];
  const at = (v: KubeletVersionName) => (v === '1.3' ? 18 : minorNumber(v));
  const lo = Math.min(at(mine), at(other));
  const hi = Math.max(at(mine), at(other));
  const tags = scenarioTouches(run);
  let keys: ReadonlySet<string> | undefined;
  let events: ReadonlySet<string> | undefined;
  const out: (ChangeEntry & { readonly order: number })[] = [];
  for (const [table, rows] of TABLES)
    rows.forEach((r, i) => {
      const n = minorNumber(r.release);
      if (n <= lo || n > hi) return;
      const because: string[] = [];
      for (const t of r.touches ?? []) if (tags.has(t)) because.push(touchWords(t));
      const row = r as ChangelogRow;
      if (row.klog) {
        keys ??= printedKeys(run);
        const lines = Object.keys(row.klog).filter((k) => keys!.has(k));
        if (lines.length > 0)
          because.push(
            `prints ${lines
              .slice(0, 3)
              .map((k) => `"${k}"`)
              .join(', ')}${lines.length > 3 ? ` and ${lines.length - 3} more` : ''}`,
          );
      }
      if (row.events) {
        events ??= new Set(run.trace.events.map((e) => eventId(e)));
        const ids = Object.keys(row.events).filter((id) => events!.has(id));
        if (ids.length > 0) because.push(`records ${ids.join(', ')} Events`);
      }
      if (because.length === 0) return;
      out.push({
        id: `${table}:${i}`,
        release: r.release,
        what: r.what,
        ref: r.ref,
        source: r.source,
        ...(r.unverified !== undefined ? { unverified: r.unverified } : {}),
        because: [...new Set(because)].join('; '),
        order: n * 1000 + TABLES.findIndex(([t]) => t === table) * 100,
      });
    });
  return out.sort((a, b) => a.order - b.order).map(({ order: _o, ...e }) => e);
}

function touchWords(t: Touch): string {
  switch (t) {
    case 'any':
      return 'every pod';
    case 'imagePull':
      return 'pulls an image';
    case 'imagePresent':
      return 'uses an image already present';
    case 'postStart':
      return 'has a postStart hook';
    case 'preStop':
      return 'has a preStop hook';
    case 'probes':
      return 'has probes';
    case 'grpcProbe':
      return 'has a gRPC probe';
    case 'sleepHook':
      return 'has a sleep hook';
    case 'sidecar':
      return 'has a native sidecar';
    case 'initContainer':
      return 'has init containers';
    case 'staticCpuManager':
      return 'static CPU manager';
    case 'cpuManagerPolicyOptions':
      return 'CPU manager policy options';
    case 'topologyManager':
      return 'topology manager policy';
    case 'memoryManager':
      return 'static memory manager';
    case 'devices':
      return 'device plugin resources';
    case 'crashLoop':
      return 'a container restarts (BackOff)';
    case 'restartRules':
      return "sets a container's restartPolicy or restartPolicyRules";
    case 'restartKubelet':
      return 'the kubelet restarts';
    case 'deletePod':
      return 'deletes a pod';
    case 'evictPod':
      return 'evicts a pod';
    case 'resizePod':
      return 'resizes a pod in place';
    case 'sandbox':
      return 'a sandbox dies';
    case 'volumeMounts':
      return 'volume mounts';
    case 'serviceAccountToken':
      return 'the service account token volume';
    case 'parallelPulls':
      return 'parallel image pulls';
    case 'startError':
      return 'a container fails to start';
    case 'podLevelResources':
      return 'pod-level resources (spec.resources)';
  }
}
