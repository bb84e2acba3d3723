/**
 * Every kubelet version: each minor from 1.18 to 1.37 with its message table (the changelog
 * applied up to it), and 1.3's DockerManager. Loaded on demand (versions/index.ts); Node's
 * callers (the CLI, the tests) register them before their first run.
 */
import type { AnyStateMachine } from 'xstate';
import type { KubeletVersion } from '../kubelet/versions/version';
import { messageTableOf } from './changelog/messages';
import { changesTouching } from './changelog/whatChanged';
import { kubeletByName, registerChanges, registerKubelets } from './index';
import { minorKubelet } from './minor';
import { CURRENT_KUBELET_VERSION, KUBELET_MINORS, type KubeletVersionName } from './names';
import { kubelet13 } from './v1_3/kubelet';

let all: Readonly<Record<KubeletVersionName, KubeletVersion>> | undefined;

/** Every version by name (built once). */
export function allKubelets(): Readonly<Record<KubeletVersionName, KubeletVersion>> {
  all ??= {
    ...(Object.fromEntries(
      KUBELET_MINORS.filter((v) => v !== CURRENT_KUBELET_VERSION).map((v) => [
        v,
        minorKubelet(v, messageTableOf(v)),
      ]),
    ) as Record<KubeletVersionName, KubeletVersion>),
    '1.3': kubelet13,
  };
  return all;
}

export function registerAllKubelets(): void {
  registerKubelets(allKubelets());
  registerChanges(changesTouching);
}

/** Every version's machines: version → kind → XState definition. */
export function allMachines(): Readonly<
  Record<KubeletVersionName, Readonly<Record<string, AnyStateMachine>>>
> {
  registerAllKubelets();
  return Object.fromEntries(
    [...KUBELET_MINORS, '1.3' as const].map((v) => [v, kubeletByName(v).machines]),
  ) as Record<KubeletVersionName, Readonly<Record<string, AnyStateMachine>>>;
}
