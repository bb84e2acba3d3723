/**
 * The device, memory and topology managers' own klog lines during an admission, as the 1.34
 * tree prints them:
 *   - topologymanager/policy.go filterProvidersHints (V0): a provider without hints, or one
 *     resource without a preference or without any possible affinity;
 *   - devicemanager/topology_hints.go GetTopologyHints / GetPodTopologyHints (V0) and
 *     manager.go's allocation (V3: "Looking for needed resources" for every limit of every
 *     container, "Need devices to allocate for pod", "Pods to be removed"; V4: the plugin's
 *     Allocate and "Checkpoint file written");
 *   - memorymanager (contextual logging): memory_manager.go removeStaleState (V2), the Static
 *     policy's Allocate, RemoveContainer and hint regeneration, state_mem.go's updates (under
 *     the logger name "Memory Manager state checkpoint", printed first), and "Allocate error".
 */
import type { ProviderHints } from '../policies/topologymanager/hint';
import type { PodDef } from './config';
import type { AdmissionStep } from './cpuManagerBridge';
import type { AdmissionLine } from './cpuManagerLines';
import { hintJSON } from './cpuManagerLines';
import type { MemoryStaleRemoval } from './deviceMemoryManagers';
import { q, type KV } from './klog';

/** The memory manager's state logger (state_checkpoint.go LoggerWithName), printed first. */
const STATE_LOGGER: [string, string] = ['logger', q('Memory Manager state checkpoint')];

/** A Go []string as klog prints it (JSON). */
function stringList(list: readonly string[]): string {
  return `[${list.map((x) => JSON.stringify(x)).join(',')}]`;
}

/** filterProvidersHints' lines for the providers' hints of one merge. */
export function filterProvidersHintsLines(all: readonly ProviderHints[]): AdmissionLine[] {
  const out: AdmissionLine[] = [];
  for (const hints of all) {
    if (hints === null || Object.keys(hints).length === 0) {
      out.push({
        msg: 'Hint Provider has no preference for NUMA affinity with any resource',
        kv: [],
      });
      continue;
    }
    for (const resource of Object.keys(hints).sort()) {
      const list = hints[resource];
      if (list === null || list === undefined)
        out.push({
          msg: 'Hint Provider has no preference for NUMA affinity with resource',
          kv: [['resource', q(resource)]],
        });
      else if (list.length === 0)
        out.push({
          msg: 'Hint Provider has no possible NUMA affinities for resource',
          kv: [['resource', q(resource)]],
        });
    }
  }
  return out;
}

/** UpdateAllocatedDevices dropped these pods. */
export function devicesGCLine(podUIDs: readonly string[]): AdmissionLine {
  return { msg: 'Pods to be removed', kv: [['podUIDs', stringList(podUIDs)]] };
}

