/**
 * A minor release's kubelet: the current machines with its behaviours' deltas (startContainer
 * before PreCreateContainer), the effects reading its gates and behaviours from the run, and its
 * message table between the effects and the trace
 * (none for the current release, which prints as the machines do).
 */
import { currentKubelet } from '../kubelet/versions/current';
import type { KubeletDomain } from '../kubelet/types';
import type { KubeletVersion } from '../kubelet/versions/version';
import { startContainerMachineFor } from '../machines/startContainer.machine';
import type { MachineKind } from '../runner/types';
import { profileOf } from './changelog/profile';
import { processWithMessages, withMessages, type MessageTable } from './messages';
import type { KubeletMinor } from './names';

export function minorKubelet(v: KubeletMinor, table: MessageTable | undefined): KubeletVersion {
  const b = profileOf(v).behaviours;
  const startContainer = startContainerMachineFor(b.preCreateContainerCpuset);
  return {
    name: v,
    machines:
      startContainer === currentKubelet.machines.startContainer
        ? currentKubelet.machines
        : { ...currentKubelet.machines, startContainer },
    kinds(run) {
      const base = currentKubelet.kinds(run);
      const machines: Record<string, MachineKind<KubeletDomain>> = {
        ...base.machines,
        startContainer: { machine: startContainer, effects: base.machines.startContainer!.effects },
      };
      if (!table) return { machines, processes: base.processes };
      return {
        machines: Object.fromEntries(
          Object.entries(machines).map(([k, m]) => [k, withMessages(m, table, run)]),
        ),
        processes: Object.fromEntries(
          Object.entries(base.processes).map(([k, p]) => [k, processWithMessages(p, table, run)]),
        ),
      };
    },
  };
}
