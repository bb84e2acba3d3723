/**
 * The kubelet as guards and delays see it: the run's inputs, the time, and the kubelet's state
 * as the step begins, all read-only. The engine sets it before each transition
 * (runner/guardView.ts); guards read it through `kubelet()`.
 */
import { guardView } from '../runner/guardView';
import type { World } from '../runner/types';
import type { KubeletRun } from './config';
import type { KubeletDomain } from './types';

export type DeepReadonly<T> = T extends (infer U)[]
  ? readonly DeepReadonly<U>[]
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;

export interface KubeletView {
  readonly run: KubeletRun;
  readonly t: number;
  readonly domain: DeepReadonly<KubeletDomain>;
}

/** One mutable view per engine, pointed at the world of each step (no copy per step). */
export function kubeletViewOf(run: KubeletRun): (world: World<KubeletDomain>) => KubeletView {
  const view = { run, t: 0, domain: undefined as unknown as KubeletDomain };
  return (world) => {
    view.t = world.t;
    view.domain = world.domain;
    return view;
  };
}

/** The kubelet's state for the guard or delay being evaluated. */
export function kubelet(): KubeletView {
  return guardView<KubeletView>();
}
