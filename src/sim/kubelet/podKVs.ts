/**
 * A pod's klog key/value lists, built once per PodDef and shared by every line that prints
 * them (frozen: a logged line's kv is only read). A pod is synced every minute and each sync
 * prints the same "pod"/"podUID" pairs on several lines: sharing them spares building them,
 * and the trace keeps one copy instead of one per line.
 */
import { deepFreeze } from '../core/clone';
import type { PodDef } from './config';
import { kobjSlice, podKV, q, type KV } from './klog';

interface PodKVs {
  /** [["pod", q(key)]] */
  pod: KV;
  /** podKV(key, uid) and one more pair, by key then value. */
  with: Map<string, Map<string, KV>>;
  /** The watch echo's "SyncLoop RECONCILE" pairs, made when first logged. */
  reconcile?: KV;
  /** [["podUID", q(uid)]] */
  uid?: KV;
}
const kvsOf = new WeakMap<PodDef, PodKVs>();

function kvs(pod: PodDef): PodKVs {
  let k = kvsOf.get(pod);
  if (!k)
    kvsOf.set(
      pod,
      (k = {
        pod: deepFreeze<KV>([['pod', q(pod.key)]]),
        with: new Map(),
        uid: undefined,
      }),
    );
  return k;
}

/** [["pod", q(pod.key)]], shared. */
export function podOnlyKV(pod: PodDef): KV {
  return kvs(pod).pod;
}

/** podKV(pod.key, pod.uid): that list is shared already (klog.ts keeps one per pod). */
export function podUidKV(pod: PodDef): KV {
  return podKV(pod.key, pod.uid);
}

/** [...podKV(pod.key, pod.uid), [key, value]], shared; for values from a small set (work types, booleans). */
export function podUidKVWith(pod: PodDef, key: string, value: string): KV {
  const k = kvs(pod);
  let byValue = k.with.get(key);
  if (!byValue) k.with.set(key, (byValue = new Map<string, KV>()));
  let kv = byValue.get(value);
  if (!kv) byValue.set(value, (kv = deepFreeze<KV>([...podUidKV(pod), [key, value]])));
  return kv;
}

/**
 * [...podKV(pod.key, pod.uid), ["updateType", updateType], [key, value]], shared: the pod
 * worker's updateLogger (logger.WithValues("pod", …, "podUID", …, "updateType", …), 1.36+) and a
 * pair of the call's. Values from small sets.
 */
export function podUpdateKVWith(pod: PodDef, updateType: string, key: string, value: string): KV {
  const k = kvs(pod);
  const id = `updateType=${updateType}`;
  let byValue = k.with.get(id);
  if (!byValue) k.with.set(id, (byValue = new Map<string, KV>()));
  const vk = `${key}=${value}`;
  let kv = byValue.get(vk);
  if (!kv)
    byValue.set(
      vk,
      (kv = deepFreeze<KV>([
        ...podUidKV(pod),
        ['updateType', q(updateType)],
        ...(key === '' ? [] : [[key, value] as [string, string]]),
      ])),
    );
  return kv;
}

/** [["podUID", q(uid)]], shared. */
export function podUidOnlyKV(pod: PodDef): KV {
  const k = kvs(pod);
  return (k.uid ??= deepFreeze<KV>([['podUID', q(pod.uid)]]));
}

/** [["source", "api"], ["pods", [pod]]]: "SyncLoop RECONCILE" of the pod's status write echo, shared. */
export function reconcileKV(pod: PodDef): KV {
  const k = kvs(pod);
  return (k.reconcile ??= deepFreeze<KV>([
    ['source', q('api')],
    ['pods', kobjSlice([pod.key])],
  ]));
}
