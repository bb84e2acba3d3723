/**
 * The CPU manager's effects: the reconcile loop's reconcileState (cpu_manager.go:
 * removeStaleState over the active pods), and the messages that move each container's CPU
 * machine: spawned at admission (Allocate), APPLY_CPUSET where the cpuset reaches the
 * container, REMOVE once removeStaleState has let go of its pod.
 */
import type { cpuContainerMachine, cpuManagerMachine } from '../../machines/cpuManager.machine';
import type { EffectApi, EffectsOf } from '../../runner/types';
import { activePods } from '../admission';
import type { PodDef } from '../config';
import { cpuSnapshot, reconcile } from '../cpuManagerBridge';
import { staleStateLines } from '../cpuManagerLines';
import type { Env } from '../env';
import { klog } from '../klog';
import { cpuContainerId } from '../ids';
import type { KubeletDomain } from '../types';
import { own } from '../../core/cow';

type Api = EffectApi<KubeletDomain>;

export function cpuManagerEffects(env: Env): EffectsOf<typeof cpuManagerMachine, KubeletDomain> {
  const { cfg } = env;
  const reconcileState: EffectsOf<typeof cpuManagerMachine, KubeletDomain>['reconcileState'] = (
    api,
  ) => {
    const d = api.domain;
    const rm = cfg.generations[d.gen]?.resourceManagers;
    if (rm && d.cpu) {
      const removed = reconcile(rm, own(d, 'cpu')!, activePods(cfg, d));
      for (const l of staleStateLines(rm.cpuPolicy.name === 'static', removed))
        klog(api, l.msg, l.kv);
      if (removed.some((r) => r.via === 'state')) api.record('cpuAssignments', cpuSnapshot(d.cpu));
      releaseInactive(api, cfg.pods, activePods(cfg, d));
    }
    api.returned({ type: 'RECONCILED' });
  };
  return { reconcileState };
}

/** A container's CPU machine has no actions: the admission, the start and removeStaleState move it. */
export const cpuContainerEffects: EffectsOf<typeof cpuContainerMachine, KubeletDomain> = {};

/** The kubelet runs the static CPU manager policy (the only one with state per container). */
export function staticPolicy(cfg: Env['cfg'], d: KubeletDomain): boolean {
  return d.cpu !== null && cfg.generations[d.gen]?.resourceManagers?.cpuPolicy.name === 'static';
}

/** Under the static policy, each container of a pod the allocate handler saw gets its CPU machine. */
export function spawnCpuContainers(
  api: Api,
  pod: PodDef,
  assignedBefore: Readonly<Record<string, unknown>> | undefined,
): void {
  for (const c of [...pod.init, ...pod.containers]) {
    const id = cpuContainerId(pod.key, c.name);
    if (api.has(id)) continue;
    api.spawn('cpuContainer', id, {
      uid: pod.uid,
      container: c.name,
      assignedBefore: assignedBefore?.[c.name] !== undefined,
    });
    api.send(id, { type: 'ALLOCATE' });
  }
}

/** The cpuset reached the container (PreCreateContainer, or 1.18's PreStartContainer). */
export function cpusetApplied(
  api: Api,
  pod: PodDef,
  container: string,
  via: 'PreCreateContainer' | 'PreStartContainer',
): void {
  const id = cpuContainerId(pod.key, container);
  if (api.has(id)) api.send(id, { type: 'APPLY_CPUSET', via });
}

/** removeStaleState let go of every pod that is not active: their containers' machines end. */
export function releaseInactive(
  api: Api,
  pods: Readonly<Record<string, PodDef>>,
  active: readonly PodDef[],
): void {
  const keep = new Set(active.map((p) => p.uid));
  for (const pod of Object.values(pods)) {
    if (keep.has(pod.uid)) continue;
    for (const name of Object.keys(pod.byName)) {
      const id = cpuContainerId(pod.key, name);
      const state = api.stateOf(id);
      if (state !== undefined && state !== 'released') api.send(id, { type: 'REMOVE' });
    }
  }
}
