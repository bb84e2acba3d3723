/**
 * serialImagePuller / parallelImagePuller (pkg/kubelet/images/puller.go): requests wait in
 * arrival order; at most one pull (serializeImagePulls: true) or maxParallelImagePulls run at
 * once. A pull takes the image's pullTime (or sizeBytes / pullBytesPerSecond), unless a fault
 * slows it down or makes the registry answer with an error.
 */
import type { AnyEventObject } from 'xstate';
import type { ImagePullerEvent } from '../../machines/imagePuller.machine';
import type { EffectHandler } from '../../runner/types';
import { DEFAULTS } from '../config';
import type { Env } from '../env';
import { takeFault } from '../faults';
import { IMAGE_PULLER } from '../ids';
import type { KubeletDomain } from '../types';
import { defaultPullError } from './startContainer';

type H = EffectHandler<KubeletDomain>;

export function imagePullerEffects(env: Env): Record<string, H> {
  const { cfg } = env;
  const max = cfg.maxParallelImagePulls ?? Number.POSITIVE_INFINITY;

  const begin = (api: Parameters<H>[0]) => {
    const d = api.domain;
    while (d.pulls.active.length < max && d.pulls.queue.length > 0) {
      const req = d.pulls.queue.shift()!;
      const key = cfg.pods[req.podUid]!.key;
      const img = cfg.images[req.image];
      let ms =
        img?.pullMs ??
        Math.round((DEFAULTS.imageSizeBytes / cfg.latencies.pullBytesPerSecond) * 1000);
      const slow = takeFault(cfg, d, api.t, 'ImagePullSlow', key, req.container);
      if (slow) ms = Math.round(slow.seconds * 1000);
      const err = takeFault(cfg, d, api.t, 'ImagePullError', key, req.container);
      if (err) {
        req.ok = false;
        req.error = err.message ?? defaultPullError(req.image);
        ms = Math.min(ms, cfg.latencies.pullError);
      } else req.ok = true;
      req.pullMs = ms;
      d.pulls.active.push(req);
      // For the views only (the start-up waterfall): when this request left the queue.
      api.record('pullStarted', {
        uid: req.podUid,
        container: req.container,
        image: req.image,
        ms,
        ok: req.ok,
      });
      api.send(IMAGE_PULLER, { type: 'PULL_COMPLETE', id: req.id }, ms);
    }
  };

  const enqueuePull: H = (api, _p, e: AnyEventObject) => {
    const ev = e as Extract<ImagePullerEvent, { type: 'PULL' }>;
    const d = api.domain;
    // For the views only: the pulls this request waits behind (in flight, then queued).
    const ahead = [...d.pulls.active, ...d.pulls.queue].map((r) => ({
      uid: r.podUid,
      container: r.container,
      image: r.image,
    }));
    api.record('pullQueued', {
      uid: ev.podUid,
      container: (e as unknown as { container: string }).container,
      image: ev.image,
      ahead,
    });
    d.pulls.queue.push({
      id: d.pulls.nextId++,
      requester: ev.requester,
      image: ev.image,
      podUid: ev.podUid,
      container: (e as unknown as { container: string }).container,
      askedAt: api.t,
    });
    begin(api);
  };

  const finishPull: H = (api, _p, e: AnyEventObject) => {
    const ev = e as Extract<ImagePullerEvent, { type: 'PULL_COMPLETE' }>;
    const d = api.domain;
    const i = d.pulls.active.findIndex((r) => r.id === ev.id);
    const req = d.pulls.active.splice(i, 1)[0]!;
    if (req.ok) {
      const size = cfg.images[req.image]?.sizeBytes ?? DEFAULTS.imageSizeBytes;
      d.images[req.image] = size;
      api.send(req.requester, { type: 'PULLED', pullMs: req.pullMs, sizeBytes: size });
    } else {
      api.send(req.requester, { type: 'PULL_FAILED', error: req.error });
    }
    begin(api);
  };

  return { enqueuePull, finishPull };
}
