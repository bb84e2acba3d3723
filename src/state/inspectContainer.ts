/**
 * The Inspector for one container: its spec fragment, its status at the cursor as
 * kubectl reports it, the cgroup values the kubelet derives from its resources, its
 * cpuset at the cursor, and why it is (or is not) pinned.
 */
import { stringify } from 'yaml';
import {
  type SimulationRun,
  newResourceManagers,
  type ResourceManagers,
  explainContainer,
  milliCpu,
  bytes,
  milliCPUToQuota,
  milliCPUToShares,
  cpuSharesToCpuWeight,
  QUOTA_PERIOD,
  formatCPUSet,
  effectiveRequests,
  effectiveLimits,
  runtimeScheme,
  explainAdmission,
} from '../sim';
import { cachedPodsAt, cachedStateAt } from './podsCache';
import { formatClock } from '../viz/formatTime';
import { formatBytes } from '../viz/topology/resourceHistory';
import { cpuStateAt } from '../viz/topology/cpuHistory';
import type { RunView } from './types';
import { whyHeld } from './whyHeld';
import type { InspectorData, InspectorSection } from './viewTypes';

const managers = new WeakMap<SimulationRun, ResourceManagers | null>();
function managersOf(r: SimulationRun): ResourceManagers | null {
  if (!managers.has(r)) {
    const m = newResourceManagers(r.scenario);
    managers.set(r, m.ok ? m.value : null);
  }
  return managers.get(r) ?? null;
}

const timeOf = (r: SimulationRun, cursor: number): number =>
  cursor <= 0 ? 0 : (r.trace.steps.t[Math.min(cursor, r.trace.steps.t.length) - 1] ?? 0);

/**
 * How the static policy's cpuset reaches the container in the run's release: written into the
 * CreateContainer config (PreCreateContainer, 1.21+) or applied after CreateContainer through
 * CRI UpdateContainerResources (PreStartContainer, 1.18-1.20).
 */
function appliedAt(r: SimulationRun): string {
  return r.config.behaviours.preCreateContainerCpuset
    ? 'PreCreateContainer, which writes the cpuset into the CreateContainer config'
    : 'PreStartContainer, which applies the cpuset through CRI UpdateContainerResources after CreateContainer';
}

/** The CPU manager's own explanation of this container at the cursor, if it runs. */
function engineWhy(
  r: SimulationRun,
  cursor: number,
  podUid: string,
  manifest: unknown,
  name: string,
): string[] | null {
  const rm = managersOf(r);
  const cpu = cachedStateAt(r, cursor).domain.cpu;
  if (!rm || !cpu) return null;
  const e = explainContainer({
    policy: rm.cpuPolicy,
    state: cpu.state,
    pod: manifest as Parameters<typeof explainContainer>[0]['pod'],
    podUID: podUid,
    containerName: name,
    topologyManager: rm.topologyManager,
  });
  const notes = [e.summary, ...e.details];
  // When it happens: policy_static.go Allocate runs in the topology manager's admit handler;
  // internal_container_lifecycle.go PreCreateContainer (PreStartContainer before 1.21) applies it.
  if (e.verdict === 'exclusive' && !e.summary.includes('not allocated yet'))
    notes.push(
      `Allocated at admission (the topology manager admit handler calls the CPU manager's Allocate); applied at ${appliedAt(r)}.`,
    );
  return notes;
}

/** A fallback when the CPU manager is not running (the kubelet failed to start it). */
function whyNotes(
  r: SimulationRun,
  policy: string,
  qos: string,
  cpuRequest: string | number | undefined,
  exclusive: readonly number[],
  name: string,
): string[] {
  if (policy === 'none')
    return [
      'CPU manager policy is none: the kubelet never pins; every container runs on all CPUs (the shared pool), limited only by CFS quota.',
    ];
  if (qos !== 'Guaranteed')
    return [
      `The pod is ${qos}: only containers of Guaranteed pods (requests equal limits for CPU and memory in every container) can get exclusive CPUs.`,
      `${name} stays in the shared pool.`,
    ];
  if (cpuRequest === undefined) return [`${name} requests no CPU: it stays in the shared pool.`];
  const m = milliCpu(cpuRequest);
  if (m % 1000 !== 0)
    return [
      `The pod is Guaranteed, but ${name} requests ${cpuRequest} CPU, not a whole number: the static policy pins only integer requests.`,
      `${name} stays in the shared pool, which shrinks as other containers take exclusive CPUs.`,
    ];
  return [
    `Guaranteed pod and a whole-CPU request (${cpuRequest}): the static policy allocates ${m / 1000} exclusive CPU${m === 1000 ? '' : 's'} at admission (chosen by takeByTopology), applied at ${appliedAt(r)}.`,
    exclusive.length > 0
      ? `At the cursor it holds ${formatCPUSet(exclusive)}; no other container may run there (system daemons still can).`
      : 'At the cursor it holds no exclusive CPUs yet (not created, or already removed).',
  ];
}

