/**
 * Runs test vectors in the format of tests/fixtures/cpu-assignment.json (Kubernetes' own CPU
 * manager cases) through the real engine code in src/sim: no copies of the algorithms here, only
 * the plumbing from a case's fields to the engine's functions and the comparison of results.
 */
import {
  cpuset,
  equals,
  formatCPUSet,
  mustParseCPUSet,
  type CPUSet,
} from '../src/sim/model/cpuset';
import type { ContainerLike, PodLike } from '../src/sim/model/qos';
import {
  topologyFromCpuList,
  type CPUTopology,
  type DeclaredCounts,
} from '../src/sim/model/topology';
import {
  CpuAccumulator,
  type CPUSortingStrategy,
} from '../src/sim/policies/cpumanager/accumulator';
import type { CpuManagerError } from '../src/sim/policies/cpumanager/errors';
import {
  newStaticPolicy,
  staticAllocate,
  staticPolicyStart,
  staticRemoveContainer,
  type StaticPolicy,
} from '../src/sim/policies/cpumanager/staticPolicy';
import type { CpuManagerState } from '../src/sim/policies/cpumanager/state';
import { takeByTopologyNUMADistributed } from '../src/sim/policies/cpumanager/takeByTopologyNUMADistributed';
import { takeByTopologyNUMAPacked } from '../src/sim/policies/cpumanager/takeByTopologyNUMAPacked';
import { getTopologyHints } from '../src/sim/policies/cpumanager/topologyHints';
import { maskString } from '../src/sim/policies/topologymanager/bitmask';
import { EMPTY_HINT, type TopologyHint } from '../src/sim/policies/topologymanager/hint';

export interface CaseResult {
  readonly name: string;
  readonly pass: boolean;
  /** "expected … got …" when failing. */
  readonly detail: string;
}

type Json = Record<string, unknown>;

class CaseError extends Error {}

function obj(v: unknown, what: string): Json {
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw new CaseError(`${what} is not an object`);
  return v as Json;
}
function num(v: unknown, what: string): number {
  if (typeof v !== 'number') throw new CaseError(`${what} is not a number`);
  return v;
}
function str(v: unknown, what: string): string {
  if (typeof v !== 'string') throw new CaseError(`${what} is not a string`);
  return v;
}
function set(v: unknown, what: string): CPUSet {
  return mustParseCPUSet(str(v ?? '', what));
}

/** A topology from the file's `topologies` section (by name) or an inline object. */
export function fixtureTopology(file: Json, ref: unknown): CPUTopology {
  const t =
    typeof ref === 'string'
      ? obj(obj(file.topologies, 'topologies')[ref], `topology ${ref}`)
      : obj(ref, 'topology');
  const cpus = (t.cpus as Json[]).map((c) => ({
    id: num(c.id ?? c.cpu, 'cpu id'),
    core: num(c.core, 'core'),
    socket: num(c.socket, 'socket'),
    numa: num(c.numa, 'numa'),
    uncoreCache: (c.uncore ?? c.uncoreCache ?? c.uncoreCacheId ?? 0) as number,
  }));
  const declared =
    t.declared === undefined ? undefined : (obj(t.declared, 'declared') as DeclaredCounts);
  const r = topologyFromCpuList(cpus, {
    ...(declared === undefined ? {} : { declared }),
    coreIds: 'asGiven',
    uncoreFallback: 'zero',
  });
  if (!r.ok) throw new CaseError(r.error);
  return r.value;
}

function sameSet(expected: CPUSet, got: CPUSet): string | null {
  return equals(expected, got)
    ? null
    : `expected ${JSON.stringify(formatCPUSet(expected))} got ${JSON.stringify(formatCPUSet(got))}`;
}

// ---- takeByTopology ----

function runTake(file: Json, c: Json): string | null {
  const topo = fixtureTopology(file, c.topology);
  const o = obj(c.options ?? {}, 'options');
  const sorting: CPUSortingStrategy = o.distributeAcrossCores === true ? 'spread' : 'packed';
  const fn =
    (c.function as string | undefined) ??
    (o.distributeAcrossNUMA === true
      ? 'takeByTopologyNUMADistributed'
      : 'takeByTopologyNUMAPacked');
  const available = set(c.available, 'available');
  const n = num(c.request, 'request');
  const r =
    fn === 'takeByTopologyNUMADistributed'
      ? takeByTopologyNUMADistributed(
          topo,
          available,
          n,
          (o.cpuGroupSize as number | undefined) ?? 1,
          sorting,
        )
      : takeByTopologyNUMAPacked(topo, available, n, sorting, o.preferAlignByUncoreCache === true);
  return compareOutcome(c.expect, r.ok ? { cpus: r.value.cpus } : { error: r.error.message });
}

