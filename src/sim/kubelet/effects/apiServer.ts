/**
 * The API server as the kubelet's apiserver config source sees it (config.NewSourceApiserver
 * watch), a plain engine process: pods bound to the node appear (ADD), get a deletion timestamp
 * (DELETE), and are removed once the kubelet reports them terminated (REMOVE). Each change
 * reaches the kubelet's sync loop while the kubelet runs; a restarted kubelet lists every pod again.
 */
import type { AnyEventObject } from 'xstate';
import type { EffectApi, ProcessKind } from '../../runner/types';
import type { ResizeAction } from '../config';
import type { Env } from '../env';
import { recordScheduled } from '../eventRecorder';
import { SYNC_LOOP } from '../ids';
import type { KubeletDomain } from '../types';
import { own, own2 } from '../../core/cow';

export type ApiServerEvent =
  | { type: 'POD_CREATE'; uids: string[] }
  | { type: 'POD_DELETE'; uid: string; grace?: number }
  | { type: 'POD_REMOVE'; uid: string }
  | { type: 'POD_RESIZE'; uid: string; containers: ResizeAction['containers'] };

type H<E> = (api: EffectApi<KubeletDomain>, event: E) => void;

export function apiServerProcess(env: Env): ProcessKind<KubeletDomain> {
  const { cfg } = env;
  const podsCreated: H<Extract<ApiServerEvent, { type: 'POD_CREATE' }>> = (api, ev) => {
    for (const uid of ev.uids) {
      const pod = cfg.pods[uid]!;
      own(api.domain, 'apiPods')[uid] = { createdAt: pod.at };
      if (!pod.manifest.spec.nodeName) recordScheduled(api, pod.key, cfg.nodeName);
    }
    if (api.has(SYNC_LOOP)) api.send(SYNC_LOOP, { type: 'CONFIG', op: 'ADD', uids: ev.uids });
  };
  const podDeleted: H<Extract<ApiServerEvent, { type: 'POD_DELETE' }>> = (api, ev) => {
    const apiPod = own2(api.domain, 'apiPods', ev.uid);
    if (!apiPod || apiPod.removed || apiPod.deletionAt !== undefined) return;
    // CheckGracefulDelete: a pod already in a terminal phase (e.g. rejected) goes at once.
    const phase = api.domain.status[ev.uid]?.phase;
    if (phase === 'Failed' || phase === 'Succeeded') {
      api.send(api.self, { type: 'POD_REMOVE', uid: ev.uid });
      return;
    }
    apiPod.deletionAt = api.t;
    apiPod.deletionGraceSeconds = ev.grace ?? cfg.pods[ev.uid]!.terminationGraceSeconds;
    if (api.has(SYNC_LOOP)) api.send(SYNC_LOOP, { type: 'CONFIG', op: 'DELETE', uids: [ev.uid] });
  };
  const podRemoved: H<Extract<ApiServerEvent, { type: 'POD_REMOVE' }>> = (api, ev) => {
    const apiPod = own2(api.domain, 'apiPods', ev.uid);
    if (!apiPod || apiPod.removed) return;
    apiPod.removed = true;
    if (api.has(SYNC_LOOP)) api.send(SYNC_LOOP, { type: 'CONFIG', op: 'REMOVE', uids: [ev.uid] });
  };
  /**
   * The `resize` subresource: the containers' resources in the spec change (merged over the
   * previous resize) and the watch sends the kubelet an UPDATE.
   */
  const podResized: H<Extract<ApiServerEvent, { type: 'POD_RESIZE' }>> = (api, ev) => {
    const apiPod = own2(api.domain, 'apiPods', ev.uid);
    if (!apiPod || apiPod.removed || apiPod.deletionAt !== undefined) return;
    const merged = new Map((apiPod.resize?.containers ?? []).map((c) => [c.name, c]));
    for (const c of ev.containers) merged.set(c.name, c);
    apiPod.resize = {
      at: api.t,
      count: (apiPod.resize?.count ?? 0) + 1,
      containers: [...merged.values()],
    };
    if (api.has(SYNC_LOOP)) api.send(SYNC_LOOP, { type: 'CONFIG', op: 'UPDATE', uids: [ev.uid] });
  };
  return {
    state: 'serving',
    handle(api, e: AnyEventObject) {
      const ev = e as ApiServerEvent | { type: 'xstate.init' };
      if (ev.type === 'POD_CREATE') podsCreated(api, ev);
      else if (ev.type === 'POD_DELETE') podDeleted(api, ev);
      else if (ev.type === 'POD_REMOVE') podRemoved(api, ev);
      else if (ev.type === 'POD_RESIZE') podResized(api, ev);
    },
  };
}
