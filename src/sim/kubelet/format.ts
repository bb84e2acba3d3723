/**
 * Go value renderings that appear in kubelet messages: format.Pod, a container's %+v,
 * kubecontainer.Status pointers and PLEG events as klog prints them.
 */
import type { ContainerDef, PodDef } from './config';
import type { ContainerRecord } from './types';

/** pkg/kubelet/util/format.Pod: "name_namespace(uid)". */
export function formatPod(pod: PodDef): string {
  return `${pod.name}_${pod.namespace}(${pod.uid})`;
}

/**
 * The *v1.Container value as its generated String() method renders it ("%+v" in
 * utilruntime.HandleError's "start failed" message). klog prints a "container" key through that
 * Stringer, so as a quoted string: container="&Container{Name:app,...}". The real text has every
 * field of the struct; this keeps the first ones and elides the rest with "...".
 */
export function containerValue(c: ContainerDef): string {
  const cmd = (xs: string[] | undefined) => `[${(xs ?? []).join(' ')}]`;
  return `&Container{Name:${c.name},Image:${c.image},Command:${cmd(c.spec.command)},Args:${cmd(c.spec.args)},...}`;
}

/** *kubecontainer.Status as klog's %+v prints it (abridged), or <nil>. */
export function podStatusString(s: ContainerRecord | undefined): string {
  if (!s) return '<nil>';
  const st = s.state === 'CREATED' ? 'created' : s.state === 'RUNNING' ? 'running' : 'exited';
  return `&{ID:containerd://${s.id} Name:${s.name} State:${st} ExitCode:${s.exitCode ?? 0} RestartCount:${s.attempt} Reason:${s.reason ?? ''} ...}`;
}

/** A *pleg.PodLifecycleEvent as current klog renders it (JSON-style struct). */
export function plegEventString(uid: string, type: string, data: string): string {
  return `{"ID":${JSON.stringify(uid)},"Type":${JSON.stringify(type)},"Data":${JSON.stringify(data)}}`;
}
