/**
 * The kubelet versions by the name a scenario gives (`node.kubeletVersion`): each is a set of
 * machines, their effects and message tables (src/sim/kubelet/versions/version.ts). A version
 * differs by these tables, never by a version test inside shared effects.
 */
import type { Scenario } from '../scenario/schema';
import { currentKubelet } from '../kubelet/versions/current';
import type { KubeletVersion } from '../kubelet/versions/version';
import type { KubeletVersionName } from './names';
import { kubelet118 } from './v1_18/kubelet';
import { kubelet13 } from './v1_3/kubelet';

export const KUBELETS: Readonly<Record<KubeletVersionName, KubeletVersion>> = {
  '1.34': currentKubelet,
  '1.18': kubelet118,
  '1.3': kubelet13,
};

export function kubeletOf(s: Scenario): KubeletVersion {
  return KUBELETS[s.node.kubeletVersion];
}

/**
 * The scenario as the version's kubelet reads it: 1.3 had no CPU or topology manager, so those
 * settings do not reach it (versionNotes says so); every other version reads it as written.
 */
export function scenarioForVersion(s: Scenario): Scenario {
  if (s.node.kubeletVersion !== '1.3') return s;
  const {
    cpuManagerPolicyOptions: _o,
    reservedSystemCPUs: _r,
    topologyManagerPolicyOptions: _t,
    reservedMemory: _m,
    ...kubelet
  } = s.node.kubelet;
  void _o;
  void _r;
  void _t;
  void _m;
  // 1.3 had no device plugins either: nothing registers the node's devices.
  const { devices: _d, ...node } = s.node;
  void _d;
  return {
    ...s,
    node: {
      ...node,
      kubelet: {
        ...kubelet,
        cpuManagerPolicy: 'none',
        memoryManagerPolicy: 'None',
        topologyManagerPolicy: 'none',
        topologyManagerScope: 'container',
      },
    },
  };
}
