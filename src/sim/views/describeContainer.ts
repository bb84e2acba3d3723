/**
 * describePod's pieces every kubectl era prints alike, or with a version's difference spelled
 * out: resources, probes, ports and a container state (pkg/describe describeContainerResources,
 * DescribeProbe, describeContainerPorts, describeContainerState), the conditions and the
 * service account's volume.
 */
import type { ContainerDef, PodDef } from '../kubelet/config';
import type { PodCondition } from '../kubelet/types';
import { TOKEN_EXPIRATION_SECONDS, serviceAccountVolume, tokenEra } from '../kubelet/volumes';
import { reportedCondition } from '../versions/kubectl';
import type { KubeletVersionName } from '../versions/names';
import type { DescribeEra } from '../versions/changelog/types';
import { canonicalQuantity } from '../model/quantity';
import type { ResourceListLike } from '../model/qos';
import { describeTime } from './clock';
import type { ContainerDetail } from './pods';

export const L1 = '  ';
export const L2 = '    ';
export const L3 = '      ';

/** describeResources: sorted keys, each quantity as the API server stores it (canonical). */
export function resources(out: string[], title: string, list: ResourceListLike | undefined) {
  if (!list || Object.keys(list).length === 0) return;
  out.push(`${L2}${title}:`);
  for (const [k, v] of Object.entries(list).sort(([a], [b]) => (a < b ? -1 : 1)))
    if (v !== undefined) out.push(`${L3}${k}:\t${canonicalQuantity(v)}`);
}

export function probeLine(
  c: ContainerDef,
  type: 'liveness' | 'readiness' | 'startup',
  era: DescribeEra,
): string | undefined {
  const p = c.probes[type];
  if (!p) return undefined;
  const title = type === 'liveness' ? 'Liveness' : type === 'readiness' ? 'Readiness' : 'Startup';
  // DescribeProbe: the scheme in lower case, the host before the port, gRPC's service ("" by
  // default, so two spaces before the attributes).
  const spec = c.spec[`${type}Probe`] as
    | {
        httpGet?: { scheme?: string; host?: string };
        tcpSocket?: { host?: string };
        grpc?: { service?: string };
        exec?: { command?: string[] };
      }
    | undefined;
  const what =
    p.handler === 'httpGet'
      ? `http-get ${(spec?.httpGet?.scheme ?? 'HTTP').toLowerCase()}://${hostPort(spec?.httpGet?.host ?? '', p.port)}${p.path}`
      : p.handler === 'tcpSocket'
        ? `tcp-socket ${spec?.tcpSocket?.host ?? ''}:${p.port}`
        : p.handler === 'grpc'
          ? `grpc <pod>:${p.port} ${spec?.grpc?.service ?? ''}`
          : `exec [${(spec?.exec?.command ?? []).join(' ')}]`;
  // kubectl 1.37 spells the thresholds out.
  const thresholds = era.probeThresholdWords
    ? `successThreshold=${p.successThreshold} failureThreshold=${p.failureThreshold}`
    : `#success=${p.successThreshold} #failure=${p.failureThreshold}`;
  return `${L2}${title}:\t${what} delay=${p.initialDelayMs / 1000}s timeout=${p.timeoutMs / 1000}s period=${p.periodMs / 1000}s ${thresholds}`;
}

/** net.JoinHostPort: an IPv6 host in brackets. */
function hostPort(host: string, port: string): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

/**
 * describeContainerPorts / describeContainerHostPorts: "8080/TCP", with " (http)" for a named
 * port from kubectl 1.34, plural when several.
 */
export function ports(
  out: string[],
  list:
    { containerPort: number; hostPort?: number; protocol?: string; name?: string }[] | undefined,
  era: DescribeEra,
) {
  if (!list?.length) {
    out.push(`${L2}Port:\t<none>`);
    out.push(`${L2}Host Port:\t<none>`);
    return;
  }
  const named = (n: number, p: (typeof list)[number]) =>
    `${n}/${p.protocol ?? 'TCP'}${p.name && era.portNames ? ` (${p.name})` : ''}`;
  const plural = list.length > 1 ? 's' : '';
  out.push(`${L2}Port${plural}:\t${list.map((p) => named(p.containerPort, p)).join(', ')}`);
  out.push(`${L2}Host Port${plural}:\t${list.map((p) => named(p.hostPort ?? 0, p)).join(', ')}`);
}

