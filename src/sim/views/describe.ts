/**
 * `kubectl describe pod` text at a step (pkg/describe: describePod, describeContainers,
 * describeStatus, DescribeEvents), from the status the kubelet reported and the aggregated
 * events; what the manifest only says (labels, annotations, environment, tolerations…) through
 * describeFields.ts. Volumes other than the service account token's are not modelled and not
 * shown.
 */
import { ageSince } from '../core/time';
import type { ContainerDef, PodDef } from '../kubelet/config';
import { effectiveRequests } from '../model/qos';
import type { SimulationRun } from '../simulate';
import { describeTime } from './clock';
import { correlatorOptions } from './eventCorrelator';
import { eventsAt } from './events';
import { podsAt, type ContainerDetail, type PodRow } from './pods';
import { tabwrite } from './tabwriter';
import {
  conditionLines,
  L1,
  L2,
  L3,
  ports,
  probeLine,
  resources,
  statusLines,
  volumes,
} from './describeContainer';
import { SERVICE_ACCOUNT_MOUNT_PATH, serviceAccountVolume, tokenEra } from '../kubelet/volumes';
import type { KubeletVersionName } from '../versions/names';
import type { DescribeEra } from '../versions/changelog/types';
import { describeEventsLines } from '../versions/kubectl';
import { describePod13 } from '../versions/v1_3/describe';
import {
  annotationLines,
  controlledBy,
  environmentLines,
  labelLines,
  priorityLines,
  tolerationLines,
  type FieldValue,
  type Toleration,
} from './describeFields';

function containers(
  out: string[],
  title: string,
  pod: PodDef,
  defs: ContainerDef[],
  details: ContainerDetail[],
  version: KubeletVersionName,
  era: DescribeEra,
  field: FieldValue,
  /** The spec's resources after a `resize` subresource patch, by container. */
  resized?: readonly { name: string; resources: ContainerDef['spec']['resources'] }[],
) {
  if (defs.length === 0) return;
  out.push(`${title}:`);
  for (const c of defs) {
    const d = details.find((x) => x.name === c.name);
    out.push(`${L1}${c.name}:`);
    // describeContainerBasicInfo: the line whenever the container has a status, empty before
    // the runtime made the container.
    if (d) out.push(`${L2}Container ID:\t${d.containerID ?? ''}`);
    out.push(`${L2}Image:\t${c.image}`);
    // kubectl's describeContainerBasicInfo: Image ID, State, Ready and Restart Count only
    // for a container that has a status (a pod rejected at admission has none).
    if (d) out.push(`${L2}Image ID:\t${d.imageID}`);
    ports(out, (c.spec as { ports?: Parameters<typeof ports>[1] }).ports, era);
    // describeContainerCommand: each line of each entry on a line of its own.
    if (c.spec.command?.length) {
      out.push(`${L2}Command:`);
      for (const a of c.spec.command) for (const l of a.split('\n')) out.push(`${L3}${l}`);
    }
    if (c.spec.args?.length) {
      out.push(`${L2}Args:`);
      for (const a of c.spec.args) for (const l of a.split('\n')) out.push(`${L3}${l}`);
    }
    if (d) statusLines(out, d);
    const specResources = resized?.find((r) => r.name === c.name)?.resources ?? c.spec.resources;
    resources(out, 'Limits', specResources?.limits);
    // SetDefaults_Pod: each limit without a request of its own is also the request.
    resources(out, 'Requests', effectiveRequests(specResources));
    for (const t of ['liveness', 'readiness', 'startup'] as const) {
      const l = probeLine(c, t, era);
      if (l) out.push(l);
    }
    out.push(...environmentLines(c.spec.env, c.spec.envFrom, field, c.spec.resources));
    // describeContainerVolumes: "<mountPath> from <name> (ro)".
    const vol = serviceAccountVolume(pod, tokenEra(version))?.name;
    if (vol) {
      out.push(`${L2}Mounts:`);
      out.push(`${L3}${SERVICE_ACCOUNT_MOUNT_PATH} from ${vol} (ro)`);
    } else out.push(`${L2}Mounts:\t<none>`);
  }
}

