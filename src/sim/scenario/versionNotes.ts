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
import { restartRulesDropped } from './restartRulesCheck';

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
  'PodLevelResources',
  'PodObservedGenerationTracking',
  'PodReadyToStartContainersCondition',
  'RecursiveReadOnlyMounts',
  'SidecarContainers',
  'PodLifecycleSleepAction',
  'GRPCContainerProbe',
  'ContainerRestartRules',
  'RestartAllContainersOnContainerExits',
  // Read as RestartAllContainersOnContainerExits' dependency (featuregate's check).
  'NodeDeclaredFeatures',
  'InPlacePodVerticalScaling',
  'PodLevelResourceManagers',
]);

/** Why kubelet 1.3 ignores the node's devices (device plugins arrived in 1.8). */
export const NO_DEVICE_PLUGINS_REASON =
  'kubelet 1.3 has no device plugins (they arrived in 1.8): the devices are not registered';
/** Why kubelet 1.3 ignores the memory manager's settings. */
export const NO_MEMORY_MANAGER_REASON = `kubelet 1.3 has no memory manager (it arrived in ${gateArrival('MemoryManager') ?? '1.21'})`;

/**
 * spec.resources (pod-level resources) on a release or gate setting without them: the API
 * server's dropDisabledPodFields removes the field (a release before 1.32 does not know it), so
 * the kubelet never sees it. Said per pod, as the run silently would not.
 */
export function podLevelResourcesNotes(s: Scenario): string[] {
  const v = s.node.kubeletVersion;
  const manifests = [
    ...s.pods.map((p, i) => [`pods[${i}].manifest`, p.manifest] as const),
    ...s.actions.flatMap((a, i) =>
      a.kind === 'AddPod' ? [[`actions[${i}].manifest`, a.manifest] as const] : [],
    ),
  ].filter(([, m]) => m.spec.resources !== undefined);
  if (manifests.length === 0) return [];
  const gate = v === '1.3' ? undefined : profileOf(v).gates.PodLevelResources;
  const on = gate !== undefined && (s.node.kubelet.featureGates?.PodLevelResources ?? gate.default);
  if (on) return [];
  const why = gate
    ? `kubelet ${v}'s API server drops pod-level resources unless the feature gate PodLevelResources (${gate.stage}, off by default) is on: set node.kubelet.featureGates.PodLevelResources: true`
    : `kubelet ${v}'s API has no pod-level resources (PodLevelResources arrived in ${gateArrival('PodLevelResources') ?? '1.32'})`;
  return manifests.map(
    ([path, m]) =>
      `${path}.spec.resources (${m.metadata.namespace}/${m.metadata.name}) is dropped: ${why}; QoS, admission and the resource managers read the containers' resources alone`,
  );
}

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
  notes.push(...podLevelResourcesNotes(s));
  const pullGate = v === '1.3' ? undefined : profileOf(v).gates.KubeletEnsureSecretPulledImages;
  const checks =
    pullGate !== undefined &&
    (s.node.kubelet.featureGates?.KubeletEnsureSecretPulledImages ?? pullGate.default);
  if (!checks)
    s.node.images.forEach((img, i) => {
      if (img.pulledWith !== undefined)
        notes.push(
          `node.images[${i}].pulledWith is ignored: kubelet ${v} ${pullGate ? `checks a present image's pull credentials only with the feature gate KubeletEnsureSecretPulledImages (${pullGate.stage}, off by default)` : `does not check a present image's pull credentials (KubeletEnsureSecretPulledImages arrived in ${gateArrival('KubeletEnsureSecretPulledImages') ?? '1.33'})`}`,
        );
    });
  const manifests = [
    ...s.pods.map((p, i) => ({ m: p.manifest, path: `pods[${i}].manifest` })),
    ...s.actions.flatMap((a, i) =>
      a.kind === 'AddPod' ? [{ m: a.manifest, path: `actions[${i}].manifest` }] : [],
    ),
  ];
  for (const { m, path } of manifests) {
    (m.spec.initContainers ?? []).forEach((c, i) => {
      const note = restartRulesDropped(s, c, true, `${path}.spec.initContainers[${i}]`);
      if (note) notes.push(note);
    });
    m.spec.containers.forEach((c, i) => {
      const note = restartRulesDropped(s, c, false, `${path}.spec.containers[${i}]`);
      if (note) notes.push(note);
    });
  }
  if (
    v !== '1.3' &&
    s.node.kubelet.featureGates?.InPlacePodVerticalScaling === true &&
    !profileOf(v).behaviours.statusResourcesOfAllocation
  )
    notes.push(
      `node.kubelet.featureGates.InPlacePodVerticalScaling: kubelet ${v}'s alpha in-place resize is not modelled (1.33's beta is): statuses carry no allocatedResources or resources`,
    );
  if (v !== '1.3' && s.actions.some((a) => a.kind === 'ResizePod')) {
    const fg = s.node.kubelet.featureGates ?? {};
    const resizeGate = profileOf(v).gates.InPlacePodVerticalScaling;
    if (!profileOf(v).behaviours.statusResourcesOfAllocation)
      notes.push(
        `actions: ResizePod: kubelet ${v}'s in-place resize (InPlacePodVerticalScaling ${resizeGate ? `${resizeGate.stage}, ${resizeGate.default ? 'on' : 'off'} by default` : 'not yet in this release'}; status.resize) is not modelled: the kubelet does not answer the resize`,
      );
    else if (fg.InPlacePodVerticalScaling === false)
      notes.push(
        'actions: ResizePod: InPlacePodVerticalScaling is off: the API server refuses the resize (not modelled) and the kubelet does not answer it',
      );
    else
      notes.push(
        "actions: ResizePod: not modelled: the allocation manager's periodic retry of a Deferred resize (1.34+: every 3 min; it is retried when a pod is removed, and on 1.33 at the pod's next SyncPod), a failed UpdateContainerResources (ResizeError), the memory-usage check of a memory limit decrease, swap, and pod-level resources' resize",
      );
    if (fg.InPlacePodVerticalScalingExclusiveCPUs === true)
      notes.push(
        'node.kubelet.featureGates.InPlacePodVerticalScalingExclusiveCPUs: not modelled: the static CPU manager answers a resize as with the gate off',
      );
  }
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