function compareOutcome(expect: unknown, got: { cpus: CPUSet } | { error: string }): string | null {
  if (typeof expect === 'string') {
    if ('error' in got)
      return `expected ${JSON.stringify(expect)} got error ${JSON.stringify(got.error)}`;
    return sameSet(mustParseCPUSet(expect), got.cpus);
  }
  const want = str(obj(expect, 'expect').error, 'expect.error');
  if ('cpus' in got)
    return `expected error containing ${JSON.stringify(want)} got ${JSON.stringify(formatCPUSet(got.cpus))}`;
  return got.error.includes(want)
    ? null
    : `expected error containing ${JSON.stringify(want)} got ${JSON.stringify(got.error)}`;
}

// ---- accumulator orders ----

function runOrder(file: Json, c: Json): string | null {
  const topo = fixtureTopology(file, c.topology);
  const sorting: CPUSortingStrategy =
    obj(c.options ?? {}, 'options').distributeAcrossCores === true ? 'spread' : 'packed';
  const acc = new CpuAccumulator(
    topo,
    set(c.available, 'available'),
    num(c.request ?? 0, 'request'),
    sorting,
  );
  const sensitive = c.orderSensitive !== false;
  const norm = (xs: readonly number[]): number[] =>
    sensitive ? [...xs] : [...xs].sort((a, b) => a - b);
  const check = (method: string, expected: unknown): string | null => {
    const fns: Record<string, () => number[]> = {
      freeSockets: () => acc.freeSockets(),
      freeNUMANodes: () => acc.freeNUMANodes(),
      freeCores: () => acc.freeCores(),
      freeCPUs: () => acc.freeCPUs(),
      freeUncoreCache: () => acc.freeUncoreCache(),
    };
    const f = fns[method];
    if (f === undefined) throw new CaseError(`unknown accumulator method ${method}`);
    const got = norm(f());
    const want = norm(expected as number[]);
    return JSON.stringify(got) === JSON.stringify(want)
      ? null
      : `${method}: expected ${JSON.stringify(want)} got ${JSON.stringify(got)}`;
  };
  const method = str(c.method, 'method');
  if (method === 'freeSockets+freeNUMANodes')
    return check('freeSockets', c.expectSockets) ?? check('freeNUMANodes', c.expectNUMANodes);
  return check(method, c.expectOrder);
}

// ---- static policy ----

function policyFor(file: Json, c: Json, options: unknown): StaticPolicy {
  const topo = fixtureTopology(file, c.topology);
  const reserved =
    c.reserved === null || c.reserved === undefined ? [] : set(c.reserved, 'reserved');
  const p = newStaticPolicy(topo, {
    numReservedCPUs: num(c.numReservedCPUs ?? 0, 'numReservedCPUs'),
    reservedCPUs: reserved,
    policyOptions: (options ?? {}) as Record<string, string>,
    featureGates: (c.featureGates ?? {
      CPUManagerPolicyAlphaOptions: true,
      CPUManagerPolicyBetaOptions: true,
    }) as Record<string, boolean>,
    topologyManagerPolicy: (c.topologyManagerPolicy as string | undefined) ?? 'none',
  });
  if (!p.ok) throw new CaseError(`NewStaticPolicy failed: ${p.error}`);
  return p.value;
}

function stateFor(c: Json): CpuManagerState {
  const assignments: Record<string, Record<string, CPUSet>> = {};
  for (const [pod, row] of Object.entries(obj(c.assignments ?? {}, 'assignments'))) {
    assignments[pod] = {};
    for (const [name, cpus] of Object.entries(obj(row, `assignments.${pod}`)))
      assignments[pod][name] = set(cpus, name);
  }
  return {
    policyName: 'static',
    defaultCpuSet: set(c.defaultCPUSet, 'defaultCPUSet'),
    assignments,
    cpusToReuse: {},
  };
}

function container(
  name: string,
  request: string,
  limit: string,
  memory: string,
  restartPolicy?: unknown,
): ContainerLike {
  return {
    name,
    resources: { requests: { cpu: request, memory }, limits: { cpu: limit, memory } },
    ...(typeof restartPolicy === 'string' ? { restartPolicy } : {}),
  };
}

function hintFrom(v: unknown): TopologyHint {
  if (v === null || v === undefined) return EMPTY_HINT;
  const h = obj(v, 'topologyHint');
  const mask =
    h.numaAffinity === null || h.numaAffinity === undefined
      ? null
      : cpuset(h.numaAffinity as number[]);
  return { numaNodeAffinity: mask, preferred: h.preferred === true };
}

