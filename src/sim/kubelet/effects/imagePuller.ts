/**
 * serialImagePuller / parallelImagePuller (pkg/kubelet/images/puller.go): requests wait in
 * arrival order; at most one pull (serializeImagePulls: true) or maxParallelImagePulls run at
 * once. A pull takes the image's pullTime (or sizeBytes / pullBytesPerSecond), unless a fault
 * slows it down or makes the registry answer with an error.
 */
import type { imagePullerMachine } from '../../machines/imagePuller.machine';
import type { EffectApi, EffectsOf } from '../../runner/types';
import { DEFAULTS } from '../config';
import type { Env } from '../env';
import { takeFault } from '../faults';
import { IMAGE_PULLER } from '../ids';
import type { KubeletDomain } from '../types';
import { defaultPullError } from './startContainer';

export function imagePullerEffects(env: Env): EffectsOf<typeof imagePullerMachine, KubeletDomain> {
  const { cfg } = env;
  const max = cfg.maxParallelImagePulls ?? Number.POSITIVE_INFINITY;

  const begin = (api: EffectApi<KubeletDomain>) => {
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
      api.send(IMAGE_PULLER, { type: 'PULL_COMPLETE', id: req.id }, ms);
    }
  };

  return {
    enqueuePull: (api, ev) => {
      if (ev.type !== 'PULL') return;
      const d = api.domain;
      d.pulls.queue.push({
        id: d.pulls.nextId++,
        requester: ev.requester,
        image: ev.image,
        podUid: ev.podUid,
        container: ev.container,
        askedAt: api.t,
      });
      begin(api);
    },

    finishPull: (api, ev) => {
      if (ev.type !== 'PULL_COMPLETE') return;
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
    },
  };
}