/** GetTopologyHints / GetPodTopologyHints of the device manager: one line per resource it could not hint. */
export function deviceHintLines(
  pod: PodDef,
  step: Extract<AdmissionStep, { kind: 'hints' }>,
): AdmissionLine[] {
  const out: AdmissionLine[] = [];
  const podScope = step.container === undefined;
  const who = (resource: string): KV => [
    ['resourceName', q(resource)],
    ['pod', q(pod.key)],
    ...(podScope ? [] : ([['containerName', q(step.container)]] as KV)),
  ];
  for (const n of step.deviceNotes ?? []) {
    switch (n.kind) {
      case 'noTopology':
        out.push({
          msg: podScope
            ? 'Resource does not have a topology preference (pod scope)'
            : 'Resource does not have a topology preference',
          text: 'Resource does not have a topology preference',
          kv: [...who(n.resource), ['request', String(n.request)]],
        });
        break;
      case 'allocatedMismatch':
        out.push({
          msg: podScope
            ? 'Resource already allocated to pod with different number than request (pod scope)'
            : 'Resource already allocated to pod with different number than request',
          text: 'Resource already allocated to pod with different number than request',
          kv: [
            ...who(n.resource),
            ['request', String(n.request)],
            ['allocated', String(n.allocated)],
          ],
        });
        break;
      case 'regenerating':
        out.push({
          msg: podScope
            ? 'Regenerating TopologyHints for resource already allocated to pod (pod scope)'
            : 'Regenerating TopologyHints for resource already allocated to pod',
          text: 'Regenerating TopologyHints for resource already allocated to pod',
          kv: [
            ...who(n.resource),
            ...(podScope ? ([['allocated', String(n.allocated)]] as KV) : []),
          ],
        });
        break;
      case 'unavailable':
        out.push({
          msg: podScope
            ? 'Unable to generate topology hints: requested number of devices unavailable (pod scope)'
            : 'Unable to generate topology hints: requested number of devices unavailable',
          text: 'Unable to generate topology hints: requested number of devices unavailable',
          kv: [
            ...who(n.resource),
            ['request', String(n.request)],
            ['available', String(n.available)],
          ],
        });
        break;
      case 'generated':
        break;
    }
  }
  return out;
}

/** allocateContainerResources and devicesToAllocate for one container. */
export function deviceAllocateLines(
  pod: PodDef,
  step: Extract<AdmissionStep, { kind: 'deviceAllocate' }>,
): AdmissionLine[] {
  const out: AdmissionLine[] = [];
  const c = step.container;
  let wrote = false;
  for (const n of step.notes) {
    switch (n.kind) {
      case 'lookingFor':
        out.push({
          msg: 'Looking for needed resources',
          kv: [
            ['resourceName', q(n.resource)],
            ['pod', q(pod.key)],
            ['containerName', q(c)],
            ['needed', String(n.needed)],
          ],
        });
        break;
      case 'podsRemoved':
        out.push(devicesGCLine(n.podUIDs));
        break;
      case 'preAllocated':
        out.push({
          msg: 'Found pre-allocated devices for resource on pod',
          kv: [
            ['resourceName', q(n.resource)],
            ['containerName', q(c)],
            ['podUID', q(pod.uid)],
            ['devices', stringList(n.devices)],
          ],
        });
        break;
      case 'need':
      case 'noneNeeded':
        out.push({
          msg:
            n.kind === 'need'
              ? 'Need devices to allocate for pod'
              : 'No devices needed, nothing to do',
          kv: [
            ['deviceNumber', String(n.kind === 'need' ? n.needed : 0)],
            ['resourceName', q(n.resource)],
            ['podUID', q(pod.uid)],
            ['containerName', q(c)],
          ],
        });
        break;
      case 'preferredAsked':
        out.push({
          msg: 'Issuing a GetPreferredAllocation call for container',
          kv: [
            ['resourceName', q(n.resource)],
            ['containerName', q(c)],
            ['podUID', q(pod.uid)],
          ],
        });
        break;
      case 'allocated':
        wrote = true;
        out.push({
          msg: 'Making allocation request for device plugin',
          kv: [
            ['devices', stringList(n.devices)],
            ['resourceName', q(n.resource)],
            ['pod', q(pod.key)],
            ['containerName', q(c)],
          ],
        });
        break;
    }
  }
  if (wrote)
    out.push({
      msg: 'Checkpoint file written',
      kv: [['checkpoint', q('kubelet_internal_checkpoint')]],
    });
  return out;
}

/** memory_manager.go removeStaleState, and the Static policy's RemoveContainer of each. */
export function memoryStaleLines(
  staticPolicy: boolean,
  removals: readonly MemoryStaleRemoval[],
): AdmissionLine[] {
  const out: AdmissionLine[] = [];
  for (const r of removals) {
    const kv: KV = [
      ['podUID', q(r.podUid)],
      ['containerName', q(r.container)],
    ];
    out.push({
      msg:
        r.via === 'state'
          ? 'RemoveStaleState removing state'
          : 'RemoveStaleState removing state (containerMap)',
      text: 'RemoveStaleState removing state',
      kv,
    });
    if (staticPolicy && r.via === 'state') out.push(...memoryRemoveLines(r.podUid, r.container));
  }
  return out;
}