function errorMatches(expected: unknown, message: unknown, got: CpuManagerError): string | null {
  if (typeof expected === 'string')
    return got.message.includes(expected)
      ? null
      : `expected error ${JSON.stringify(expected)} got ${JSON.stringify(got.message)}`;
  const e = obj(expected, 'expectError');
  const fields: Record<string, unknown> = {
    type: 'type' in got ? got.type : undefined,
    RequestedCPUs: 'requestedCPUs' in got ? got.requestedCPUs : undefined,
    CpusPerCore: 'cpusPerCore' in got ? got.cpusPerCore : undefined,
    AvailablePhysicalCPUs: 'availablePhysicalCPUs' in got ? got.availablePhysicalCPUs : undefined,
    CausedByPhysicalCPUs: 'causedByPhysicalCPUs' in got ? got.causedByPhysicalCPUs : undefined,
  };
  for (const [k, v] of Object.entries(e))
    if (fields[k] !== v)
      return `expected error ${k}=${JSON.stringify(v)} got ${JSON.stringify(fields[k])} (${got.message})`;
  if (typeof message === 'string' && message !== got.message)
    return `expected message ${JSON.stringify(message)} got ${JSON.stringify(got.message)}`;
  return null;
}

function runAllocateOnce(file: Json, c: Json, options: unknown): string | null {
  const p = policyFor(file, c, options);
  const s = stateFor(c);
  const podUID = str(c.podUID ?? 'fakePod', 'podUID');
  const name = str(c.containerName, 'containerName');
  const mem = str(c.memoryRequestLimit ?? '1G', 'memoryRequestLimit');
  const ctr = container(name, str(c.podRequest, 'podRequest'), str(c.podLimit, 'podLimit'), mem);
  const pod: PodLike = { metadata: { uid: podUID }, spec: { containers: [ctr] } };
  const r = staticAllocate(p, s, pod, podUID, ctr, hintFrom(c.topologyHint));
  if (c.expectError !== undefined && c.expectError !== null) {
    if (r.ok)
      return `expected error ${JSON.stringify(c.expectError)} got cpuset ${JSON.stringify(formatCPUSet(r.value.cpus))}`;
    return errorMatches(c.expectError, c.expectErrorMessage, r.error);
  }
  if (!r.ok) return `expected success got error ${JSON.stringify(r.error.message)}`;
  const assigned = r.value.state.assignments[podUID]?.[name];
  if (c.expectAllocated === false)
    return assigned === undefined
      ? null
      : `expected no allocation got ${JSON.stringify(formatCPUSet(assigned))}`;
  if (assigned === undefined) return `expected ${JSON.stringify(c.expectCSet)} got no allocation`;
  const diff = sameSet(set(c.expectCSet, 'expectCSet'), assigned);
  if (diff !== null) return diff;
  if (assigned.some((cpu) => r.value.state.defaultCpuSet.includes(cpu)))
    return `allocated CPUs ${formatCPUSet(assigned)} are still in the default set ${formatCPUSet(r.value.state.defaultCpuSet)}`;
  return null;
}

function runAllocate(file: Json, c: Json): string | null {
  const variants = Array.isArray(c.runWithOptions) ? (c.runWithOptions as unknown[]) : [c.options];
  for (const options of variants) {
    const d = runAllocateOnce(file, c, options);
    if (d !== null) return `with options ${JSON.stringify(options ?? {})}: ${d}`;
  }
  return null;
}

function runReuse(file: Json, c: Json): string | null {
  const p = policyFor(file, c, c.options);
  let s = stateFor(c);
  const podUID = str(c.podUID ?? 'podUID', 'podUID');
  const mk = (x: Json): ContainerLike =>
    container(
      str(x.name, 'name'),
      str(x.request, 'request'),
      str(x.limit, 'limit'),
      str(x.memory ?? '1G', 'memory'),
      x.restartPolicy,
    );
  const inits = ((c.initContainers ?? []) as Json[]).map(mk);
  const apps = ((c.containers ?? []) as Json[]).map(mk);
  const pod: PodLike = {
    metadata: { uid: podUID },
    spec: { initContainers: inits, containers: apps },
  };
  for (const ctr of [...inits, ...apps]) {
    const r = staticAllocate(p, s, pod, podUID, ctr, EMPTY_HINT);
    if (!r.ok) return `allocating ${ctr.name}: unexpected error ${JSON.stringify(r.error.message)}`;
    s = r.value.state;
  }
  const after = sameSet(set(c.expectDefaultAfterAlloc, 'expectDefaultAfterAlloc'), s.defaultCpuSet);
  if (after !== null) return `default set after allocation: ${after}`;
  if (typeof c.removeContainer === 'string') {
    s = staticRemoveContainer(s, podUID, c.removeContainer);
    const rm = sameSet(
      set(c.expectDefaultAfterRemove, 'expectDefaultAfterRemove'),
      s.defaultCpuSet,
    );
    if (rm !== null) return `default set after removing ${c.removeContainer}: ${rm}`;
  }
  return null;
}

