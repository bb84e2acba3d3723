/**
 * What a scenario asks of a kubelet version that the version did not have. Refused fields get a
 * problem naming the field and the version (and the release that brought it); on 1.3, which had
 * no CPU or topology manager at all, those settings are ignored and `versionNotes` says so.
 */
import type { ScenarioProblem } from './parse';
import type { ContainerSpec, PodManifest, Scenario } from './schema';
import { NO_CPU_MANAGER_REASON } from '../versions/names';
import { arrivedIn, minorOf } from '../policies/topologymanager/optionReleases';

/** Why kubelet 1.3 ignores the node's devices (device plugins arrived in 1.8). */
export const NO_DEVICE_PLUGINS_REASON =
  'kubelet 1.3 has no device plugins (they arrived in 1.8): the devices are not registered';
/** Why kubelet 1.3 ignores the memory manager's settings. */
export const NO_MEMORY_MANAGER_REASON = `kubelet 1.3 has no memory manager (it arrived in ${arrivedIn('memoryManager')})`;

/**
 * The device, memory and topology manager fields a release before 1.21 (or 1.26) did not have
 * (1.3 ignores them instead: versionNotes).
 */
function resourceManagerProblems(s: Scenario, v: string): ScenarioProblem[] {
  const minor = minorOf(v);
  if (minor <= 3 || Number.isNaN(minor)) return [];
  const k = s.node.kubelet;
  const out: ScenarioProblem[] = [];
  if (k.memoryManagerPolicy !== 'None' && minor < 21)
    out.push({
      path: 'node.kubelet.memoryManagerPolicy',
      message: `kubelet ${v} does not have this: the memory manager arrived in ${arrivedIn('memoryManager')}`,
    });
  if (k.reservedMemory && k.reservedMemory.length > 0 && minor < 21)
    out.push({
      path: 'node.kubelet.reservedMemory',
      message: `kubelet ${v} does not have this: reservedMemory arrived with the memory manager in ${arrivedIn('memoryManager')}`,
    });
  if (
    k.topologyManagerPolicyOptions &&
    Object.keys(k.topologyManagerPolicyOptions).length > 0 &&
    minor < 26
  )
    out.push({
      path: 'node.kubelet.topologyManagerPolicyOptions',
      message: `kubelet ${v} does not have this: topologyManagerPolicyOptions arrived in ${arrivedIn('policyOptions')}`,
    });
  return out;
}

/** Release that introduced each feature (kubelet-facts §10b, versions research §2.13). */
const ARRIVED = {
  sidecar: 'native sidecars (an init container with restartPolicy: Always) arrived in 1.28',
  policyOptions: 'CPU manager policy options arrived in 1.22',
  podScope: 'the topology manager scope "pod" arrived in 1.20',
  sleepHook: 'the sleep lifecycle handler arrived in 1.29',
  grpcProbe: 'gRPC probes arrived in 1.24',
  startupProbe: 'startup probes arrived in 1.16',
  parallelPulls: 'maxParallelImagePulls arrived in 1.27',
} as const;

function containerProblems(
  version: string,
  c: ContainerSpec,
  path: string,
  init: boolean,
): ScenarioProblem[] {
  const out: ScenarioProblem[] = [];
  const no = (field: string, why: string) =>
    out.push({
      path: `${path}.${field}`,
      message: `kubelet ${version} does not have this: ${why}`,
    });
  if (init && c.restartPolicy === 'Always') no('restartPolicy', ARRIVED.sidecar);
  if (c.lifecycle?.postStart?.sleep) no('lifecycle.postStart.sleep', ARRIVED.sleepHook);
  if (c.lifecycle?.preStop?.sleep) no('lifecycle.preStop.sleep', ARRIVED.sleepHook);
  for (const p of ['startupProbe', 'readinessProbe', 'livenessProbe'] as const)
    if (c[p]?.grpc) no(`${p}.grpc`, ARRIVED.grpcProbe);
  if (version === '1.3' && c.startupProbe) no('startupProbe', ARRIVED.startupProbe);
  // Docker's container config on 1.3 does not read ConfigMaps or Secrets here.
  if (version === '1.3' && (c.envFrom?.length || c.env?.some((e) => e.valueFrom)))
    out.push({
      path: `${path}.${c.envFrom?.length ? 'envFrom' : 'env'}`,
      message:
        'env from ConfigMaps and Secrets (CreateContainerConfigError) is modelled for kubelet 1.34 and 1.18, not for 1.3',
    });
  return out;
}