/** What the device and memory managers' last snapshot before the cursor gives the container. */
function resourceRowsAt(
  r: SimulationRun,
  cursor: number,
  uid: string,
  name: string,
): [string, string][] {
  let snap:
    Extract<SimulationRun['trace']['records'][number], { kind: 'resourceAssignments' }> | undefined;
  for (const x of r.trace.records) {
    if (x.step >= cursor) break;
    if (x.kind === 'resourceAssignments') snap = x;
  }
  if (!snap) return [];
  const numaOf = new Map<string, number | null>();
  const hw = managersOf(r)?.hardware;
  for (const d of hw?.devices ?? []) numaOf.set(`${d.resource}/${d.id}`, d.numaNode);
  const rows: [string, string][] = [];
  for (const e of snap.data.devices)
    if (e.uid === uid && e.container === name)
      rows.push([
        e.resource,
        e.ids
          .map((id) => {
            const n = numaOf.get(`${e.resource}/${id}`);
            return `${id} (${n === null || n === undefined ? 'no NUMA node' : `NUMA ${n}`})`;
          })
          .join(', '),
      ]);
  for (const b of snap.data.memory?.blocks ?? [])
    if (b.uid === uid && b.container === name)
      rows.push([b.type, `${formatBytes(b.size)} on NUMA ${b.numa.join('+')}`]);
  return rows;
}

/** The CPUs cpu_manager_state assigns to a container at the cursor (empty when none). */
function assignedTo(r: SimulationRun, cursor: number, uid: string, name: string): number[] {
  const cpu = cachedStateAt(r, cursor).domain.cpu;
  const set = cpu?.state.assignments[uid]?.[name];
  return set ? [...set] : [];
}

/**
 * `holdAt`: the cursor at which to say what holds the container (a selected span's own
 * moment); the cursor itself by default.
 */
