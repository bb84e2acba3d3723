/**
 * A minor release's kubelet: the current machines with its behaviours' deltas (startContainer
 * before PreCreateContainer), the effects reading its gates and behaviours from the run, the
 * printf admission lines of 1.18-1.20, and its message table between the effects and the trace
 * (none for the current release, which prints as the machines do).
 */
import { currentKubelet } from '../kubelet/versions/current';
import type { KubeletDomain } from '../kubelet/types';
import type { KubeletVersion } from '../kubelet/versions/version';
import { startContainerMachineFor } from '../machines/startContainer.machine';
import type { MachineKind } from '../runner/types';
import { profileOf } from './changelog/profile';
import { processWithMessages, withMessages, type MessageTable } from './messages';
import { minorNumber, type KubeletMinor } from './names';
import { withAdmissionLines } from './v1_18/admission';

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
      // The CPU and topology managers' admission lines were printf lines until 1.20 (the
      // structured-logging migration of 1.21, KEP-1602, made them the shared machines' lines).
      if (minorNumber(v) <= 20)
        machines.syncLoop = withAdmissionLines(machines.syncLoop!, run, minorNumber(v));
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
