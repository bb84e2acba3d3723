/**
 * Go value renderings that appear in kubelet messages: format.Pod, a container's %+v,
 * kubecontainer.Status pointers and PLEG events as klog prints them.
 */
import type { ContainerDef, PodDef } from './config';
import { containerString } from './goContainer';
import { klogTimeRfc3339 } from './timeFormat';
import { kubeApiAccessVolume } from './volumes';
import type { ContainerRecord } from './types';

/** pkg/kubelet/util/format.Pod: "name_namespace(uid)". */
export function formatPod(pod: PodDef): string {
  return `${pod.name}_${pod.namespace}(${pod.uid})`;
}

/**
 * The *v1.Container as its generated String() renders it ("%+v" in utilruntime.HandleError's
 * "start failed" message; klog prints a "container" key through that Stringer, quoted), whole:
 * goContainer.ts.
 */
export function containerValue(c: ContainerDef, pod?: PodDef): string {
  // The run's definitions never change: each container renders once (a line per start).
  let byPod = containerValues.get(c);
  if (!byPod) containerValues.set(c, (byPod = new Map<PodDef | undefined, string>()));
  let v = byPod.get(pod);
  if (v === undefined) byPod.set(pod, (v = specValue(c, pod)));
  return v;
}
const containerValues = new WeakMap<ContainerDef, Map<PodDef | undefined, string>>();

/**
 * The rendering by the scenario's container spec, which a new run of the same scenario (the
 * policy toggle's re-run, a bench's repeat) shares: it is a function of the spec and of the
 * pod's kube-api-access volume name alone (goContainer.ts). Scenario objects are never changed
 * in place (an edit makes new ones).
 */
function specValue(c: ContainerDef, pod: PodDef | undefined): string {
  const volume = (pod && kubeApiAccessVolume(pod)) ?? '';
  let byVolume = specValues.get(c.spec);
  if (!byVolume) specValues.set(c.spec, (byVolume = new Map<string, string>()));
  let v = byVolume.get(volume);
  if (v === undefined) byVolume.set(volume, (v = containerString(pod, c)));
  return v;
}
const specValues = new WeakMap<object, Map<string, string>>();

/** A JSON string as encoding/json writes it (HTML-safe: <, > and & escaped). */
const goJson = (v: string): string =>
  JSON.stringify(v).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

/** time.Time as encoding/json writes it (RFC 3339 with nanoseconds, trailing zeros cut). */
function jsonTime(t: number | undefined): string {
  if (t === undefined) return '"0001-01-01T00:00:00Z"';
  const ms = Math.round(Math.max(0, t)) % 1000;
  const base = klogTimeRfc3339(t);
  return JSON.stringify(
    ms === 0 ? base : base.replace('Z', `.${String(ms).padStart(3, '0').replace(/0+$/, '')}Z`),
  );
}

/**
 * *kubecontainer.Status (pkg/kubelet/container/runtime.go) as klog's text format prints a value
 * with no Stringer: as JSON (klog serialize.go formatAny), every field in declaration order. ID
 * goes through ContainerID's MarshalJSON ("containerd://<id>"), times are the runtime's
 * (toKubeContainerStatus: StartedAt unset for a created container, FinishedAt for one not
 * exited). The model keeps no image digest, resources, user or mounts for a container, so those
 * print as the empty values the kubelet would have without them.
 */
export function podStatusString(s: ContainerRecord | undefined, c?: ContainerDef): string {
  if (!s) return 'null';
  // A runtime record is a frozen value: its rendering is kept (computePodActions prints each
  // init container's status on every sync).
  // One lookup: a record is printed with the one definition of its container.
  const known = podStatusStrings.get(s);
  if (known !== undefined && known.c === c) return known.v;
  if (!Object.isFrozen(s)) return renderPodStatus(s, c);
  const v = renderPodStatus(s, c);
  podStatusStrings.set(s, { c, v });
  return v;
}
const podStatusStrings = new WeakMap<ContainerRecord, { c: ContainerDef | undefined; v: string }>();

/** kubecontainer.State of a runtime record, as Go prints it. */
export function kubeContainerState(r: ContainerRecord): 'created' | 'running' | 'exited' {
  return r.state === 'CREATED' ? 'created' : r.state === 'RUNNING' ? 'running' : 'exited';
}

function renderPodStatus(s: ContainerRecord, c: ContainerDef | undefined): string {
  const st = kubeContainerState(s);
  const hash = c ? BigInt(`0x${c.hash || '0'}`).toString() : '0';
  return (
    `{"ID":${goJson(`containerd://${s.id}`)},"Name":${goJson(s.name)},"State":"${st}",` +
    `"CreatedAt":${jsonTime(s.createdAt)},` +
    `"StartedAt":${jsonTime(s.state === 'CREATED' ? undefined : s.startedAt)},` +
    `"FinishedAt":${jsonTime(s.state === 'EXITED' ? s.finishedAt : undefined)},` +
    `"ExitCode":${s.exitCode ?? 0},"Image":${goJson(s.image)},"ImageID":"","ImageRef":"",` +
    `"ImageRuntimeHandler":"","Hash":${hash},"RestartCount":${s.attempt},` +
    `"Reason":${goJson(s.reason ?? '')},"Message":${goJson(s.message ?? '')},` +
    `"Resources":null,"User":null,"Mounts":null,"StopSignal":null}`
  );
}

/**
 * SyncTerminatingPod's "Post-termination container state" value: each container the re-read
 * runtime status lists, as its local struct {Name, State, ExitCode, FinishedAt (RFC3339Nano)},
 * sorted by name (sort.Slice over the runtime's newest-first list, an insertion sort for a
 * pod's few containers, so equal names keep that order), as klog prints a slice: JSON (null
 * for a pod with no containers: Go's slice was never appended to).
 */
export function postTerminationContainers(records: readonly ContainerRecord[]): string {
  // A nil slice (no container appended) is JSON null.
  if (records.length === 0) return 'null';
  // Array sort is stable: equal names keep the runtime's order.
  const sorted = [...records].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const items = sorted.map((r) => {
    const finished = jsonTime(r.state === 'EXITED' ? r.finishedAt : undefined);
    return `{"Name":${goJson(r.name)},"State":"${kubeContainerState(r)}","ExitCode":${r.exitCode ?? 0},"FinishedAt":${finished}}`;
  });
  return `[${items.join(',')}]`;
}

/** A *pleg.PodLifecycleEvent as current klog renders it (JSON-style struct). */
export function plegEventString(uid: string, type: string, data: string): string {
  // A ConditionMet event carries no data (a nil interface{}).
  const d = type === 'ConditionMet' ? 'null' : JSON.stringify(data);
  return `{"ID":${JSON.stringify(uid)},"Type":${JSON.stringify(type)},"Data":${d}}`;
}