export function describePod(run: SimulationRun, podKey: string, step: number): string {
  const rows = podsAt(run, step);
  const row: PodRow | undefined = rows.find((r) => r.key === podKey);
  if (!row) {
    const [, name] = podKey.split('/');
    return `Error from server (NotFound): pods "${name}" not found`;
  }
  const pod = run.config.pods[row.uid]!;
  const now = run.stateAt(step).t;
  const version = run.scenario.node.kubeletVersion;
  const era = run.config.describe;
  // EnvValueRetriever: the field label converted, then fieldpath.ExtractFieldPathAsString,
  // which kubectl resolves for the pod's name and namespace; others print empty.
  const field: FieldValue = (path) =>
    path === 'metadata.name' ? pod.name : path === 'metadata.namespace' ? pod.namespace : '';
  // The API's deletionTimestamp is the delete request's time plus its grace period.
  const apiPod = row.deleting ? run.stateAt(step).domain.apiPods[row.uid] : undefined;
  const graceSeconds = apiPod?.deletionGraceSeconds ?? pod.terminationGraceSeconds;
  const deletion = row.deleting
    ? { timestamp: (apiPod?.deletionAt ?? now) + graceSeconds * 1000, graceSeconds }
    : undefined;
  const events = eventsAt(run.trace, step, podKey, correlatorOptions(run));
  if (version === '1.3')
    return describePod13({ row, pod, now, deletion, events, nodeName: run.config.nodeName, field });
  const out: string[] = [];
  const meta = pod.manifest.metadata as typeof pod.manifest.metadata & {
    ownerReferences?: Parameters<typeof controlledBy>[0];
  };
  const spec = pod.manifest.spec as typeof pod.manifest.spec & {
    serviceAccountName?: string;
    nodeSelector?: Record<string, string>;
    tolerations?: Toleration[];
  };
  out.push(`Name:\t${row.name}`);
  out.push(`Namespace:\t${row.namespace}`);
  out.push(...priorityLines(spec.priorityClassName));
  // kubectl 1.25 (PR #111192) added the line.
  if (era.serviceAccountLine) out.push(`Service Account:\t${spec.serviceAccountName ?? 'default'}`);
  // NodeName/HostIP: the host IP once the kubelet generated a status (not for a rejected pod).
  out.push(`Node:\t${row.node}/${row.hostIP ?? ''}`);
  if (row.startTime !== undefined) out.push(`Start Time:\t${describeTime(row.startTime)}`);
  out.push(...labelLines('Labels', meta.labels));
  out.push(...annotationLines(meta.annotations));
  // describePod: a pod deleted in a terminal phase shows that phase, not Terminating (1.31+).
  const terminal = row.phase === 'Failed' || row.phase === 'Succeeded';
  if (deletion && !(terminal && era.terminatingOnlyNonTerminal)) {
    // kubectl prints the time since the deletionTimestamp: "<invalid>" while the grace period runs.
    out.push(`Status:\tTerminating (lasts ${ageSince(now, deletion.timestamp)})`);
    out.push(`Termination Grace Period:\t${deletion.graceSeconds}s`);
  } else out.push(`Status:\t${row.phase}`);
  if (row.reason) out.push(`Reason:\t${row.reason}`);
  if (row.message) out.push(`Message:\t${row.message}`);
  out.push(`IP:\t${row.podIP ?? ''}`);
  if (row.podIP) {
    out.push(`IPs:`);
    out.push(`${L1}IP:\t${row.podIP}`);
  } else out.push(`IPs:\t<none>`);
  const controller = controlledBy(meta.ownerReferences);
  if (controller) out.push(`Controlled By:\t${controller}`);
  const resized = run.stateAt(step).domain.apiPods[row.uid]?.resize?.containers;
  containers(
    out,
    'Init Containers',
    pod,
    pod.init,
    row.containers.filter((c) => c.init),
    version,
    era,
    field,
    resized,
  );
  containers(
    out,
    'Containers',
    pod,
    pod.containers,
    row.containers.filter((c) => !c.init),
    version,
    era,
    field,
    resized,
  );
  conditionLines(out, version, row.conditions);
  volumes(out, pod, version, era);
  out.push(`QoS Class:\t${row.qosClass}`);
  out.push(...labelLines('Node-Selectors', spec.nodeSelector));
  out.push(...tolerationLines(spec.tolerations, era));
  if (events.length === 0) out.push(`Events:\t<none>`);
  else out.push(...describeEventsLines(version, era, events, now, run.config.nodeName, L1));
  return tabwrite(out.join('\n')) + '\n';
}
