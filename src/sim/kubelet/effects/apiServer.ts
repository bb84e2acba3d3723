/**
 * The API server side: pods appear, are marked for deletion, are removed; each change reaches
 * the kubelet's sync loop as a config update while the kubelet runs.
 */
import type { AnyEventObject } from 'xstate';
import type { ApiServerEvent } from '../../machines/apiServer.machine';
import type { EffectHandler } from '../../runner/types';
import type { Env } from '../env';
import { recordScheduled } from '../eventRecorder';
import { SYNC_LOOP } from '../ids';
import type { KubeletDomain } from '../types';

type H = EffectHandler<KubeletDomain>;

export function apiServerEffects(env: Env): Record<string, H> {
  const { cfg } = env;
  const podsCreated: H = (api, _p, e: AnyEventObject) => {
    const ev = e as Extract<ApiServerEvent, { type: 'POD_CREATE' }>;
    for (const uid of ev.uids) {
      const pod = cfg.pods[uid]!;
      api.domain.apiPods[uid] = { createdAt: pod.at };
      if (!pod.manifest.spec.nodeName) recordScheduled(api, pod.key, cfg.nodeName);
    }
    if (api.has(SYNC_LOOP)) api.send(SYNC_LOOP, { type: 'CONFIG', op: 'ADD', uids: ev.uids });
  };
  const podDeleted: H = (api, _p, e: AnyEventObject) => {
    const ev = e as Extract<ApiServerEvent, { type: 'POD_DELETE' }>;
    const p = api.domain.apiPods[ev.uid];
    if (!p || p.removed || p.deletionAt !== undefined) return;
    // CheckGracefulDelete: a pod already in a terminal phase (e.g. rejected) goes at once.
    const phase = api.domain.status[ev.uid]?.phase;
    if (phase === 'Failed' || phase === 'Succeeded') {
      api.send(api.self, { type: 'POD_REMOVE', uid: ev.uid });
      return;
    }
    p.deletionAt = api.t;
    p.deletionGraceSeconds = ev.grace ?? cfg.pods[ev.uid]!.terminationGraceSeconds;
    if (api.has(SYNC_LOOP)) api.send(SYNC_LOOP, { type: 'CONFIG', op: 'DELETE', uids: [ev.uid] });
  };
  const podRemoved: H = (api, _p, e: AnyEventObject) => {
    const ev = e as Extract<ApiServerEvent, { type: 'POD_REMOVE' }>;
    const p = api.domain.apiPods[ev.uid];
    if (!p || p.removed) return;
    p.removed = true;
    if (api.has(SYNC_LOOP)) api.send(SYNC_LOOP, { type: 'CONFIG', op: 'REMOVE', uids: [ev.uid] });
  };
  return { podsCreated, podDeleted, podRemoved };
}