/** The Static policy's RemoveContainer of a container that held blocks. */
export function memoryRemoveLines(podUid: string, container: string): AdmissionLine[] {
  const kv: KV = [
    ['podUID', q(podUid)],
    ['containerName', q(container)],
  ];
  return [
    // The logger carries podUID and containerName, and the call names them again.
    { msg: 'Memory manager: RemoveContainer', text: 'RemoveContainer', kv: [...kv, ...kv] },
    { msg: 'Deleted memory assignment', kv: [STATE_LOGGER, ...kv] },
    { msg: 'Updated machine memory state', kv: [STATE_LOGGER] },
  ];
}

/** The Static policy's hint lines (regenerated hints, one per block). */
export function memoryHintLines(
  pod: PodDef,
  step: Extract<AdmissionStep, { kind: 'hints' }>,
): AdmissionLine[] {
  if (step.memoryNote === 'podLevelResources')
    return [
      {
        msg:
          step.container === undefined
            ? 'Memory Manager pod hint generation skipped (pod-level resources)'
            : 'Memory Manager hint generation skipped (pod-level resources)',
        kv: [
          ['pod', q(pod.key)],
          ['podUID', q(pod.uid)],
        ],
      },
    ];
  if (step.memoryNote !== 'regenerated' || step.hints === null) return [];
  const out: AdmissionLine[] = [];
  const containers =
    step.container === undefined
      ? [...pod.init, ...pod.containers].map((c) => c.name)
      : [step.container];
  for (const resource of Object.keys(step.hints).sort()) {
    if ((step.hints[resource] ?? []).length === 0) continue;
    out.push({
      msg: 'Regenerating TopologyHints, resource was already allocated to pod',
      kv: [
        ['pod', q(pod.key)],
        ['resourceName', q(resource)],
        ['podUID', q(pod.uid)],
        ['containerName', q(containers[0] ?? '')],
      ],
    });
  }
  return out;
}

/** The Static policy's Allocate for one container (its logger carries pod and containerName). */
export function memoryAllocateLines(
  pod: PodDef,
  step: Extract<AdmissionStep, { kind: 'memAllocate' }>,
): AdmissionLine[] {
  const r = step.result;
  if (r?.skipped === 'notGuaranteed') return [];
  const who: KV = [
    ['pod', q(pod.key)],
    ['containerName', q(step.container)],
  ];
  if (r?.skipped === 'podLevelResources')
    return [
      {
        msg: 'Allocation skipped, pod is using pod-level resources which are not supported by the static Memory manager policy',
        kv: [...who, ['podUID', q(pod.uid)]],
      },
    ];
  const out: AdmissionLine[] = [{ msg: 'Memory manager: Allocate', text: 'Allocate', kv: who }];
  if (r?.alreadyPresent) {
    out.push({ msg: 'Container already present in state, skipping', kv: who });
    return out;
  }
  out.push({ msg: 'Got topology affinity', kv: [...who, ['hint', hintJSON(step.affinity)]] });
  if (step.error !== undefined) {
    out.push({ msg: 'Allocate error', kv: who, err: step.error });
    return out;
  }
  out.push({ msg: 'Updated machine memory state', kv: [STATE_LOGGER] });
  const updated = (c: string): AdmissionLine => ({
    msg: 'Updated memory state',
    kv: [STATE_LOGGER, ['podUID', q(pod.uid)], ['containerName', q(c)]],
  });
  out.push(updated(step.container));
  for (const init of r?.initBlocksSet ?? []) out.push(updated(init));
  out.push({ msg: 'Allocated exclusive memory', kv: who });
  return out;
}
