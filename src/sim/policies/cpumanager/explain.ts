/**
 * Plain-English reasons for what a container got from the CPU manager: shared pool (and why),
 * exclusive CPUs (and where they sit), or rejection (and what did not fit). Returns data for the
 * UI: a one-line summary and detail lines. Pure; derived only from the policy, state and pod.
 */
import { difference, formatCPUSet, intersection, type CPUSet } from '../../model/cpuset';
import {
  effectiveRequests,
  explainPodQOS,
  type ContainerLike,
  type PodLike,
} from '../../model/qos';
import { cpusPerCore, detailsOf, type CPUTopology } from '../../model/topology';
import { maskCount, maskString } from '../topologymanager/bitmask';
import type { PodAdmitResult } from '../topologymanager/hint';
import type { TopologyManagerConfig } from '../topologymanager/policies';
import type { AdmitDecision } from '../topologymanager/scope';
import { guaranteedCPUs, podGuaranteedCPUs } from './guaranteedCPUs';
import type { CpuManagerPolicy } from './manager';
import { availableCPUs, skipsPodLevelResources } from './staticPolicy';
import { getCPUSet, type CpuManagerState } from './state';

export interface Explanation {
  readonly verdict: 'shared' | 'exclusive' | 'rejected';
  readonly summary: string;
  readonly details: readonly string[];
}

/** The admission the explanation is about (from admitPod), when the pod went through it. */
export interface AdmissionFacts {
  readonly result: PodAdmitResult;
  readonly decisions: readonly AdmitDecision[];
  readonly failedContainer?: string;
}

