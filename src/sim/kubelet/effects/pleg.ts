/**
 * GenericPLEG.relist (pkg/kubelet/pleg/generic.go): per container (sandboxes included) the
 * state seen now vs at the previous relist -> lifecycle events (ContainerStarted, ContainerDied,
 * ContainerRemoved; ContainerChanged for CREATED, which is never sent), the changed pods'
 * statuses into the cache, the events to the sync loop, then cache.UpdateTime(now), which
 * unblocks pod workers waiting in GetNewerThan. Only pods the runtime marked dirty are
 * re-inspected; the others cannot have events.
 */
import type { plegMachine } from '../../machines/pleg.machine';
import type { EffectApi, EffectsOf } from '../../runner/types';
import type { Env } from '../env';
import { SYNC_LOOP, podWorkerId } from '../ids';
import { klog, q } from '../klog';
import { getPodStatus } from '../runtime';
import type { KubeletDomain } from '../types';
import { own, own2 } from '../../core/cow';
import { table } from '../../core/shapes';

type PlegState = 'running' | 'exited' | 'unknown' | 'non-existent';
type Api = EffectApi<KubeletDomain>;

/** Events that carry nothing but their type: one object each, never changed once queued. */
const CACHE_READY = Object.freeze({ type: 'CACHE_READY' as const });
const RELISTED = Object.freeze({ type: 'RELISTED' as const });

/**
 * generateEvents for one container: a klog line and the lifecycle events when its state changed
 * since the previous relist.
 */
function compare(
  api: Api,
  uid: string,
  id: string,
  old: PlegState | undefined,
  current: PlegState | undefined,
  events: [string, string][],
): void {
  const oldState = old ?? 'non-existent';
  const newState = current ?? 'non-existent';
  if (oldState === newState) return;
  klog(api, 'GenericPLEG', [
    ['podUID', q(uid)],
    ['containerID', q(id)],
    ['oldState', q(oldState)],
    ['newState', q(newState)],
  ]);
  switch (newState) {
    case 'running':
      events.push(['ContainerStarted', id]);
      break;
    case 'exited':
      events.push(['ContainerDied', id]);
      break;
    case 'unknown':
      events.push(['ContainerChanged', id]);
      break;
    case 'non-existent':
      if (oldState !== 'exited') events.push(['ContainerDied', id]);
      events.push(['ContainerRemoved', id]);
      break;
  }
}

export function plegEffects(env: Env): EffectsOf<typeof plegMachine, KubeletDomain> {
  const relist: EffectsOf<typeof plegMachine, KubeletDomain>['relist'] = (api) => {
    const domain = api.domain;
    const relistTime = api.t;
    let dirty = false;
    for (const uid in domain.pleg.dirty) {
      dirty = true;
      const seen = domain.pleg.seen[uid] ?? {};
      // Keyed by container id: a table, not an object whose hidden class each new id extends.
      const now = table<PlegState>();
      const containers = domain.runtime.podContainers[uid] ?? [];
      const sandboxes = domain.runtime.podSandboxes[uid] ?? [];
      for (const id of containers) {
        const c = domain.runtime.containers[id]!;
        now[id] = c.state === 'RUNNING' ? 'running' : c.state === 'EXITED' ? 'exited' : 'unknown';
      }
      for (const id of sandboxes)
        now[id] = domain.runtime.sandboxes[id]!.state === 'SANDBOX_READY' ? 'running' : 'exited';
      const events: [string, string][] = [];
      // getContainersFromPods(oldPod, pod): the old record's containers, then its sandboxes
      // ("sandboxes as containers"), then the current pod's, each id once. The record keeps
      // that order (containers before sandboxes), so the previous relist's ids come first;
      // `now` holds the current pod's in that order, each once (no union list is built).
      for (const id in seen) compare(api, uid, id, seen[id] as PlegState, now[id], events);
      for (const id in now)
        if (!Object.hasOwn(seen, id)) compare(api, uid, id, undefined, now[id], events);
      // podRecords.update: the current pod becomes the old record (`now`, never changed after).
      own2(domain, 'pleg', 'seen')[uid] = now;
      if (events.length > 0) {
        own2(domain, 'cache', 'pods')[uid] = getPodStatus(domain, uid, relistTime);
        for (const [type, data] of events) {
          // ContainerChanged events are filtered out and never sent.
          if (type === 'ContainerChanged') continue;
          api.send(SYNC_LOOP, { type: 'PLEG', uid, event: type, data });
          // Relist logs the exit code of a container (not a sandbox) the updated cache holds.
          const c = type === 'ContainerDied' ? domain.runtime.containers[data] : undefined;
          if (c?.state === 'EXITED' && containers.includes(data))
            klog(api, 'Generic (PLEG): container finished', [
              ['podID', q(uid)],
              ['containerID', q(data)],
              ['exitCode', String(c.exitCode ?? 0)],
            ]);
        }
      }
    }
    // Most relists find nothing dirty: nothing to reset (no copy of the record).
    if (dirty) own(domain, 'pleg').dirty = table();
    // Watch conditions (SetPodWatchCondition, 1.32+): the pod is re-inspected and, its
    // condition met (doPodResizeAction's always is), a ConditionMet event triggers a sync.
    const watch = domain.pleg.watch;
    if (watch) {
      for (const uid in watch) {
        own2(domain, 'cache', 'pods')[uid] = getPodStatus(domain, uid, relistTime);
        api.send(SYNC_LOOP, { type: 'PLEG', uid, event: 'ConditionMet', data: '' });
      }
      own(domain, 'pleg').watch = undefined;
    }
    own(domain, 'cache').timestamp = relistTime;
    // Wake pod workers whose GetNewerThan is now satisfied. A for-in over the waiters as the
    // relist began (no [uid, time] pair per waiter and relist); `own` deletes from a copy, or
    // the current key of a fresh one, which for-in allows.
    const waiters = domain.cacheWaiters;
    for (const uid in waiters) {
      if (relistTime > waiters[uid]!) {
        delete own(domain, 'cacheWaiters')[uid];
        api.send(podWorkerId(env.cfg.pods[uid]!.key), CACHE_READY);
      }
    }
    // Relist returned: wait.Until sleeps the relist period from now.
    api.returned(RELISTED);
  };
  return { relist };
}