export function containerInspector(
  run: RunView,
  cursor: number,
  key: string,
  holdAt: number = cursor,
): InspectorData | null {
  const r = (run as RunView<SimulationRun>).raw;
  const parts = key.split('/');
  const podKey = `${parts[0]}/${parts[1]}`;
  const name = parts[2] ?? '';
  const pod = Object.values(r.config.pods).find((p) => p.key === podKey);
  const def = pod?.byName[name];
  if (!pod || !def) return null;
  const row = cachedPodsAt(r, cursor).find((p) => p.key === podKey);
  const st = row?.containers.find((c) => c.name === name);
  const sections: InspectorSection[] = [];
  if (st) {
    const rows: [string, string][] = [
      ['state', `${st.state}${st.reason ? ` (${st.reason})` : ''}`],
      ['ready', String(st.ready)],
      ['restarts', String(st.restartCount)],
    ];
    if (st.startedAt !== undefined) rows.push(['started', formatClock(st.startedAt)]);
    if (st.exitCode !== undefined) rows.push(['exit code', String(st.exitCode)]);
    if (st.lastState)
      rows.push([
        'last state',
        `Terminated (${st.lastState.reason}, exit ${st.lastState.exitCode})`,
      ]);
    // The model's status carries containerd's scheme; 1.3's DockerManager reported docker://.
    if (st.containerID) {
      const id = st.containerID.replace(/^containerd:\/\//, '');
      const scheme = runtimeScheme(r.scenario.node.kubeletVersion);
      rows.push(['container ID', `${scheme}://${id.slice(0, 13)}`]);
    }
    sections.push({ heading: 'Status at the cursor', rows });
  } else {
    sections.push({ heading: 'Status at the cursor', rows: [['state', 'not created yet']] });
  }
  // The topology manager's admission of the pod (at or before the cursor): its providers' hints
  // and the merge, first when it refused the pod.
  const admission = r.trace.records.find(
    (x): x is Extract<typeof x, { kind: 'topologyAdmission' }> =>
      x.kind === 'topologyAdmission' && x.data.uid === pod.uid && x.step < cursor,
  );
  if (admission)
    sections[admission.data.admit ? 'push' : 'unshift']({
      heading: admission.data.admit
        ? 'Topology manager at admission'
        : `Why it was refused (${admission.data.reason ?? 'admission'})`,
      notes: explainAdmission(admission.data),
    });
  const held = whyHeld(r, key, holdAt);
  // First: it answers the question a waiting container raises.
  if (held.length > 0)
    sections.unshift({
      heading:
        holdAt === cursor
          ? 'What holds it'
          : `What holds it (at ${formatClock(timeOf(r, holdAt))})`,
      notes: held,
    });
  // The API server defaults each request from its limit, key by key (SetDefaults_Pod), so a
  // container that requests only memory still gets cpu.shares from its CPU limit.
  const req = effectiveRequests(def.spec.resources);
  const lim = effectiveLimits(def.spec.resources);
  const reqCpu = req.cpu;
  const shares = milliCPUToShares(milliCpu(reqCpu));
  const quota = lim.cpu !== undefined ? milliCPUToQuota(milliCpu(lim.cpu)) : -1;
  const ids = run.topology.cpus.map((c) => c.id);
  const states = ids.map((cpu) => [cpu, cpuStateAt(run.cpus, cpu, cursor)] as const);
  const exclusive = states
    .filter(([, s]) => s.kind === 'exclusive' && s.owner === key)
    .map(([cpu]) => cpu);
  // What cpu_manager_state assigns it while it does not run (before PreCreateContainer, after exit).
  const assigned = r.trace.records.length > 0 ? assignedTo(r, cursor, pod.uid, name) : [];
  const shared = states
    .filter(([, s]) => s.kind === 'shared' || s.kind === 'reserved' || s.kind === 'idle')
    .map(([cpu]) => cpu);
  // generateLinuxContainerResources (kuberuntime_container_linux.go): with
  // DisableCPUQuotaWithExclusiveCPUs on, a container the CPU manager pinned gets no CFS quota
  // (the engine logs "Enforcing CFS quota" unlimited=true for it).
  const noQuota = exclusive.length > 0 && r.config.gates.DisableCPUQuotaWithExclusiveCPUs === true;
  sections.push({
    heading: 'cgroup (derived from resources)',
    rows: [
      ['QoS class', row?.qosClass ?? '—'],
      ['cpu.shares (v1)', String(shares)],
      ['cpu.weight (v2)', String(cpuSharesToCpuWeight(shares))],
      ['cpu.max (v2)', quota < 0 || noQuota ? `max ${QUOTA_PERIOD}` : `${quota} ${QUOTA_PERIOD}`],
      ['memory.max', lim.memory !== undefined ? String(bytes(lim.memory)) : 'max'],
    ],
    ...(noQuota
      ? {
          notes: [
            'No CFS quota: the container has exclusive CPUs and DisableCPUQuotaWithExclusiveCPUs is on, so the kubelet sets no cpu.max limit.',
          ],
        }
      : {}),
  });
  const cpusetRows: [string, string][] =
    exclusive.length > 0
      ? [
          ['cpuset.cpus', formatCPUSet(exclusive)],
          ['pool', 'exclusive'],
        ]
      : assigned.length > 0
        ? [
            ['cpuset.cpus', 'not applied: the container is not running'],
            ['cpu_manager_state', `${formatCPUSet(assigned)} (assigned, idle)`],
          ]
        : [
            ['cpuset.cpus', formatCPUSet(shared)],
            ['pool', 'shared'],
          ];
  sections.push({ heading: 'cpuset', rows: cpusetRows });
  // The device and memory managers' hold on it at the cursor (kubelet_internal_checkpoint,
  // memory_manager_state): devices by NUMA node, memory blocks (cpuset.mems).
  const holds = resourceRowsAt(r, cursor, pod.uid, name);
  if (holds.length > 0) sections.push({ heading: 'Devices and NUMA memory', rows: holds });
  const why =
    engineWhy(r, cursor, pod.uid, pod.manifest, name) ??
    whyNotes(
      r,
      r.scenario.node.kubelet.cpuManagerPolicy,
      row?.qosClass ?? '',
      reqCpu,
      exclusive,
      name,
    );
  // The CPU manager's view is its state; the diagram's is who runs: say so when they differ.
  if (exclusive.length === 0 && assigned.length > 0) {
    why[0] = (why[0] ?? '').replace(/^exclusive /, 'assigned ');
    why.splice(
      1,
      0,
      st?.state === 'Terminated'
        ? `${name} has exited: cpu_manager_state still assigns it ${formatCPUSet(assigned)}, idle until another container of the pod reuses them or the container is removed.`
        : `${name} is not running: cpu_manager_state assigns it ${formatCPUSet(assigned)} since admission, but its cpuset is applied only at ${appliedAt(r)}; until then the CPUs are idle.`,
    );
  }
  sections.push({ heading: 'Why', notes: why });
  const fragment: Record<string, unknown> = { name: def.spec.name, image: def.spec.image };
  if (def.spec.resources) fragment.resources = def.spec.resources;
  if (def.spec.lifecycle) fragment.lifecycle = def.spec.lifecycle;
  for (const p of ['startupProbe', 'readinessProbe', 'livenessProbe'] as const)
    if (def.spec[p]) fragment[p] = def.spec[p];
  sections.push({ heading: 'Spec', code: stringify([fragment]).trimEnd() });
  return { title: key, subtitle: `${def.kind} container of ${podKey}`, sections };
}
