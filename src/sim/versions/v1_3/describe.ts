/**
 * `kubectl describe pod` as kubectl 1.3 printed it (pkg/kubectl/describe.go describePod of
 * mid-2016; its output in the docs and issues of that summer): no Priority, Service Account,
 * Annotations, IPs, Host Port, Mounts, Node-Selectors or Tolerations; Controllers from the
 * created-by annotation; a container's state after its resources and probes after Restart
 * Count; "Environment Variables:"; "No volumes."; a pod-level "QoS Tier:"; "No events.".
 * The Docker runtime's ids: "docker://<id>" containers and "docker://sha256:<id>" images (the
 * model has one digest per image and gives it for the local image ID). tabbedString padded the
 * columns with tabs (Init(buf, 0, 8, 1, '\t', 0)).
 */
import type { ContainerDef, PodDef } from '../../kubelet/config';
import { effectiveRequests } from '../../model/qos';
import { describeTime } from '../../views/clock';
import {
  conditionLines,
  L1,
  L2,
  L3,
  probeLine,
  resources,
  statusLines,
  volumes,
} from '../../views/describeContainer';
import {
  controlledBy,
  environmentLines,
  labelLines,
  type FieldValue,
} from '../../views/describeFields';
import type { EventRow } from '../../views/events';
import type { ContainerDetail, PodRow } from '../../views/pods';
import { tabwrite } from '../../views/tabwriter';
import { describeEventsLines } from '../kubectl';
import { DESCRIBE_1_18 } from '../changelog/describe';
import { runtimeScheme } from '../names';
import { bareId } from '../printf';

/** The Docker runtime's scheme in place of the model's CRI one. */
function dockerId(containerID: string | undefined): string {
  return containerID ? `${runtimeScheme('1.3')}://${bareId(containerID)}` : '';
}

/** `docker://sha256:<id>`: the image's local ID as Docker 1.10+ reported it. */
function dockerImageId(imageID: string): string {
  const at = imageID.indexOf('sha256:');
  return at < 0 ? imageID : `docker://${imageID.slice(at)}`;
}

/** describeContainerPorts of 1.3: "Port:" or "Ports:", joined by ", ", empty when none. */
function ports(c: ContainerDef): string {
  const list = (c.spec as { ports?: { containerPort: number; protocol?: string }[] }).ports ?? [];
  const text = list.map((p) => `${p.containerPort}/${p.protocol ?? 'TCP'}`).join(', ');
  return `${L2}Port${list.length > 1 ? 's' : ''}:\t${text}`;
}

function containers(
  out: string[],
  title: string,
  defs: ContainerDef[],
  details: ContainerDetail[],
  field: FieldValue,
) {
  if (defs.length === 0) return;
  out.push(`${title}:`);
  for (const c of defs) {
    const d = details.find((x) => x.name === c.name);
    out.push(`${L1}${c.name}:`);
    if (d) out.push(`${L2}Container ID:\t${dockerId(d.containerID)}`);
    out.push(`${L2}Image:\t${c.image}`);
    if (d) out.push(`${L2}Image ID:\t${dockerImageId(d.imageID)}`);
    out.push(ports(c));
    if (c.spec.command?.length) {
      out.push(`${L2}Command:`);
      for (const a of c.spec.command) out.push(`${L3}${a}`);
    }
    if (c.spec.args?.length) {
      out.push(`${L2}Args:`);
      for (const a of c.spec.args) out.push(`${L3}${a}`);
    }
    resources(out, 'Limits', c.spec.resources?.limits);
    resources(out, 'Requests', effectiveRequests(c.spec.resources));
    if (d) statusLines(out, d);
    // 1.3 had liveness and readiness probes only.
    for (const t of ['liveness', 'readiness'] as const) {
      const l = probeLine(c, t, DESCRIBE_1_18);
      if (l) out.push(l);
    }
    // The variables as today's kubectl lists them, under 1.3's heading (envFrom came in 1.6).
    const env = environmentLines(c.spec.env, undefined, field, c.spec.resources);
    out.push(
      ...env.map((l) =>
        l.startsWith(`${L2}Environment:`)
          ? l.replace(`${L2}Environment:`, `${L2}Environment Variables:`)
          : l,
      ),
    );
  }
}

export interface Describe13Input {
  row: PodRow;
  pod: PodDef;
  now: number;
  /** The API's deletionTimestamp and grace period of a pod being deleted. */
  deletion?: { timestamp: number; graceSeconds: number };
  events: readonly EventRow[];
  nodeName: string;
  field: FieldValue;
}

export function describePod13(input: Describe13Input): string {
  const { row, pod, now, deletion, events, nodeName, field } = input;
  const out: string[] = [];
  const meta = pod.manifest.metadata as typeof pod.manifest.metadata & {
    ownerReferences?: Parameters<typeof controlledBy>[0];
  };
  out.push(`Name:\t${row.name}`);
  out.push(`Namespace:\t${row.namespace}`);
  out.push(`Node:\t${row.node}/${row.hostIP ?? ''}`);
  if (row.startTime !== undefined) out.push(`Start Time:\t${describeTime(row.startTime)}`);
  out.push(...labelLines('Labels', meta.labels));
  if (deletion && row.phase !== 'Failed' && row.phase !== 'Succeeded') {
    out.push(`Status:\tTerminating (expires ${describeTime(deletion.timestamp)})`);
    out.push(`Termination Grace Period:\t${deletion.graceSeconds}s`);
  } else out.push(`Status:\t${row.phase}`);
  if (row.reason) out.push(`Reason:\t${row.reason}`);
  if (row.message) out.push(`Message:\t${row.message}`);
  out.push(`IP:\t${row.podIP ?? ''}`);
  out.push(`Controllers:\t${controlledBy(meta.ownerReferences) ?? '<none>'}`);
  containers(
    out,
    'Init Containers',
    pod.init,
    row.containers.filter((c) => c.init),
    field,
  );
  containers(
    out,
    'Containers',
    pod.containers,
    row.containers.filter((c) => !c.init),
    field,
  );
  conditionLines(out, '1.3', row.conditions);
  volumes(out, pod, '1.3', DESCRIBE_1_18);
  out.push(`QoS Tier:\t${row.qosClass}`);
  if (events.length === 0) out.push('No events.');
  else out.push(...describeEventsLines('1.3', DESCRIBE_1_18, events, now, nodeName, L1));
  return tabwrite(out.join('\n'), 1, '\t') + '\n';
}
