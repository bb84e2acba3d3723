/**
 * serialImagePuller / parallelImagePuller (pkg/kubelet/images/puller.go): requests wait in
 * arrival order; at most one pull (serializeImagePulls: true) or maxParallelImagePulls run at
 * once. A request that leaves the queue gets an imagePull instance (its goroutine), whose
 * `pullTime` delay is the image's pullTime (or sizeBytes / pullBytesPerSecond), unless a fault
 * slows it down or makes the registry answer with an error.
 */
import type { imagePullMachine, ImagePullInput } from '../../machines/imagePull.machine';
import type { imagePullerMachine } from '../../machines/imagePuller.machine';
import type { EffectApi, EffectsOf } from '../../runner/types';
import { DEFAULTS } from '../config';
import type { Env } from '../env';
import { takeFault } from '../faults';
import { IMAGE_PULLER, imagePullId } from '../ids';
import type { KubeletDomain } from '../types';
import { defaultPullError } from './startContainer';
import { own } from '../../core/cow';

export function imagePullerEffects(env: Env): EffectsOf<typeof imagePullerMachine, KubeletDomain> {
  const { cfg } = env;
  const max = cfg.maxParallelImagePulls ?? Number.POSITIVE_INFINITY;

  const begin = (api: EffectApi<KubeletDomain>) => {
    const domain = api.domain;
    while (domain.pulls.active.length < max && domain.pulls.queue.length > 0) {
      const req = domain.pulls.queue.shift()!;
      const key = cfg.pods[req.podUid]!.key;
      const img = cfg.images[req.image];
      let ms =
        img?.pullMs ??
        Math.round((DEFAULTS.imageSizeBytes / cfg.latencies.pullBytesPerSecond) * 1000);
      const slow = takeFault(cfg, domain, api.t, 'ImagePullSlow', key, req.container);
      // The scenario's contract: the pull takes `seconds` longer than it would.
      if (slow) ms += Math.round(slow.seconds * 1000);
      const err = takeFault(cfg, domain, api.t, 'ImagePullError', key, req.container);
      if (err) {
        req.ok = false;
        req.error = err.message ?? defaultPullError(req.image);
        ms = Math.min(ms, cfg.latencies.pullError);
      } else req.ok = true;
      req.pullMs = ms;
      domain.pulls.active.push(req);
      // For the views only (the start-up waterfall): when this request left the queue.
      api.record('pullStarted', {
        uid: req.podUid,
        container: req.container,
        image: req.image,
        ms,
        ok: req.ok,
      });
      // The pull's goroutine: an imagePull instance, blocked in PullImage for `pullTime`.
      api.spawn('imagePull', imagePullId(key, req.container), {
        id: req.id,
        requester: req.requester,
        image: req.image,
        pullMs: ms,
        error: req.ok ? undefined : req.error,
      } satisfies ImagePullInput);
    }
  };

  return {
    enqueuePull: (api, ev) => {
      if (ev.type !== 'PULL') return;
      const domain = api.domain;
      // For the views only: the pulls this request waits behind (in flight, then queued).
      const ahead = [...domain.pulls.active, ...domain.pulls.queue].map((r) => ({
        uid: r.podUid,
        container: r.container,
        image: r.image,
      }));
      api.record('pullQueued', {
        uid: ev.podUid,
        container: ev.container,
        image: ev.image,
        ahead,
      });
      domain.pulls.queue.push({
        id: domain.pulls.nextId++,
        requester: ev.requester,
        image: ev.image,
        podUid: ev.podUid,
        container: ev.container,
        askedAt: api.t,
      });
      begin(api);
    },

    /** A pull's goroutine returned: its slot takes the next request. */
    finishPull: (api, ev) => {
      if (ev.type !== 'PULL_COMPLETE') return;
      const domain = api.domain;
      const i = domain.pulls.active.findIndex((r) => r.id === ev.id);
      domain.pulls.active.splice(i, 1);
      begin(api);
    },
  };
}

/**
 * One pull's end (puller.go: the result on pullChan, back to EnsureImageExists): a pulled image
 * is on the node, with its size; the caller gets the result and the puller its slot back.
 */
export function imagePullEffects(env: Env): EffectsOf<typeof imagePullMachine, KubeletDomain> {
  const { cfg } = env;
  const end = (api: EffectApi<KubeletDomain>, id: number) => {
    api.send(IMAGE_PULLER, { type: 'PULL_COMPLETE', id });
    // The goroutine is gone; the next pull of this container is a new one.
    api.stop(api.self);
  };
  return {
    imagePulled: (api, _e, ctx) => {
      const size = cfg.images[ctx.image]?.sizeBytes ?? DEFAULTS.imageSizeBytes;
      own(api.domain, 'images')[ctx.image] = size;
      api.send(ctx.requester, { type: 'PULLED', pullMs: ctx.pullMs, sizeBytes: size });
      end(api, ctx.id);
    },
    imagePullFailed: (api, _e, ctx) => {
      api.send(ctx.requester, { type: 'PULL_FAILED', error: ctx.error });
      end(api, ctx.id);
    },
  };
}