function state(out: string[], name: string, d: ContainerDetail) {
  if (d.state === 'Running') {
    out.push(`${L2}${name}:\tRunning`);
    out.push(`${L3}Started:\t${describeTime(d.startedAt ?? 0)}`);
  } else if (d.state === 'Terminated') {
    out.push(`${L2}${name}:\tTerminated`);
    if (d.reason) out.push(`${L3}Reason:\t${d.reason}`);
    if (d.message) out.push(`${L3}Message:\t${d.message}`);
    out.push(`${L3}Exit Code:\t${d.exitCode ?? 0}`);
    // A container that never started has StartedAt 0 in CRI: the Unix epoch. TerminatePod's
    // ContainerStatusUnknown has no times at all: Go's zero time.
    const GO_ZERO = 'Mon, 01 Jan 0001 00:00:00 +0000';
    const unknown = d.finishedAt === undefined;
    out.push(
      `${L3}Started:\t${unknown ? GO_ZERO : d.startedAt === undefined ? 'Thu, 01 Jan 1970 00:00:00 +0000' : describeTime(d.startedAt)}`,
    );
    out.push(
      `${L3}Finished:\t${d.finishedAt === undefined ? GO_ZERO : describeTime(d.finishedAt)}`,
    );
  } else {
    out.push(`${L2}${name}:\tWaiting`);
    if (d.reason) out.push(`${L3}Reason:\t${d.reason}`);
  }
}

/** describeContainerState through Restart Count: State, Last State, Ready, Restart Count. */
export function statusLines(out: string[], d: ContainerDetail) {
  state(out, 'State', d);
  if (d.lastState)
    state(out, 'Last State', {
      ...d,
      state: 'Terminated',
      reason: d.lastState.reason,
      message: d.lastState.message,
      exitCode: d.lastState.exitCode,
      startedAt: d.lastState.startedAt,
      finishedAt: d.lastState.finishedAt,
    });
  out.push(`${L2}Ready:\t${d.ready ? 'True' : 'False'}`);
  out.push(`${L2}Restart Count:\t${d.restartCount}`);
}

/** The pod's conditions the version's kubelet reported: "  <type> \t<status> " each. */
export function conditionLines(
  out: string[],
  version: KubeletVersionName,
  all: readonly PodCondition[],
) {
  const conditions = all.filter((c) => reportedCondition(version, c.type));
  if (conditions.length === 0) return;
  out.push(`Conditions:`);
  out.push(`${L1}Type\tStatus`);
  for (const c of conditions) out.push(`${L1}${c.type} \t${c.status} `);
}

/**
 * describeVolumes for the service account's token volume: printProjectedVolumeSource for
 * kube-api-access, printSecretVolumeSource for v1.18's and v1.3's token Secret (v1.3's kubectl
 * had no Optional: SecretVolumeSource.Optional came in 1.7).
 */
export function volumes(out: string[], pod: PodDef, version: KubeletVersionName, era: DescribeEra) {
  const vol = serviceAccountVolume(pod, tokenEra(version));
  if (!vol) {
    // kubectl 1.3's describeVolumes said so in a sentence.
    out.push(version === '1.3' ? 'No volumes.' : `Volumes:\t<none>`);
    return;
  }
  out.push(`Volumes:`);
  out.push(`${L1}${vol.name}:`);
  if (vol.plugin === 'secret') {
    out.push(`${L2}Type:\tSecret (a volume populated by a Secret)`);
    out.push(`${L2}SecretName:\t${vol.name}`);
    if (version !== '1.3') out.push(`${L2}Optional:\tfalse`);
    return;
  }
  out.push(`${L2}Type:\tProjected (a volume that contains injected data from multiple sources)`);
  out.push(`${L2}TokenExpirationSeconds:\t${TOKEN_EXPIRATION_SECONDS}`);
  out.push(`${L2}ConfigMapName:\tkube-root-ca.crt`);
  // printProjectedVolumeSource since kubectl 1.33: "Optional:" (a bool); before, the *bool
  // ConfigMapOptional printed with %v (nil for the token volume's ConfigMap).
  out.push(era.projectedOptionalField ? `${L2}Optional:\tfalse` : `${L2}ConfigMapOptional:\t<nil>`);
  out.push(`${L2}DownwardAPI:\ttrue`);
}
