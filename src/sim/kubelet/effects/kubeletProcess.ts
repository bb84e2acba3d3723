/**
 * Kubelet start and stop. Start: NewContainerManager (CPU/topology managers; the CPU manager
 * restores its checkpoint and refuses one written by another policy), statusManager, PLEG (relists
 * at once), the sync loop, and the apiserver source's initial list as one ADD. Stop: every kubelet
 * goroutine ends and its memory is gone (pod manager, workers, caches, back-off, probe results).
 */
import type { kubeletProcessMachine } from '../../machines/kubeletProcess.machine';
import type { EffectApi, EffectsOf } from '../../runner/types';
import {
  cpuSnapshot,
  resourceSnapshot,
  startResourceManagers,
  tracksDevicesOrMemory,
} from '../cpuManagerBridge';
import { startMemoryManager } from '../deviceMemoryManagers';
import { startCpuManager } from '../../policies/cpumanager/manager';
import type { Env } from '../env';
import {
  CPU_MANAGER,
  cpuContainerId,
  IMAGE_PULLER,
  imagePullId,
  backOffId,
  PLEG,
  SYNC_LOOP,
  podWorkerId,
  proberId,
  startContainerId,
  syncPodId,
} from '../ids';
import { klog } from '../klog';
import { kubeletMemory } from '../restart';
import { volumeManagerId } from './volumeManager';
import type { KubeletDomain } from '../types';
import { own2 } from '../../core/cow';

type Effects = EffectsOf<typeof kubeletProcessMachine, KubeletDomain>;