export interface ExplainInput {
  readonly policy: CpuManagerPolicy;
  readonly state: CpuManagerState;
  readonly pod: PodLike;
  readonly podUID: string;
  readonly containerName: string;
  readonly topologyManager?: TopologyManagerConfig;
  readonly admission?: AdmissionFacts;
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** Where a set of CPUs sits: cores (whole or single threads), sockets and NUMA nodes. */
export function describePlacement(
  topo: CPUTopology,
  cpus: CPUSet,
): { short: string; lines: string[] } {
  const d = detailsOf(topo);
  const mine = d.keepOnly(cpus);
  const cores = mine.cores();
  const perCore = cpusPerCore(topo);
  const lines: string[] = [];
  let whole = 0;
  for (const core of cores) {
    const all = d.cpusInCores(core);
    const taken = intersection(all, cpus);
    const info = d.get(taken[0] as number);
    const where = info === undefined ? '' : `socket ${info.socketId}, NUMA node ${info.numaId}: `;
    if (taken.length === all.length) {
      whole++;
      lines.push(
        `${where}core ${core}, ${all.length > 1 ? `all ${all.length} threads (CPUs ${formatCPUSet(all)})` : `CPU ${formatCPUSet(all)}`}`,
      );
    } else {
      lines.push(
        `${where}core ${core}, CPU ${formatCPUSet(taken)} only; sibling ${formatCPUSet(difference(all, taken))} stays with others`,
      );
    }
  }
  const sockets = mine.sockets();
  const numas = mine.numaNodes();
  let short: string;
  if (cores.length === 1) {
    const core = cores[0] as number;
    const info = d.get(cpus[0] as number);
    const sock = info === undefined ? '' : `socket ${info.socketId} `;
    short =
      whole === 1 && perCore > 1
        ? `packed on ${sock}core ${core} with its SMT sibling`
        : perCore > 1
          ? `one thread of ${sock}core ${core}`
          : `on ${sock}core ${core}`;
  } else {
    const partial = cores.length - whole;
    const parts = [perCore > 1 ? plural(whole, 'whole core') : plural(whole, 'core')];
    if (partial > 0) parts.push(plural(partial, 'single thread'));
    short = `${parts.join(' + ')} on socket${sockets.length > 1 ? 's' : ''} ${sockets.join(',')}, NUMA node${numas.length > 1 ? 's' : ''} ${numas.join(',')}`;
  }
  return { short, lines };
}

function freePerNUMA(input: ExplainInput): string {
  if (input.policy.name !== 'static') return '';
  const d = detailsOf(input.policy.topology);
  const avail = availableCPUs(input.policy, input.state);
  return d
    .numaNodes()
    .map((n) => `node ${n}: ${intersection(avail, d.cpusInNUMANodes(n)).length}`)
    .join(', ');
}

function findContainer(pod: PodLike, name: string): ContainerLike | undefined {
  return [...(pod.spec.initContainers ?? []), ...pod.spec.containers].find((c) => c.name === name);
}

function explainRejection(
  input: ExplainInput,
  facts: AdmissionFacts,
  container: ContainerLike,
): Explanation {
  const { result } = facts;
  const details = [`pod rejected with reason ${result.reason ?? '?'}: ${result.message ?? ''}`];
  const tm = input.topologyManager;
  const pod = input.policy.name === 'static' && tm?.scope === 'pod';
  const n =
    input.policy.name === 'static'
      ? pod
        ? podGuaranteedCPUs(input.pod, input.policy.qos)
        : guaranteedCPUs(input.pod, container, input.policy.qos)
      : 0;
  let summary = `rejected: ${result.message ?? result.reason ?? 'admission failed'}`;
  if (result.reason === 'TopologyAffinityError' && tm !== undefined) {
    const free = freePerNUMA(input);
    if (tm.policy === 'single-numa-node')
      summary = `rejected: no single NUMA node has ${plural(n, 'free CPU')}${pod ? ' for the whole pod' : ''}`;
    else
      summary = `rejected: ${plural(n, 'CPU')} do not fit on the narrowest NUMA set that could hold them (${tm.policy} policy)`;
    if (free !== '') details.push(`free exclusive-capable CPUs per NUMA node: ${free}`);
    const d = facts.decisions.find((x) => !x.admit);
    if (d !== undefined) {
      for (const ph of d.providerHints) {
        const hints = ph.hints?.cpu;
        if (hints === undefined || hints === null) continue;
        details.push(
          hints.length === 0
            ? `${ph.provider} hints: none (cannot be satisfied)`
            : `${ph.provider} hints: ${hints.map((h) => `${h.numaNodeAffinity === null ? 'any' : maskString(h.numaNodeAffinity)}${h.preferred ? ' preferred' : ''}`).join('; ')}`,
        );
      }
      details.push(
        `merged best hint: ${d.best.numaNodeAffinity === null ? 'any' : maskString(d.best.numaNodeAffinity)}, preferred=${d.best.preferred}`,
      );
    }
  } else if (result.reason === 'SMTAlignmentError') {
    summary = `rejected: ${result.message ?? ''}`;
    details.push(
      'full-pcpus-only hands out whole physical cores only; siblings of reserved CPUs do not count as free',
    );
  }
  return { verdict: 'rejected', summary, details };
}

/** The explanation for one container. */
export function explainContainer(input: ExplainInput): Explanation {
  const container = findContainer(input.pod, input.containerName);
  if (container === undefined)
    return {
      verdict: 'rejected',
      summary: `container "${input.containerName}" is not in the pod`,
      details: [],
    };
  const facts = input.admission;
  if (facts !== undefined && !facts.result.admit) return explainRejection(input, facts, container);

  const p = input.policy;
  if (p.name === 'none') {
    return {
      verdict: 'shared',
      summary: 'shared pool: the none CPU manager policy pins nothing',
      details: ['the container may run on every CPU of the node; no cpuset is written'],
    };
  }
  const pool = formatCPUSet(input.state.defaultCpuSet);
  const qos = explainPodQOS(input.pod, p.qos);
  if (qos.qos !== 'Guaranteed') {
    return {
      verdict: 'shared',
      summary: `shared pool: pod is ${qos.qos} because ${qos.reason}`,
      details: [
        `runs on the shared pool ${pool}, which shrinks and grows as exclusive CPUs are taken and freed`,
      ],
    };
  }
  const cpuText = effectiveRequests(container.resources).cpu;
  const n = guaranteedCPUs(input.pod, container, p.qos);
  if (n === 0) {
    return {
      verdict: 'shared',
      summary:
        cpuText === undefined
          ? 'shared pool: Guaranteed, but the container requests no CPU'
          : `shared pool: Guaranteed, but cpu request ${String(cpuText)} is not a whole number of CPUs`,
      details: [`runs on the shared pool ${pool}`],
    };
  }
  if (skipsPodLevelResources(p, input.pod))
    return {
      verdict: 'shared',
      summary: `shared pool: Guaranteed with integer CPU ${n}, but the pod sets pod-level resources (spec.resources), which the static policy skips`,
      details: [
        'CPU Manager allocation skipped, pod is using pod-level resources (policy_static.go Allocate, 1.34 on)',
        `runs on the shared pool ${pool}`,
      ],
    };
  const cpus = getCPUSet(input.state, input.podUID, input.containerName);
  if (cpus === undefined) {
    return {
      verdict: 'exclusive',
      summary: `due exclusive CPUs: Guaranteed, integer CPU ${n}, not allocated yet`,
      details: ['Allocate runs at admission; the cpuset is written by PreCreateContainer'],
    };
  }
  const place = describePlacement(p.topology, cpus);
  const details = [...place.lines];
  const shared = Object.entries(input.state.assignments[input.podUID] ?? {})
    .filter(([name, set]) => name !== input.containerName && intersection(set, cpus).length > 0)
    .map(([name]) => name);
  if (shared.length > 0)
    details.push(
      `shares CPUs with ${shared.join(', ')} of the same pod (init-container CPUs are reused)`,
    );
  const hint = input.admission?.decisions.find(
    (d) => d.container === input.containerName || d.container === undefined,
  )?.best;
  if (hint?.numaNodeAffinity != null)
    details.push(
      `topology hint: NUMA ${maskString(hint.numaNodeAffinity)} (${plural(maskCount(hint.numaNodeAffinity), 'node')}), preferred=${hint.preferred}`,
    );
  if (p.reservedCPUs.length > 0)
    details.push(`reserved CPUs ${formatCPUSet(p.reservedCPUs)} are never exclusive`);
  return {
    verdict: 'exclusive',
    summary: `exclusive ${formatCPUSet(cpus)}: Guaranteed, integer CPU ${n}, ${place.short}`,
    details,
  };
}
