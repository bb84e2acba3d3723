/**
 * Runs the memory manager's static policy vectors (tests/fixtures/topology/memory-static.json)
 * through the engine's memory manager, one driver per Go test function as the file's
 * `conventions.drivers` describe them.
 */
import type { ContainerLike, PodLike } from '../../src/sim/model/qos';
import {
  convertReserved,
  systemReservedMemory,
  validateReservedMemory,
  formattedQuantity,
  type AllocatableReservation,
  type FormattedQuantity,
  type MemoryReservation,
} from '../../src/sim/policies/memorymanager/reserved';
import {
  machineStatesEqual,
  memoryTopologyHints,
  newStaticMemoryPolicy,
  podMemoryRequests,
  STATIC_POLICY_NAME,
  staticAllocate,
  staticPolicyStart,
  staticRemoveContainer,
  type MachineNode,
  type StaticPolicy,
  type SystemReservedMemory,
} from '../../src/sim/policies/memorymanager/staticPolicy';
import type {
  Block,
  ContainerMemoryAssignments,
  MemoryManagerState,
  NUMANodeMap,
  ReusableMemory,
} from '../../src/sim/policies/memorymanager/state';
import { hasBehaviour } from '../../src/sim/policies/topologymanager/optionReleases';
import { arr, CaseError, expectSame, hintJson, hintOf, obj, str, type Json } from './common';
import type { Runner } from './topology';

function systemReservedOf(v: unknown): SystemReservedMemory {
  const out: Record<number, Record<string, number>> = {};
  for (const [id, row] of Object.entries(obj(v ?? {}, 'systemReserved')))
    out[Number(id)] = { ...(obj(row, `systemReserved.${id}`) as Record<string, number>) };
  return out;
}

function machineOf(c: Json): MachineNode[] {
  if (c.machineInfo === undefined) return [];
  const m = obj(c.machineInfo, 'machineInfo');
  return arr(m.topology ?? [], 'machineInfo.topology').map((n) => {
    const node = obj(n, 'node');
    return {
      id: node.id as number,
      memory: (node.memory ?? 0) as number,
      hugePages: (node.hugePages ?? []) as { pageSize: number; numPages: number }[],
    };
  });
}

function machineStateOf(v: unknown): NUMANodeMap {
  const out: NUMANodeMap = {};
  for (const [id, raw] of Object.entries(obj(v ?? {}, 'machineState'))) {
    const s = obj(raw, `machineState.${id}`);
    const memoryMap: NUMANodeMap[0]['memoryMap'] = {};
    for (const [r, t] of Object.entries(obj(s.memoryMap ?? {}, 'memoryMap'))) {
      const x = obj(t, `memoryMap.${r}`);
      memoryMap[r] = {
        totalMemSize: (x.totalMemSize ?? 0) as number,
        systemReserved: (x.systemReserved ?? 0) as number,
        allocatable: (x.allocatable ?? 0) as number,
        reserved: (x.reserved ?? 0) as number,
        free: (x.free ?? 0) as number,
      };
    }
    out[Number(id)] = {
      numberOfAssignments: (s.numberOfAssignments ?? 0) as number,
      memoryMap,
      cells: [...((s.cells ?? []) as number[])],
    };
  }
  return out;
}

function assignmentsOf(v: unknown): ContainerMemoryAssignments {
  const out: Record<string, Record<string, Block[]>> = {};
  for (const [pod, cs] of Object.entries(obj(v ?? {}, 'assignments'))) {
    out[pod] = {};
    for (const [c, blocks] of Object.entries(obj(cs, `assignments.${pod}`)))
      out[pod][c] = arr(blocks, `assignments.${pod}.${c}`).map((b) => {
        const x = obj(b, 'block');
        return {
          numaAffinity: x.numaAffinity as number[],
          type: str(x.type, 'type'),
          size: x.size as number,
        };
      });
  }
  return out;
}

