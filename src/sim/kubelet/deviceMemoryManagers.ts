/**
 * The device and memory managers as NewContainerManager creates them from the node's hardware
 * and the KubeletConfiguration (devicemanager.NewManagerImpl, memorymanager.NewManager with the
 * node allocatable reservation), their Start, and the memory manager's containerMap and
 * removeStaleState (memory_manager.go AddContainer, removeStaleState, policyRemoveContainerByRef).
 */
import { bytes } from './resources';
import type { NodeHardware } from '../model/nodeHardware';
import { err, ok, type Result } from '../model/result';
import type { DeviceManagerConfig, PluginDevice } from '../policies/devicemanager/types';
import {
  allocatableReservation,
  evictionMemoryReservation,
  systemReservedMemory,
  type FormattedQuantity,
} from '../policies/memorymanager/reserved';
import {
  newStaticMemoryPolicy,
  staticPolicyStart,
  staticRemoveContainer,
  type StaticPolicy,
} from '../policies/memorymanager/staticPolicy';
import type { MemoryManagerState } from '../policies/memorymanager/state';
import { hasBehaviour } from '../policies/topologymanager/optionReleases';
import type { Scenario } from '../scenario/schema';

/** The memory manager's policy as NewManager made it. */
export type MemoryManagerConfig =
  { readonly policy: 'None' } | { readonly policy: 'Static'; readonly static: StaticPolicy };

/** The device manager of a node: its plugins' devices, all healthy. */
export function deviceManagerConfig(hw: NodeHardware, minor: number): DeviceManagerConfig {
  const devices: Record<string, PluginDevice[]> = {};
  for (const d of hw.devices)
    (devices[d.resource] ??= []).push({
      id: d.id,
      numaNodes: d.numaNode === null ? null : [d.numaNode],
    });
  const healthy: Record<string, string[]> = {};
  for (const [r, list] of Object.entries(devices)) healthy[r] = list.map((d) => d.id);
  return {
    numaNodes: hw.numaNodes,
    devices,
    healthy,
    hintsOverDeviceNodes: hasBehaviour('deviceHintsOverDeviceNodes', minor),
  };
}

/** eviction.DefaultEvictionHard's memory.available, used when evictionHard is not set. */
const DEFAULT_MEMORY_AVAILABLE = '100Mi';

/** The hard eviction threshold for memory.available, if any (evictionHard unset: the default). */
export function memoryAvailableThreshold(s: Scenario): string | undefined {
  const hard = s.node.kubelet.evictionHard;
  return hard === undefined ? DEFAULT_MEMORY_AVAILABLE : hard['memory.available'];
}

/** The node's memory capacity in bytes (cAdvisor's, or the scenario's capacity.memory). */
export function memoryCapacityOf(s: Scenario, hw: NodeHardware): number {
  return s.node.capacity?.memory !== undefined
    ? bytes(s.node.capacity.memory)
    : (hw.memoryCapacity ?? bytes('32Gi'));
}

/**
 * memorymanager.NewManager: None, or Static with its reserved memory checked against
 * GetNodeAllocatableReservation (kubeReserved + systemReserved + the memory.available
 * threshold, and any hugepages reservation). BestEffort exists for Windows only.
 */
export function newMemoryManagerConfig(
  s: Scenario,
  hw: NodeHardware,
  minor: number,
  podLevel: { qos?: boolean; skip?: boolean } = {},
): Result<MemoryManagerConfig> {
  const k = s.node.kubelet;
  if (k.memoryManagerPolicy === 'None') return ok({ policy: 'None' });
  if (k.memoryManagerPolicy === 'BestEffort')
    return err('policy "BestEffort" is not available for platform "linux"');
  let eviction: FormattedQuantity | null = null;
  const threshold = memoryAvailableThreshold(s);
  if (threshold !== undefined) {
    const q = evictionMemoryReservation(threshold, memoryCapacityOf(s, hw));
    if (!q.ok) return err(`evictionHard memory.available: ${q.error}`);
    eviction = q.value;
  }
  const resources = ['memory', 'hugepages-1Gi', 'hugepages-2Mi'];
  const reservation = allocatableReservation(resources, k.systemReserved, k.kubeReserved, eviction);
  if (!reservation.ok) return reservation;
  const reserved = systemReservedMemory(hw.numaNodes, reservation.value, k.reservedMemory ?? []);
  if (!reserved.ok) return reserved;
  const policy = newStaticMemoryPolicy(
    hw.memory,
    reserved.value,
    hasBehaviour('memoryNUMAAllocationRule', minor),
    podLevel,
  );
  return policy.ok ? ok({ policy: 'Static', static: policy.value }) : policy;
}

/**
 * memoryManager.Start: a fresh state (no checkpoint), or the checkpoint restored after a
 * restart, which the Static policy validates against the machine (validateState). A checkpoint
 * of another policy is refused as the kubelet refuses it.
 */
export function startMemoryManager(
  cfg: MemoryManagerConfig,
  restored?: MemoryManagerState,
): Result<MemoryManagerState> {
  if (restored && restored.policyName !== cfg.policy)
    return err(
      `[memorymanager] configured policy ${JSON.stringify(cfg.policy)} differs from state checkpoint policy ${JSON.stringify(restored.policyName)}`,
    );
  if (cfg.policy === 'None')
    return ok({ policyName: 'None', machineState: {}, assignments: {}, reusable: {} });
  const ms = staticPolicyStart(
    cfg.static,
    restored?.machineState ?? {},
    restored?.assignments ?? {},
  );
  if (!ms.ok) return ms;
  return ok({
    policyName: 'Static',
    machineState: ms.value,
    assignments: restored?.assignments ?? {},
    reusable: {},
  });
}

/** One container the memory manager's removeStaleState let go of. */
export interface MemoryStaleRemoval {
  readonly podUid: string;
  readonly container: string;
  /** Found in the state's assignments (its blocks were freed), or in the containerMap only. */
  readonly via: 'state' | 'containerMap';
}

/** policyRemoveContainerByRef: the policy's RemoveContainer (Static), then the containerMap's entry. */
export function memoryRemoveByRef(
  cfg: MemoryManagerConfig,
  state: MemoryManagerState,
  podUid: string,
  container: string,
): { state: MemoryManagerState; freed: boolean } {
  if (cfg.policy !== 'Static') return { state, freed: false };
  const r = staticRemoveContainer(state, podUid, container);
  return { state: r.state, freed: r.removed };
}
