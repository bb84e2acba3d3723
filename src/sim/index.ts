/**
 * The engine's only public surface: parse a scenario, simulate it, and read views of the run.
 */
export { simulate, type SimulationRun } from './simulate';
import { currentKubelet } from './kubelet/versions/current';
/** The kubelet's machines by kind (XState definitions), for the statecharts panel. */
export const machines = currentKubelet.machines;
export type { KubeletVersion } from './kubelet/versions/version';
export { parseScenario, validateScenario, formatProblem } from './scenario/parse';
export type { ParseResult, ScenarioProblem } from './scenario/parse';
export type {
  Scenario,
  ScenarioInput,
  PodManifest,
  Fault,
  ScenarioAction,
} from './scenario/schema';
export { eventsAt, type EventRow } from './views/events';
export { podsAt, type PodRow, type ContainerDetail } from './views/pods';
export { formatKlog, logsAt, KUBELET_PID } from './views/klog';
export { describePod } from './views/describe';
export { narrate } from './views/narrate';
export { cpuStateFileHistory, type CpuStateFileVersion } from './views/cpuStateFile';
export { klogTime, describeTime } from './views/clock';
export type { Trace, KubeEvent, LogLine, TraceRecord, EntityInfo } from './trace/types';
export type { World } from './runner/types';
export type {
  KubeletDomain,
  ApiPodStatus,
  ApiContainerStatus,
  PodCondition,
} from './kubelet/types';