function runRemove(file: Json, c: Json): string | null {
  policyFor(file, c, c.options); // the Go test builds the policy too
  const s = staticRemoveContainer(
    stateFor(c),
    str(c.podUID, 'podUID'),
    str(c.containerName, 'containerName'),
  );
  return sameSet(set(c.expectDefaultCPUSet, 'expectDefaultCPUSet'), s.defaultCpuSet);
}

function runStart(file: Json, c: Json): string | null {
  const p = policyFor(file, c, c.options);
  const r = staticPolicyStart(p, stateFor(c));
  if (typeof c.expectError === 'string') {
    if (r.ok)
      return `expected error ${JSON.stringify(c.expectError)} got default set ${JSON.stringify(formatCPUSet(r.value.defaultCpuSet))}`;
    return r.error.includes(c.expectError)
      ? null
      : `expected error ${JSON.stringify(c.expectError)} got ${JSON.stringify(r.error)}`;
  }
  if (!r.ok) return `expected success got error ${JSON.stringify(r.error)}`;
  return sameSet(set(c.expectDefaultCPUSet, 'expectDefaultCPUSet'), r.value.defaultCpuSet);
}

function hintKey(h: TopologyHint): string {
  return `${h.numaNodeAffinity === null ? 'nil' : maskString(h.numaNodeAffinity)}/${h.preferred}`;
}

function runHints(file: Json, c: Json): string | null {
  const p = policyFor(file, c, c.options);
  const podUID = str(c.podUID ?? 'fakePod', 'podUID');
  const name = str(c.containerName ?? 'fakeContainer', 'containerName');
  const s: CpuManagerState = {
    ...stateFor({ ...c, defaultCPUSet: c.available }),
    cpusToReuse: { [podUID]: set(c.reusable ?? '', 'reusable') },
  };
  const n = num(c.request, 'request');
  const cpu = typeof c.podRequest === 'string' ? c.podRequest : String(n);
  const ctr = container(name, cpu, typeof c.podLimit === 'string' ? c.podLimit : cpu, '1G');
  const hints = getTopologyHints(
    p,
    s,
    { metadata: { uid: podUID }, spec: { containers: [ctr] } },
    podUID,
    ctr,
  );
  if (c.expectHints === null)
    return hints === null ? null : `expected no preference (nil) got ${JSON.stringify(hints)}`;
  const got = (hints?.cpu ?? []).map(hintKey).sort();
  const want = (c.expectHints as Json[]).map((h) => hintKey(hintFrom(h))).sort();
  return JSON.stringify(got) === JSON.stringify(want)
    ? null
    : `expected ${JSON.stringify(want)} got ${JSON.stringify(got)}`;
}

const RUNNERS: Record<string, (file: Json, c: Json) => string | null> = {
  takeByTopology: runTake,
  accumulatorOrder: runOrder,
  staticAllocate: runAllocate,
  staticReuse: runReuse,
  staticRemove: runRemove,
  staticStart: runStart,
  topologyHints: runHints,
};

/** Runs every case of a vectors file; unknown kinds and malformed cases fail with a reason. */
export function runConformance(data: unknown): CaseResult[] {
  const file = obj(data, 'vectors file');
  const cases = file.cases;
  if (!Array.isArray(cases)) throw new Error('vectors file has no "cases" array');
  return cases.map((raw, i): CaseResult => {
    const c = typeof raw === 'object' && raw !== null ? (raw as Json) : {};
    const name = typeof c.name === 'string' ? c.name : `case #${i}`;
    const runner = typeof c.kind === 'string' ? RUNNERS[c.kind] : undefined;
    if (runner === undefined)
      return { name, pass: false, detail: `unsupported case kind ${JSON.stringify(c.kind)}` };
    try {
      const d = runner(file, c);
      return { name, pass: d === null, detail: d ?? '' };
    } catch (e) {
      return {
        name,
        pass: false,
        detail: `could not run: ${e instanceof Error ? e.message : String(e)}`,
      };
    }
  });
}
