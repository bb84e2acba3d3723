/**
 * Notes on settings a version accepts but does not act on: on 1.3 the CPU, topology and memory
 * managers' and the node's devices (it had none of them); on every version, once, the real KubeletConfiguration fields and
 * feature gates the model accepts without modelling them ("accepted, not modelled: imageGCHighThresholdPercent").
 */
import type { Scenario } from './schema';
import { MODELLED_KUBELET_FIELDS, NOT_YET_MODELLED_KUBELET_FIELDS } from './schema';
import { KUBELET_CONFIG_FIELDS } from './kubeletConfigFields';
import { NO_CPU_MANAGER_REASON } from '../versions/names';
import { gateArrival, profileOf } from '../versions/changelog/profile';

/**
 * The feature gates whose setting the model acts on; the changelog knows more (their stages and
 * defaults by release, refusing an unknown or locked one) than the model reads yet.
 */
export const READ_GATES: ReadonlySet<string> = new Set([
  'CPUManagerPolicyOptions',
  'CPUManagerPolicyAlphaOptions',
  'CPUManagerPolicyBetaOptions',
  'TopologyManagerPolicyOptions',
  'TopologyManagerPolicyAlphaOptions',
  'TopologyManagerPolicyBetaOptions',
  'MemoryManager',
  'DisableCPUQuotaWithExclusiveCPUs',
  'KubeletCrashLoopBackOffMax',
  'ChangeContainerStatusOnKubeletRestart',
  'ReduceDefaultCrashLoopBackOffDecay',
  'KubeletEnsureSecretPulledImages',
  'PodObservedGenerationTracking',
  'PodReadyToStartContainersCondition',
  'RecursiveReadOnlyMounts',
  'SidecarContainers',
  'PodLifecycleSleepAction',
  'GRPCContainerProbe',
  'InPlacePodVerticalScaling',
]);

/** Why kubelet 1.3 ignores the node's devices (device plugins arrived in 1.8). */
export const NO_DEVICE_PLUGINS_REASON =
  'kubelet 1.3 has no device plugins (they arrived in 1.8): the devices are not registered';
/** Why kubelet 1.3 ignores the memory manager's settings. */
export const NO_MEMORY_MANAGER_REASON = `kubelet 1.3 has no memory manager (it arrived in ${gateArrival('MemoryManager') ?? '1.21'})`;

export function versionNotes(s: Scenario): string[] {
  const notes: string[] = [];
  const k = s.node.kubelet as Record<string, unknown>;
  const unmodelled = Object.keys(k).filter(
    (f) =>
      k[f] !== undefined &&
      f in KUBELET_CONFIG_FIELDS &&
      (!MODELLED_KUBELET_FIELDS.has(f) || NOT_YET_MODELLED_KUBELET_FIELDS.has(f)),
  );
  if (unmodelled.length)
    notes.push(`node.kubelet: accepted, not modelled: ${unmodelled.join(', ')}`);
  const gates = Object.keys(s.node.kubelet.featureGates ?? {}).filter((g) => !READ_GATES.has(g));
  if (gates.length)
    notes.push(`node.kubelet.featureGates: accepted, not modelled: ${gates.join(', ')}`);
  const v = s.node.kubeletVersion;
  if (
    v !== '1.3' &&
    s.node.kubelet.featureGates?.InPlacePodVerticalScaling === true &&
    !profileOf(v).behaviours.statusResourcesOfAllocation
  )
    notes.push(
      `node.kubelet.featureGates.InPlacePodVerticalScaling: kubelet ${v}'s alpha in-place resize is not modelled (1.33's beta is): statuses carry no allocatedResources or resources`,
    );
  const memoryGate = profileOf(v).gates.MemoryManager;
  if (
    v !== '1.3' &&
    s.node.kubelet.memoryManagerPolicy !== 'None' &&
    memoryGate &&
    !(s.node.kubelet.featureGates?.MemoryManager ?? memoryGate.default)
  )
    notes.push(
      `node.kubelet.memoryManagerPolicy is ignored: kubelet ${v} makes the memory manager only with the feature gate MemoryManager (${memoryGate.stage}, off by default): set node.kubelet.featureGates.MemoryManager: true`,
    );
  if (v !== '1.3') return notes;
  const kc = s.node.kubelet;
  const ignored: string[] = [];
  if (kc.cpuManagerPolicy !== 'none') ignored.push(`cpuManagerPolicy: ${kc.cpuManagerPolicy}`);
  if (kc.topologyManagerPolicy !== 'none')
    ignored.push(`topologyManagerPolicy: ${kc.topologyManagerPolicy}`);
  if (kc.topologyManagerScope !== 'container')
    ignored.push(`topologyManagerScope: ${kc.topologyManagerScope}`);
  if (kc.cpuManagerPolicyOptions && Object.keys(kc.cpuManagerPolicyOptions).length)
    ignored.push('cpuManagerPolicyOptions');
  if (kc.reservedSystemCPUs) ignored.push('reservedSystemCPUs');
  notes.push(...ignored.map((f) => `node.kubelet.${f} is ignored: ${NO_CPU_MANAGER_REASON}`));
  if (kc.memoryManagerPolicy !== 'None')
    notes.push(`node.kubelet.memoryManagerPolicy is ignored: ${NO_MEMORY_MANAGER_REASON}`);
  if (s.node.devices && s.node.devices.length > 0)
    notes.push(`node.devices is ignored: ${NO_DEVICE_PLUGINS_REASON}`);
  return notes;
}