function containerOf(v: unknown): ContainerLike {
  const c = obj(v, 'container');
  return {
    name: typeof c.name === 'string' ? c.name : '',
    resources: c.resources ?? {},
    ...(typeof c.restartPolicy === 'string' ? { restartPolicy: c.restartPolicy } : {}),
  };
}

function podOf(v: unknown): PodLike {
  const p = obj(v, 'pod');
  return {
    metadata: { uid: typeof p.uid === 'string' ? p.uid : '' },
    spec: {
      containers: arr(p.containers ?? [], 'containers').map(containerOf),
      initContainers: arr(p.initContainers ?? [], 'initContainers').map(containerOf),
    },
  };
}

function policyOf(c: Json, minor: number): StaticPolicy {
  return {
    machine: machineOf(c),
    systemReserved: systemReservedOf(c.systemReserved),
    checkNUMAAllocationRule: hasBehaviour('memoryNUMAAllocationRule', minor),
  };
}

function stateOf(c: Json): MemoryManagerState {
  return {
    policyName: 'Static',
    machineState: machineStateOf(c.machineState),
    assignments: assignmentsOf(c.assignments),
    reusable: (c.initContainersReusableMemory ?? {}) as ReusableMemory,
  };
}

const blockKey = (b: Block) =>
  JSON.stringify([[...b.numaAffinity].sort((x, y) => x - y), b.type, b.size]);

/** areContainerMemoryAssignmentsEqual: same pods; each container's blocks as a multiset. */
function assignmentsDiffer(
  expected: ContainerMemoryAssignments,
  got: ContainerMemoryAssignments,
): string | null {
  const fail = () => `assignments: expected ${JSON.stringify(expected)} got ${JSON.stringify(got)}`;
  if (Object.keys(expected).length !== Object.keys(got).length) return fail();
  for (const [pod, cs] of Object.entries(got)) {
    const want = expected[pod];
    if (want === undefined || Object.keys(want).length !== Object.keys(cs).length) return fail();
    for (const [c, blocks] of Object.entries(cs)) {
      const w = want[c];
      if (w === undefined) return fail();
      if (JSON.stringify(blocks.map(blockKey).sort()) !== JSON.stringify(w.map(blockKey).sort()))
        return fail();
    }
  }
  return null;
}

function stateDiffers(c: Json, s: MemoryManagerState): string | null {
  const a = assignmentsDiffer(assignmentsOf(c.expectedAssignments), s.assignments);
  if (a !== null) return a;
  const want = machineStateOf(c.expectedMachineState);
  return machineStatesEqual(want, s.machineState)
    ? null
    : `machine state: expected ${JSON.stringify(want)} got ${JSON.stringify(s.machineState)}`;
}

/** error must equal expectedError exactly (absent: no error). */
function errorIs(c: Json, error: string | null): string | null | undefined {
  const want = c.expectedError;
  if (typeof want === 'string' && want !== '')
    return error === want
      ? null
      : `expected error ${JSON.stringify(want)} got ${JSON.stringify(error)}`;
  if (error !== null) return `unexpected error ${JSON.stringify(error)}`;
  return undefined;
}

function nodeIdsOf(c: Json): number[] {
  return machineOf(c).map((n) => n.id);
}

function reservedList(v: unknown): MemoryReservation[] {
  return arr(v ?? [], 'reservedMemory').map((r) => {
    const x = obj(r, 'reservation');
    return {
      numaNode: x.numaNode as number,
      limits: obj(x.limits ?? {}, 'limits') as Record<string, string>,
    };
  });
}

function reservationOf(v: unknown): AllocatableReservation {
  const out: Record<string, FormattedQuantity> = {};
  for (const [r, q] of Object.entries(obj(v ?? {}, 'nodeAllocatableReservation'))) {
    const f = formattedQuantity(q as string);
    if (!f.ok) throw new CaseError(f.error);
    if (f.value.nanos !== 0n) out[r] = f.value;
  }
  return out;
}

function reservedJson(r: SystemReservedMemory): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const [id, row] of Object.entries(r)) out[id] = { ...row };
  return out;
}

