/**
 * The CPU manager's state file (/var/lib/kubelet/cpu_manager_state) over a run: the
 * bytes the kubelet's checkpoint manager would have on disk after each change of
 * assignment (cpumanager/state/state_checkpoint.go storeState), in time order.
 */
import type { SimulationRun } from '../simulate';
import { checkpointJSON } from '../policies/cpumanager/checkpoint';

export interface CpuStateFileVersion {
  /** Simulated ms of the change. */
  t: number;
  /** Steps applied when the file reads like this. */
  step: number;
  /** The file's content, as json.Marshal writes it. */
  json: string;
}

export function cpuStateFileHistory(run: SimulationRun): CpuStateFileVersion[] {
  const out: CpuStateFileVersion[] = [];
  let last = '';
  for (const r of run.trace.records) {
    if (r.kind !== 'cpuAssignments') continue;
    const step = r.step + 1;
    const cpu = run.stateAt(step).domain.cpu;
    if (!cpu) continue;
    const json = checkpointJSON(cpu.state);
    if (json === last) continue;
    last = json;
    out.push({ t: r.t, step, json });
  }
  return out;
}