function podProblems(version: string, m: PodManifest, path: string): ScenarioProblem[] {
  return [
    ...(m.spec.initContainers ?? []).flatMap((c, i) =>
      containerProblems(version, c, `${path}.spec.initContainers[${i}]`, true),
    ),
    ...m.spec.containers.flatMap((c, i) =>
      containerProblems(version, c, `${path}.spec.containers[${i}]`, false),
    ),
  ];
}

export function versionProblems(s: Scenario): ScenarioProblem[] {
  const v = s.node.kubeletVersion;
  const resources = resourceManagerProblems(s, v);
  if (v !== '1.18' && v !== '1.3') return resources;
  const out: ScenarioProblem[] = [...resources];
  const k = s.node.kubelet;
  const no = (path: string, why: string) =>
    out.push({ path, message: `kubelet ${v} does not have this: ${why}` });
  if (v === '1.18') {
    if (k.cpuManagerPolicyOptions && Object.keys(k.cpuManagerPolicyOptions).length > 0)
      no('node.kubelet.cpuManagerPolicyOptions', ARRIVED.policyOptions);
    if (k.topologyManagerScope === 'pod') no('node.kubelet.topologyManagerScope', ARRIVED.podScope);
  }
  if (k.maxParallelImagePulls !== undefined)
    no('node.kubelet.maxParallelImagePulls', ARRIVED.parallelPulls);
  s.pods.forEach((p, i) => out.push(...podProblems(v, p.manifest, `pods[${i}].manifest`)));
  s.actions.forEach((a, i) => {
    if (a.kind === 'AddPod') out.push(...podProblems(v, a.manifest, `actions[${i}].manifest`));
    if (a.kind === 'ChangeCpuManagerPolicy' && v === '1.3')
      out.push({ path: `actions[${i}].kind`, message: NO_CPU_MANAGER_REASON });
  });
  s.faults.forEach((f, i) => {
    // Docker's StartContainer failure (1.3's runContainer) is not modelled.
    if (f.kind === 'StartContainerError' && v === '1.3')
      out.push({
        path: `faults[${i}].kind`,
        message: 'StartContainerError is modelled for kubelet 1.34 and 1.18, not for 1.3 (Docker)',
      });
    // 1.3 has no CRI sandbox: its infra container's death (DockerManager) is not modelled.
    if (f.kind === 'SandboxDied' && v === '1.3')
      out.push({
        path: `faults[${i}].kind`,
        message: 'SandboxDied is modelled for kubelet 1.34 and 1.18 (CRI sandboxes), not for 1.3',
      });
  });
  return out;
}

/** Settings a version ignores, each with why (kubelet 1.3: no CPU or topology manager). */
export function versionNotes(s: Scenario): string[] {
  if (s.node.kubeletVersion !== '1.3') return [];
  const k = s.node.kubelet;
  const ignored: string[] = [];
  if (k.cpuManagerPolicy !== 'none') ignored.push(`cpuManagerPolicy: ${k.cpuManagerPolicy}`);
  if (k.topologyManagerPolicy !== 'none')
    ignored.push(`topologyManagerPolicy: ${k.topologyManagerPolicy}`);
  if (k.topologyManagerScope !== 'container')
    ignored.push(`topologyManagerScope: ${k.topologyManagerScope}`);
  if (k.cpuManagerPolicyOptions && Object.keys(k.cpuManagerPolicyOptions).length)
    ignored.push('cpuManagerPolicyOptions');
  if (k.reservedSystemCPUs) ignored.push('reservedSystemCPUs');
  const notes = ignored.map((f) => `node.kubelet.${f} is ignored: ${NO_CPU_MANAGER_REASON}`);
  if (k.memoryManagerPolicy !== 'None')
    notes.push(`node.kubelet.memoryManagerPolicy is ignored: ${NO_MEMORY_MANAGER_REASON}`);
  if (s.node.devices && s.node.devices.length > 0)
    notes.push(`node.devices is ignored: ${NO_DEVICE_PLUGINS_REASON}`);
  return notes;
}