export const MEMORY_RUNNERS: Record<string, Runner> = {
  TestStaticPolicyNew: (c) => {
    const r = newStaticMemoryPolicy([], systemReservedOf(c.systemReserved));
    return errorIs(c, r.ok ? null : r.error) ?? null;
  },
  TestStaticPolicyName: (c) => expectSame('Name()', c.expectedName, STATIC_POLICY_NAME),
  TestStaticPolicyStart: (c, minor) => {
    const s = stateOf(c);
    const r = staticPolicyStart(policyOf(c, minor), s.machineState, s.assignments);
    const e = errorIs(c, r.ok ? null : r.error);
    if (e !== undefined || !r.ok) return e ?? null;
    return stateDiffers(c, { ...s, machineState: r.value });
  },
  TestStaticPolicyAllocate: (c, minor) => {
    const pod = podOf(c.pod);
    const r = staticAllocate(
      policyOf(c, minor),
      stateOf(c),
      pod,
      pod.spec.containers[0]!,
      hintOf(c.topologyHint),
    );
    const e = errorIs(c, r.ok ? null : r.error);
    if (e !== undefined || !r.ok) return e ?? null;
    return stateDiffers(c, r.value.state);
  },
  TestStaticPolicyAllocateWithInitContainers: (c, minor) => {
    const pod = podOf(c.pod);
    const p = policyOf(c, minor);
    let s = stateOf(c);
    for (const container of [...(pod.spec.initContainers ?? []), ...pod.spec.containers]) {
      const r = staticAllocate(p, s, pod, container, hintOf(c.topologyHint));
      if (!r.ok) return `Allocate(${container.name}): unexpected error ${JSON.stringify(r.error)}`;
      s = r.value.state;
    }
    return stateDiffers(c, s);
  },
  TestStaticPolicyAllocateWithRestartableInitContainers: (c, minor) =>
    MEMORY_RUNNERS.TestStaticPolicyAllocateWithInitContainers!(c, minor),
  TestStaticPolicyRemoveContainer: (c) =>
    stateDiffers(c, staticRemoveContainer(stateOf(c), 'pod1', 'container1').state),
  TestStaticPolicyGetTopologyHints: (c) => {
    const pod = podOf(c.pod);
    const { hints } = memoryTopologyHints(stateOf(c), pod, pod.spec.containers[0]!);
    const got =
      hints === null
        ? null
        : Object.fromEntries(Object.entries(hints).map(([r, list]) => [r, list.map(hintJson)]));
    return expectSame('GetTopologyHints()', c.expectedTopologyHints, got);
  },
  Test_getPodRequestedResources: (c) => {
    const r = podMemoryRequests(podOf(c.pod));
    if (!r.ok) return `unexpected error ${JSON.stringify(r.error)}`;
    return expectSame('getPodRequestedResources()', c.expected, r.value);
  },
  TestValidateReservedMemory: (c) => {
    const r = validateReservedMemory(
      nodeIdsOf(c),
      reservationOf(c.nodeAllocatableReservation),
      reservedList(c.reservedMemory),
    );
    // expectedError "" is a case the Go test asserts nothing of (intended: no error).
    if (c.expectedError === '') return r.ok ? null : `unexpected error ${JSON.stringify(r.error)}`;
    return errorIs(c, r.ok ? null : r.error) ?? null;
  },
  TestConvertPreReserved: (c) => {
    const r = convertReserved(nodeIdsOf(c), reservedList(c.reservedMemory));
    if (!r.ok) return `unexpected error ${JSON.stringify(r.error)}`;
    return expectSame('convertReserved()', c.expectedSystemReserved, reservedJson(r.value));
  },
  TestGetSystemReservedMemory: (c) => {
    const r = systemReservedMemory(
      nodeIdsOf(c),
      reservationOf(c.nodeAllocatableReservation),
      reservedList(c.reservedMemory),
    );
    return expectSame(
      'getSystemReservedMemory()',
      { reserved: c.expectedSystemReserved, error: c.expectedError ?? null },
      { reserved: r.ok ? reservedJson(r.value) : null, error: r.ok ? null : r.error },
    );
  },
};