export function kubeletProcessEffects(env: Env): Effects {
  const { cfg } = env;

  /** "command failed": the process exits (the machine's `exited`, then systemd's restart). */
  const fail = (api: EffectApi<KubeletDomain>, error: string) => {
    api.log({
      v: 0,
      severity: 'E',
      source: 'run.go:72',
      msg: 'command failed',
      kv: [['err', JSON.stringify(`failed to run Kubelet: ${error}`)]],
    });
  };

  /** Starts the generation in the machine's context (a scheduled start, or systemd's restart). */
  const startKubelet: Effects['startKubelet'] = (api, _ev, ctx) => {
    const domain = api.domain;
    const generation = cfg.generations[ctx.gen]!;
    if (!generation.resourceManagers) return fail(api, generation.startError ?? 'unknown error');
    // cpuManager.Start: restore the checkpoint unless the operator removed the file.
    const restored = domain.cpu && !generation.removeStateFile ? domain.cpu.state : undefined;
    let cpu;
    if (restored) {
      const policy = generation.resourceManagers.cpuPolicy;
      const started = startCpuManager(policy, restored);
      if (!started.ok) {
        // cpu_manager.go manager.Start: state.NewCheckpointState's restoreState refuses a
        // checkpoint of another policy ("Could not initialize checkpoint manager, ..."); a
        // restored state the policy rejects fails policy.Start (policy_static.go Start logs
        // "Static policy invalid state, ...", then the manager "Policy start error").
        if (restored.policyName !== policy.name)
          klog(
            api,
            'Could not initialize checkpoint manager, please drain node and remove policy state file',
            [],
            started.error,
          );
        else {
          klog(
            api,
            'Static policy invalid state, please drain node and remove policy state file',
            [],
            started.error,
          );
          klog(api, 'Policy start error', [], started.error);
        }
        // kubelet.go initializeRuntimeDependentModules: containerManager.Start failed
        // (container_manager_linux.go wraps it as "start cpu manager error: %v"): ErrorS
        // "Failed to start ContainerManager", then os.Exit(1).
        klog(
          api,
          'Failed to start ContainerManager',
          [],
          `start cpu manager error: ${started.error}`,
        );
        return;
      }
      // memoryManager.Start restores memory_manager_state; the Static policy validates it
      // against the machine ("start memory manager error: ..." when it no longer matches).
      const memory = startMemoryManager(generation.resourceManagers.memory, domain.cpu!.memory);
      if (!memory.ok) {
        klog(
          api,
          'Failed to start ContainerManager',
          [],
          `start memory manager error: ${memory.error}`,
        );
        return;
      }
      // The device manager reads kubelet_internal_checkpoint back; the plugins register again.
      cpu = {
        state: started.value,
        tm: { podTopologyHints: {} },
        containers: {},
        devices: { ...domain.cpu!.devices, devicesToReuse: {} },
        memory: memory.value,
        memContainers: {},
      };
    } else {
      const started = startResourceManagers(generation.resourceManagers);
      if (!started.ok) return fail(api, started.error);
      cpu = started.value;
      // Only cpu_manager_state was removed: the memory and device checkpoints come back.
      if (domain.cpu) {
        const memory = startMemoryManager(generation.resourceManagers.memory, domain.cpu.memory);
        if (!memory.ok) {
          klog(
            api,
            'Failed to start ContainerManager',
            [],
            `start memory manager error: ${memory.error}`,
          );
          return;
        }
        cpu = {
          ...cpu,
          memory: memory.value,
          devices: { ...domain.cpu.devices, devicesToReuse: {} },
        };
      }
    }
    domain.cpu = cpu;
    domain.gen = ctx.gen;
    domain.kubeletStartedAt = api.t;
    api.record('cpuAssignments', cpuSnapshot(cpu), CPU_MANAGER);
    if (tracksDevicesOrMemory(generation.resourceManagers))
      api.record('resourceAssignments', resourceSnapshot(cpu), CPU_MANAGER);
    api.spawn('imagePuller', IMAGE_PULLER, undefined);
    // GenericPLEG.Start: wait.Until relists at once.
    api.spawn('pleg', PLEG, undefined);
    api.spawn('syncLoop', SYNC_LOOP, undefined);
    // cpuManager.Start: with the none policy it returns before starting the reconcile loop.
    if (generation.resourceManagers.cpuPolicy.name === 'static')
      api.spawn('cpuManager', CPU_MANAGER, undefined);
    // The PLEG starts with no records: every existing container is new to it.
    const dirty = own2(domain, 'pleg', 'dirty');
    for (const uid of Object.keys(domain.runtime.podContainers)) dirty[uid] = true;
    for (const uid of Object.keys(domain.runtime.podSandboxes)) dirty[uid] = true;
    const existing = cfg.arrivals
      .map((a) => a.uid)
      .filter((uid) => domain.apiPods[uid] && !domain.apiPods[uid].removed);
    if (existing.length > 0) api.send(SYNC_LOOP, { type: 'CONFIG', op: 'ADD', uids: existing });
  };

  const stopKubelet: Effects['stopKubelet'] = (api) => {
    const domain = api.domain;
    for (const id of [SYNC_LOOP, PLEG, IMAGE_PULLER, CPU_MANAGER]) if (api.has(id)) api.stop(id);
    for (const pod of Object.values(cfg.pods)) {
      for (const id of [podWorkerId(pod.key), syncPodId(pod.key), volumeManagerId(pod.key)])
        if (api.has(id)) api.stop(id);
      for (const c of Object.values(pod.byName)) {
        if (api.has(startContainerId(pod.key, c.name))) api.stop(startContainerId(pod.key, c.name));
        if (api.has(cpuContainerId(pod.key, c.name))) api.stop(cpuContainerId(pod.key, c.name));
        if (api.has(imagePullId(pod.key, c.name))) api.stop(imagePullId(pod.key, c.name));
        // The back-off tables are kubelet memory (restart.ts): their windows go with them.
        for (const reason of ['CrashLoopBackOff', 'ImagePullBackOff'])
          if (api.has(backOffId(pod.key, c.name, reason)))
            api.stop(backOffId(pod.key, c.name, reason));
        for (const probe of Object.keys(c.probes))
          if (api.has(proberId(pod.key, c.name, probe))) api.stop(proberId(pod.key, c.name, probe));
      }
    }
    // Everything the process held in memory is gone (kubelet/restart.ts says what survives).
    Object.assign(domain, kubeletMemory(domain.pulls.nextId));
  };

  return { startKubelet, stopKubelet };
}
