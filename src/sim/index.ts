/**
 * The engine's only public surface: parse a scenario, simulate it, and read views of the run.
 */
export { simulate, compileScenario, type SimulationRun, type SimulateOptions } from './simulate';
import { currentKubelet } from './kubelet/versions/current';
/**
 * The kubelet's machines by kind (XState definitions), for the statecharts panel. Marked pure
 * so a bundle that takes only a view helper from this index does not keep the whole kubelet.
 */
export const machines = /* @__PURE__ */ (() => currentKubelet.machines)();
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
export {
  EventCorrelator,
  correlatorOptions,
  type CorrelatedEvent,
  type CorrelatorOptions,
} from './views/eventCorrelator';
export { podsAt, type PodRow, type ContainerDetail } from './views/pods';
export { formatKlog, logsAt, KUBELET_PID } from './views/klog';
export { describePod } from './views/describe';
export { narrate } from './views/narrate';
export { narrateWith, narrateEvent } from './views/narrateWith';
export { stepSentence, sentenceRuleOf, SENTENCES } from './views/sentences';
export { componentOf } from './views/sentences/components';
export { eventLabel, stepChange } from './views/eventLabel';
export { cpuStateFileHistory, type CpuStateFileVersion } from './views/cpuStateFile';
export { deviceStateFileHistory, memoryStateFileHistory } from './views/resourceStateFiles';
export type { NodeHardware } from './model/nodeHardware';
export {
  explainAdmission,
  maskWords,
  type AdmissionRecord,
} from './policies/topologymanager/explainAdmission';
export { klogTime, describeTime } from './views/clock';
export type { Trace, KubeEvent, LogLine, TraceRecord, EntityInfo } from './trace/types';
export { LogRecords } from './trace/logRecords';
export type { World } from './runner/types';
export type {
  KubeletDomain,
  ApiPodStatus,
  ApiContainerStatus,
  PodCondition,
} from './kubelet/types';

// The machines a run used, for the statechart views: the run's kubelet version's once runs name
// one (today the current version's `machines`), so callers need no change.
export { machinesOf, type MachineCatalog } from './machines/catalog';
export { changesAgainst, hasKubelet, loadKubeletVersions } from './versions';
export type { ChangeEntry } from './versions/changelog/whatChanged';
export {
  CURRENT_KUBELET_VERSION,
  KUBELET_VERSION_GROUPS,
  KUBELET_VERSION_LABELS,
  KUBELET_VERSIONS,
  SUPPORTED_KUBELET_VERSIONS,
  NO_CPU_MANAGER_REASON,
  NO_CPU_MANAGER_NOTE,
  runtimeScheme,
  type KubeletVersionName,
} from './versions/names';
export { eventAge, eventFrom } from './versions/kubectl';
export { versionProblems } from './scenario/versionCheck';
export { versionNotes } from './scenario/versionNotes';
export { scenarioForVersion } from './versions';
export { momentSchema, type Moment } from './scenario/moment';
export { findMoment, type MomentFound } from './scenario/findMoment';
export { namedDelayMs } from './views/delays';

// What the app's state layer and editor use of the engine's scenario, CPU and cgroup code.
export { toScenarioInput, toYaml, formatDuration } from './scenario/serialize';
export {
  listPresets,
  loadPreset,
  presetText,
  isPresetId,
  DEFAULT_PRESET_ID,
  PRESET_IDS,
  type PresetId,
} from './scenario/presets';
export {
  decodePermalink,
  encodePermalink,
  LINK_LIMITS,
  type ViewState as PermalinkViewState,
} from './scenario/permalink';
export { FAULT_KINDS, cpuManagerPolicyOption, type ContainerSpec } from './scenario/schema';
export { ageSince, formatAge } from './core/time';
export {
  newResourceManagers,
  resolveTopology,
  type ResourceManagers,
} from './kubelet/cpuManagerBridge';
export { milliCpu, bytes } from './kubelet/resources';
export {
  effectiveRequests,
  effectiveLimits,
  overLimitMessage,
  requestsOverLimits,
} from './model/qos';
export {
  milliCPUToQuota,
  milliCPUToShares,
  cpuSharesToCpuWeight,
  QUOTA_PERIOD,
} from './policies/cgroups';
export { explainContainer } from './policies/cpumanager/explain';
export { formatCPUSet, parseCPUSet } from './model/cpuset';
export type { CPUTopology } from './model/topology';
export { TOPOLOGY_PRESETS } from './model/topologyPresets';
export { featureEnabled } from './policies/featureGates';
export {
  containerdLog,
  containerdLogAt,
  formatContainerdLine,
  type ContainerdLine,
} from './views/containerdLog';
export { parseLscpu } from './model/lscpu';
export { parseHwlocXml } from './model/hwloc';
