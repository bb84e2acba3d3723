/**
 * The device and memory managers' checkpoint files over a run, as `cpuStateFile.ts` gives the
 * CPU manager's: /var/lib/kubelet/device-plugins/kubelet_internal_checkpoint (written at start,
 * when the plugins register, and after each allocation) and /var/lib/kubelet/memory_manager_state
 * (written at start and after each change), each version in time order.
 */
import type { SimulationRun } from '../simulate';
import { deviceCheckpointJSON } from '../policies/devicemanager/checkpoint';
import { memoryCheckpointJSON } from '../policies/memorymanager/checkpoint';
import type { CpuStateFileVersion } from './cpuStateFile';

function history(run: SimulationRun, file: (step: number) => string | null): CpuStateFileVersion[] {
  const out: CpuStateFileVersion[] = [];
  let last = '';
  for (const r of run.trace.records) {
    // The kubelet's start records the CPU manager's state: the files are written then too.
    if (
      r.kind !== 'resourceAssignments' &&
      !(r.kind === 'cpuAssignments' && r.entity === 'cpuManager')
    )
      continue;
    const step = r.step + 1;
    const json = file(step);
    if (json === null || json === last) continue;
    last = json;
    out.push({ t: r.t, step, json });
  }
  return out;
}

/** kubelet_internal_checkpoint after each change. */
export function deviceStateFileHistory(run: SimulationRun): CpuStateFileVersion[] {
  return history(run, (step) => {
    const d = run.stateAt(step).domain;
    const rm = run.config.generations[d.gen]?.resourceManagers;
    return d.cpu && rm ? deviceCheckpointJSON(rm.devices, d.cpu.devices) : null;
  });
}

/** memory_manager_state after each change. */
export function memoryStateFileHistory(run: SimulationRun): CpuStateFileVersion[] {
  return history(run, (step) => {
    const m = run.stateAt(step).domain.cpu?.memory;
    return m ? memoryCheckpointJSON(m.policyName, m.machineState, m.assignments) : null;
  });
}
