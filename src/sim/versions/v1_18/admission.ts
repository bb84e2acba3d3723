/**
 * v1.18.6's admission lines around the shared sync loop's HandlePodAdditions: the topology
 * manager is the resource-allocation admit handler (TopologyManager gate beta, on by default;
 * cm/topologymanager/topology_manager.go Admit logs "[topologymanager] Topology Admit Handler"
 * for every pod) and, with the policy none, calls each hint provider's Allocate; the CPU
 * manager's static policy (cm/cpumanager/policy_static.go, PR #87759) logs its Allocate and
 * allocateCPUs lines for each container it gives exclusive CPUs. The lines are derived from
 * what the shared admission did to the CPU manager's state.
 */
import { cpuSnapshot } from '../../kubelet/cpuManagerBridge';
import { formatPod } from '../../kubelet/format';
import { milliCpu } from '../../kubelet/resources';
import type { KubeletDomain } from '../../kubelet/types';
import type { EffectApi, EffectHandler, MachineKind } from '../../runner/types';
import type { KubeletRun } from '../../kubelet/config';

type Api = EffectApi<KubeletDomain>;

const line = (api: Api, source: string, text: string) =>
  api.log({ v: 0, severity: 'I', source, msg: text, kv: [], text });

/**
 * The sync loop's kind with each effect followed by the admission lines of the pods it admitted,
 * as release `minor` (18-20) printed them: 1.20 names the pod by format.Pod ("name_ns(uid)") where
 * 1.18 and 1.19 gave its name or UID.
 */
export function withAdmissionLines(
  kind: MachineKind<KubeletDomain>,
  run: KubeletRun,
  minor: number,
): MachineKind<KubeletDomain> {
  const effects: Record<string, EffectHandler<KubeletDomain, never, never>> = {};
  for (const [name, h] of Object.entries(kind.effects))
    effects[name] = (api, ev, ctx) => {
      const d = api.domain;
      const before = new Set(Object.keys(d.workers));
      const had = d.cpu ? cpuSnapshot(d.cpu).assignments : {};
      h(api, ev, ctx);
      if (!d.cpu) return;
      const now = cpuSnapshot(d.cpu).assignments;
      for (const uid of Object.keys(d.workers)) {
        if (before.has(uid)) continue;
        const pod = run.pods[uid];
        if (!pod) continue;
        line(api, 'topology_manager.go:233', '[topologymanager] Topology Admit Handler');
        for (const c of [...pod.init, ...pod.containers]) {
          const set = now[uid]?.[c.name];
          if (set === undefined || had[uid]?.[c.name] !== undefined) continue;
          const n = Math.round(milliCpu(c.spec.resources?.requests?.cpu) / 1000);
          line(
            api,
            'policy_static.go:216',
            `[cpumanager] static policy: Allocate (pod: ${minor >= 20 ? formatPod(pod) : pod.name}, container: ${c.name})`,
          );
          line(
            api,
            'policy_static.go:228',
            `[cpumanager] Pod ${minor >= 20 ? formatPod(pod) : uid}, Container ${c.name} Topology Affinity is: {<nil> false}`,
          );
          line(
            api,
            'policy_static.go:251',
            `[cpumanager] allocateCpus: (numCPUs: ${n}, socket: <nil>)`,
          );
          line(api, 'policy_static.go:279', `[cpumanager] allocateCPUs: returning "${set}"`);
        }
      }
    };
  return { machine: kind.machine, effects };
}
