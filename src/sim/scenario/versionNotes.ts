/**
 * Notes on settings a version accepts but does not act on: on 1.3 the CPU and topology
 * managers' (it had neither); on every version, once, the real KubeletConfiguration fields and
 * feature gates the model accepts without modelling them ("accepted, not modelled: evictionHard").
 */
import type { Scenario } from './schema';
import { MODELLED_KUBELET_FIELDS, NOT_YET_MODELLED_KUBELET_FIELDS } from './schema';
import { KUBELET_CONFIG_FIELDS } from './kubeletConfigFields';
import { NO_CPU_MANAGER_REASON } from '../versions/names';

/**
 * The feature gates whose setting the model acts on; the changelog knows more (their stages and
 * defaults by release, refusing an unknown or locked one) than the model reads yet.
 */
export const READ_GATES: ReadonlySet<string> = new Set([
  'CPUManagerPolicyOptions',
  'CPUManagerPolicyAlphaOptions',
  'CPUManagerPolicyBetaOptions',
  'TopologyManagerPolicyBetaOptions',
  'DisableCPUQuotaWithExclusiveCPUs',
  'KubeletCrashLoopBackOffMax',
  'ReduceDefaultCrashLoopBackOffDecay',
  'KubeletEnsureSecretPulledImages',
  'PodObservedGenerationTracking',
  'PodReadyToStartContainersCondition',
  'RecursiveReadOnlyMounts',
  'SidecarContainers',
  'PodLifecycleSleepAction',
  'GRPCContainerProbe',
]);

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
  if (s.node.kubeletVersion !== '1.3') return notes;
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
  return [
    ...notes,
    ...ignored.map((f) => `node.kubelet.${f} is ignored: ${NO_CPU_MANAGER_REASON}`),
  ];
}
