/**
 * Printf-era kubelet lines (glog / klog v1, kubelet ≤ v1.20: kubelet.go moved to InfoS in
 * #99861). Same header; the body is free text. Each rule names the Go file that printed it and,
 * where the text changed between releases, the minors that print exactly this text (checked in
 * the 1.18–1.20 sources and KubeEdge's vendored 1.10.9, 1.15.3 and 1.17.1).
 */
import type { Recognised } from './messages';
import { imageOfMessage, nodeConfigOf, syncErrorOf } from './messages';
import { containerOfDump, containerOfFieldPath, parseFormatPod, parseFormatPods } from './podRef';

export interface PrintfHit extends Recognised {
  /** Oldest and newest minor (1.x) that print this text, when it narrows the version. */
  readonly minors?: readonly [number, number];
  /** Why, for the version guess ("kuberuntime_manager.go "Creating sandbox for pod": ≤ 1.18"). */
  readonly tell?: string;
}

type Rule = [RegExp, (m: RegExpExecArray) => PrintfHit | null];

const one = (s: string) => {
  const p = parseFormatPod(s);
  return p ? { pods: [p.key], uid: p.uid } : { pods: [] as string[] };
};
/** A pod named "name" with its UID but no namespace (volume operations, device manager). */
const named = (name: string, uid?: string) => ({ pods: [] as string[], podName: name, uid });
/** dockertools' "<id> <container> <namespace>/<pod>" (1.2–1.6): its pod and container. */
const dockerName = (s: string): { pods: string[]; container?: string } => {
  const m = /^[0-9a-f]{12,64} (\S+) (\S+)\/(\S+)$/.exec(s);
  return m ? { pods: [`${m[2]}/${m[3]}`], container: m[1] } : { pods: [] };
};
/** A pod printed as format.Pod (1.20) or by its name (1.18, 1.19). */
const podOrName = (s: string) => (parseFormatPod(s) ? one(s) : named(s));
/** A pod printed as format.Pod (1.20) or by its UID (1.18, 1.19). */
const podOrUID = (s: string) => (parseFormatPod(s) ? one(s) : { pods: [] as string[], uid: s });
/** `pod "x" (UID: "u")` at the end of a volume operation's detailed message. */
const VOLUME_POD = / pod "([^"]+)" \(UID: "([^"]+)"\)/;

const sync = (err: string): Record<string, string> => {
  const s = syncErrorOf(err);
  return s
    ? {
        err,
        step: s.step,
        target: s.target,
        errKind: s.kind,
        detail: s.detail,
        ...(s.backoff ? { backoff: s.backoff } : {}),
      }
    : { err };
};

const PRINTF_ERA: readonly [number, number] = [0, 20];

const RULES: Rule[] = [
  // kubelet.go: klog.V(2).Infof("SyncLoop (ADD, %q): %q", u.Source, format.Pods(u.Pods))
  [
    /^SyncLoop \((ADD|UPDATE|REMOVE|DELETE|RECONCILE), "([^"]*)"\): "(.*)"$/,
    (m) => {
      const refs = parseFormatPods(m[3]!);
      const verb = m[1]!;
      return {
        what: `SyncLoop${verb[0]}${verb.slice(1).toLowerCase()}`,
        pods: refs.map((r) => r.key),
        uid: refs.length === 1 ? refs[0]!.uid : undefined,
        data: { source: m[2]! },
        minors: PRINTF_ERA,
        tell: 'printf SyncLoop (ADD, "api") lines of kubelet.go: ≤ 1.20 (InfoS from 1.21)',
      };
    },
  ],
  // kubelet.go (since #58711): SyncLoop (PLEG): "pod", event: &pleg.PodLifecycleEvent{…}
  [
    /^SyncLoop \(PLEG\): "([^"]+)", event: &pleg\.PodLifecycleEvent\{ID:"([^"]+)", Type:"(\w+)", Data:(.*)\}$/,
    (m) => ({
      what: `PLEG${m[3]}`,
      ...one(m[1]!),
      uid: m[2],
      data: {
        type: m[3]!,
        id: m[4]!.replace(/^"|"$/g, '').replace(/^interface \{\}\("(.*)"\)$/, '$1'),
      },
      minors: PRINTF_ERA,
    }),
  ],
  [
    /^SyncLoop \(SYNC\): (\d+) pods?(?:; (.*))?$/,
    (m) => ({ what: 'SyncLoopSync', pods: parseFormatPods(m[2] ?? '').map((r) => r.key) }),
  ],
  [
    /^SyncLoop \(container unhealthy\): "(.*)"$/,
    (m) => ({
      what: 'SyncLoopProbe',
      ...one(m[1]!),
      data: { probe: 'liveness', status: 'unhealthy' },
    }),
  ],
  [/^SyncLoop \(housekeeping\)$/, () => ({ what: 'Housekeeping', pods: [] })],
  [/^Starting kubelet main sync loop\.?$/, () => ({ what: 'SyncLoopStart', pods: [] })],
  // pleg/generic.go (V4)
  [
    /^GenericPLEG: ([0-9a-f-]+)\/([0-9a-f]+): (\S+) -> (\S+)$/,
    (m) => ({
      what: 'GenericPLEG',
      pods: [],
      uid: m[1],
      data: { containerID: m[2]!, oldState: m[3]!, newState: m[4]! },
    }),
  ],
  // pleg/generic.go: "PLEG: Write status for %s/%s: %#v (err: %v)" — name/namespace.
  [
    /^PLEG: Write status for ([^/\s]+)\/([^:\s]+): .*?ID:"([^"]+)"/,
    (m) => ({ what: 'PLEGWriteStatus', pods: [`${m[2]}/${m[1]}`], uid: m[3] }),
  ],
  // config/config.go (V4)
  [/^Receiving a new pod "(.*)"$/, (m) => ({ what: 'ReceivingNewPod', ...one(m[1]!) })],
  // kubelet_pods.go (V3), 1.20: "Generating status for %q"
  [/^Generating status for "(.*)"$/, (m) => ({ what: 'GeneratingPodStatus', ...one(m[1]!) })],
  [
    /^Pod "(.*)" has completed execution and should be deleted from the API server: (.*)$/,
    (m) => ({ what: 'PodTerminalPhase', ...one(m[1]!), data: { source: m[2]! } }),
  ],
  [/^Killing unwanted pod "([^"]+)"$/, (m) => ({ what: 'KillingUnwantedPod', ...named(m[1]!) })],
  [
    /^Failed to delete pod "(.*)", err: (.*)$/,
    (m) => ({ what: 'PodDeleteFailed', ...one(m[1]!), data: { err: m[2]! } }),
  ],
  [
    /^marking pod (?:pending )?termination "([0-9a-f-]+)"$/i,
    (m) => ({ what: 'PodTerminating', pods: [], uid: m[1] }),
  ],
  [
    /^Unable to attach or mount volumes for pod "(.*)": (.*); skipping pod$/,
    (m) => ({ what: 'VolumeMountFailed', ...one(m[1]!), data: { err: m[2]! } }),
  ],
  // kuberuntime/kuberuntime_manager.go (V4)
  [
    /^Creating sandbox for pod "(.*)"$/,
    (m) => ({
      what: 'CreatingSandbox',
      ...one(m[1]!),
      minors: [6, 18],
      tell: 'kuberuntime "Creating sandbox for pod" (1.19 says "Creating PodSandbox for pod"): ≤ 1.18',
    }),
  ],
  [
    /^Creating PodSandbox for pod "(.*)"$/,
    (m) => ({
      what: 'CreatingSandbox',
      ...one(m[1]!),
      minors: [19, 20],
      tell: 'printf "Creating PodSandbox for pod %q" (kuberuntime_manager.go): 1.19–1.20',
    }),
  ],
  [
    /^Created PodSandbox "([0-9a-f]+)" for pod "(.*)"$/,
    (m) => ({ what: 'CreatedSandbox', ...one(m[2]!), data: { podSandboxID: m[1]! } }),
  ],
  [
    /^Determined the ip (.*) for pod "(.*)" after sandbox changed$/,
    (m) => ({ what: 'PodIP', ...one(m[2]!) }),
  ],
  [
    /^No (ready )?sandbox for pod "(.*)" can be found\. Need to start a new one$/,
    (m) => ({ what: m[1] ? 'NoReadySandbox' : 'NoSandbox', ...one(m[2]!) }),
  ],
  [
    /^Sandbox for pod "(.*)" has (?:changed|no IP address)\. Need to start a new one$/,
    (m) => ({ what: 'SandboxChanged', ...one(m[1]!) }),
  ],
  [
    /^computePodActions got (.*) for pod "(.*)"$/,
    (m) => ({ what: 'ComputePodActions', ...one(m[2]!), data: { podActions: m[1]! } }),
  ],
  [
    /^SyncPod received new pod "(.*)", will create a sandbox for it$/,
    (m) => ({ what: 'NewPodSandbox', ...one(m[1]!) }),
  ],
  [
    /^Stopping PodSandbox for "(.*)"(?:, will start new one| because all other containers are dead\.)$/,
    (m) => ({ what: 'StoppingSandbox', ...one(m[1]!) }),
  ],
  [
    /^[cC]reatePodSandbox for pod "(.*)" failed: (.*)$/,
    (m) => ({
      what: m[0].startsWith('create') ? 'CreateSandboxFailed' : 'SandboxFailed',
      ...one(m[1]!),
      data: { err: m[2]! },
    }),
  ],
  [
    /^Failed to create sandbox for pod "(.*)": (.*)$/,
    (m) => ({ what: 'SandboxFailed', ...one(m[1]!), data: { err: m[2]! } }),
  ],
  [
    /^Creating (container|init container|ephemeral container) (.*) in pod (.*)$/,
    (m) => {
      const c = containerOfDump(m[2]);
      return {
        what: 'CreatingContainer',
        ...one(m[3]!),
        container: c?.name,
        image: c?.image,
        init: m[1] === 'init container',
      };
    },
  ],
  [
    /^(container|init container|ephemeral container) (&?\{.*\}) start failed in pod (.*): (\w+): (.*)$/,
    (m) => ({
      what: 'ContainerStartFailed',
      ...one(m[3]!),
      container: containerOfDump(m[2])?.name,
      data: { err: m[4]!, message: m[5]! },
    }),
  ],
  [
    /^Backing Off restarting (container|init container) (&?\{.*\}) in pod (.*)$/,
    (m) => ({ what: 'BackingOffContainer', ...one(m[3]!), container: containerOfDump(m[2])?.name }),
  ],
  [
    /^[cC]hecking backoff for container "([^"]+)" in pod "(.*)"$/,
    (m) => ({ what: 'CheckingBackoff', ...one(m[2]!), container: m[1] }),
  ],
  [
    /^[bB]ack-off (\S+) restarting failed container=(\S+) pod=(\S+)$/,
    (m) => ({
      what: 'BackOffRestarting',
      ...one(m[3]!),
      container: m[2],
      data: { backoff: m[1]! },
    }),
  ],
  // 1.8 kuberuntime_manager.go: the container dump only.
  [
    /^Container (\{Name:.*\}) is dead, but RestartPolicy says that we should restart it\.$/,
    (m) => {
      const c = containerOfDump(m[1]);
      return { what: 'ContainerToStart', pods: [], container: c?.name, image: c?.image };
    },
  ],
  [
    /^Container "([^"]+)" \("([^"]*)"\) of pod (\S+): (.*)$/,
    (m) => ({ what: 'ContainerMessage', ...one(m[3]!), container: m[1], data: { message: m[4]! } }),
  ],
  [
    /^Completed init container "([^"]+)" for pod "(.*)"$/,
    (m) => ({ what: 'InitContainerCompleted', ...one(m[2]!), container: m[1], init: true }),
  ],
  [
    /^Killing unwanted container "([^"]+)"\(id="([^"]*)"\) for pod "(.*)"$/,
    (m) => ({
      what: 'KillingUnwantedContainer',
      ...one(m[3]!),
      container: m[1],
      data: { containerID: m[2]! },
    }),
  ],
  // kuberuntime/kuberuntime_container.go
  [
    /^Killing container "([^"]+)" with (a )?(\d+) second grace period$/,
    (m) => ({
      what: 'KillingContainer',
      // dockertools named it "<id> <name> <namespace>/<pod>"; kuberuntime "<runtime>://<id>".
      ...dockerName(m[1]!),
      data: { containerID: m[1]!.split(' ')[0]!, gracePeriod: Number(m[3]) },
      ...(/^[0-9a-f]{12,64} /.test(m[1]!)
        ? {
            minors: [0, 6] as const,
            tell: 'dockertools "Killing container "<id> <name> <namespace>/<pod>" with %d second grace period": ≤ 1.6',
          }
        : m[2]
          ? {
              minors: [19, 20] as const,
              tell: 'printf "Killing container %q with a %d second grace period": 1.19–1.20',
            }
          : {
              minors: [6, 18] as const,
              tell: 'printf "Killing container %q with %d second grace period": ≤ 1.18',
            }),
    }),
  ],
  [
    /^Killing container "([^"]+)", but using (?:a )?(\d+) second grace period override$/,
    (m) => ({
      what: 'KillingContainer',
      pods: [],
      data: { containerID: m[1]!, gracePeriod: Number(m[2]) },
    }),
  ],
  [
    /^Container "([^"]+)" exited normally$/,
    (m) => ({ what: 'ContainerExited', pods: [], data: { containerID: m[1]! } }),
  ],
  [
    /^Container "([^"]+)" termination failed with gracePeriod (\d+): (.*)$/,
    (m) => ({ what: 'KillFailed', pods: [], data: { containerID: m[1]!, err: m[3]! } }),
  ],
  [/^Running preStop hook for container "([^"]+)"$/, () => ({ what: 'PreStopHook', pods: [] })],
  [
    /^preStop hook for container "([^"]+)" failed: (.*)$/,
    (m) => ({ what: 'PreStopHookFailed', pods: [], data: { err: m[2]! } }),
  ],
  [/^Removing container "([^"]+)"$/, () => ({ what: 'RemovingContainer', pods: [] })],
  // lifecycle/handlers.go
  [
    /^(Exec|Http|HTTP) lifecycle hook \((.*)\) for Container "([^"]+)" in Pod "([^"]+)" failed - error: (.*)$/,
    (m) => ({
      what: m[1] === 'Exec' ? 'ExecHookFailed' : 'HttpHookFailed',
      ...one(m[4]!),
      container: m[3],
      data: { err: m[5]! },
    }),
  ],
  // pod_workers.go: "Error syncing pod %s (%q), skipping: %v" (older: no format.Pod)
  [
    /^Error syncing pod ([0-9a-f-]+)(?: \("(.*)"\))?, skipping: (.*)$/,
    (m) => {
      const data = sync(m[3]!);
      const p = m[2] ? one(m[2]) : { pods: [] as string[] };
      return {
        what: 'ErrorSyncingPod',
        ...p,
        uid: m[1],
        // dockertools' infra container "POD" is the sandbox, no container of the pod.
        container:
          data.step === 'StartContainer' && data.target !== 'POD' ? data.target : undefined,
        data,
      };
    },
  ],
  // volumemanager/volume_manager.go (V3)
  [
    /^All volumes are attached and mounted for pod "(.*)"$/,
    (m) => ({ what: 'VolumeMountSucceeded', ...one(m[1]!) }),
  ],
  [
    /^Waiting for volumes to attach and mount for pod "(.*)"$/,
    (m) => ({ what: 'VolumesWaiting', ...one(m[1]!) }),
  ],
  // volumemanager/reconciler + operation_generator: GenerateMsgDetailed (`… pod %q (UID: %q) `)
  [
    /^(operationExecutor\.VerifyControllerAttachedVolume started|operationExecutor\.MountVolume started|MountVolume\.SetUp succeeded|MountVolume\.SetUp failed|operationExecutor\.UnmountVolume started|UnmountVolume\.TearDown succeeded) for volume "([^"]*)"/,
    (m) => {
      const p = VOLUME_POD.exec(m.input);
      const what: Record<string, string> = {
        'operationExecutor.VerifyControllerAttachedVolume started': 'VolumeVerifyStarted',
        'operationExecutor.MountVolume started': 'VolumeMountStarted',
        'MountVolume.SetUp succeeded': 'VolumeSetUp',
        'MountVolume.SetUp failed': 'VolumeMountFailed',
        'operationExecutor.UnmountVolume started': 'VolumeUnmountStarted',
        'UnmountVolume.TearDown succeeded': 'VolumeUnmounted',
      };
      return {
        what: what[m[1]!]!,
        ...(p ? named(p[1]!, p[2]) : { pods: [] as string[] }),
        data: { volume: m[2]! },
      };
    },
  ],
  // prober/prober.go: "%s probe for %q failed (%v): %s" with format.Pod(pod)+":"+container
  [
    /^(Readiness|Liveness|Startup) probe for "([^":]+):([^"]+)" (failed|succeeded|errored)/,
    (m) => ({
      what: m[4] === 'succeeded' ? 'ProbeSucceeded' : 'ProbeFailed',
      ...one(m[2]!),
      container: m[3],
      data: { probeType: m[1]! },
    }),
  ],
  // status/status_manager.go
  [
    /^Status for pod "(.*)" updated successfully: \((\d+), /,
    (m) => ({ what: 'StatusUpdated', ...one(m[1]!), data: { statusVersion: Number(m[2]) } }),
  ],
  [
    /^Ignoring same status for pod "(.*)", status: /,
    (m) => ({ what: 'StatusUnchanged', ...one(m[1]!) }),
  ],
  [/^Status for pod "(.*)" is up-to-date/, (m) => ({ what: 'StatusUnchanged', ...one(m[1]!) })],
  [/^Patch status for pod "(.*)" with "/, (m) => ({ what: 'StatusPatched', ...one(m[1]!) })],
  [
    /^Pod "(.*)" fully terminated and removed from etcd$/,
    (m) => ({ what: 'PodRemovedFromApi', ...one(m[1]!) }),
  ],
  [
    /^Status update on pod ([^/\s]+)\/(\S+) aborted: (.*)$/,
    (m) => ({ what: 'StatusUpdateFailed', pods: [`${m[1]}/${m[2]}`], data: { err: m[3]! } }),
  ],
  // client-go tools/record/event.go (v1.1–1.3 printed it from server.go with api.ObjectReference)
  [
    /^Event\((v1|api)\.ObjectReference\{Kind:"(\w*)", Namespace:"([^"]*)", Name:"([^"]*)", UID:"([^"]*)", APIVersion:"([^"]*)", ResourceVersion:"([^"]*)", FieldPath:"([^"]*)"\}\): type: '(\w+)' reason: '(\w+)' (.*)$/,
    (m) => {
      const fp = containerOfFieldPath(m[8]);
      const reason = m[10]!;
      const message = m[11]!;
      return {
        what: `Event${reason}`,
        pods: m[2] === 'Pod' ? [`${m[3]}/${m[4]}`] : [],
        uid: m[2] === 'Pod' ? m[5] || undefined : undefined,
        container: fp?.name,
        init: fp?.init,
        data: { reason, type: m[9]!, message },
        image: reason === 'Pulling' || reason === 'Pulled' ? imageOfMessage(message) : undefined,
        ...(m[1] === 'api'
          ? {
              minors: [0, 5] as const,
              tell: 'Event(api.ObjectReference{…}) lines: ≤ 1.5 (v1.ObjectReference later)',
            }
          : {}),
      };
    },
  ],
  // remote/remote_runtime.go, printf until 1.20 (ErrorS from 1.21, its messages in messages.ts).
  [
    /^(RunPodSandbox|StopPodSandbox|RemovePodSandbox|CreateContainer in sandbox|StartContainer|StopContainer|RemoveContainer|ContainerStatus|ExecSync|PullImage) ?(?:"([^"]*)"|([0-9a-f]{12,64})(?: '[^']*')?|)? from (?:runtime|image) service failed: (.*)$/,
    (m) => {
      const op = m[1]!;
      const what: Record<string, string> = {
        RunPodSandbox: 'CriRunPodSandboxFailed',
        StopPodSandbox: 'CriStopPodSandboxFailed',
        RemovePodSandbox: 'CriRemovePodSandboxFailed',
        'CreateContainer in sandbox': 'CriCreateContainerFailed',
        StartContainer: 'CriStartContainerFailed',
        StopContainer: 'CriStopContainerFailed',
        RemoveContainer: 'CriRemoveContainerFailed',
        ContainerStatus: 'CriContainerStatusFailed',
        ExecSync: 'CriExecSyncFailed',
        PullImage: 'CriPullImageFailed',
      };
      const id = m[2] ?? m[3];
      const data: Record<string, string> = { err: m[4]! };
      if (id)
        data[
          /Sandbox|sandbox/.test(op) ? 'podSandboxID' : op === 'PullImage' ? 'image' : 'containerID'
        ] = id;
      return {
        what: what[op]!,
        pods: [],
        data,
        minors: [6, 20] as const,
        tell: 'printf remote_runtime.go "… from runtime service failed: %v": ≤ 1.20 (ErrorS from 1.21)',
      };
    },
  ],
  // dockertools (≤ 1.6): DockerManager.SyncPod's infra container and container creation.
  [
    /^Need to restart pod infra container for "(.*)" because it is not found$/,
    (m) => ({
      what: 'NoSandbox',
      ...one(m[1]!),
      minors: [0, 6] as const,
      tell: 'dockertools "Need to restart pod infra container": ≤ 1.6',
    }),
  ],
  [
    /^Failed to create pod infra container: (.*?); Skipping pod "(.*?)"(?:: (.*))?$/,
    (m) => ({
      what: 'SandboxFailed',
      ...one(m[2]!),
      data: { err: m[3] ? `${m[1]!}: ${m[3]}` : m[1]! },
      minors: [0, 6] as const,
      tell: 'dockertools "Failed to create pod infra container": ≤ 1.6',
    }),
  ],
  [
    /^container start failed: (\w+): (.*)$/,
    (m) => ({
      what: 'ContainerStartFailed',
      pods: [],
      data: { err: m[1]!, message: m[2]! },
      minors: [0, 6] as const,
      tell: 'dockertools "container start failed: <reason>": ≤ 1.6',
    }),
  ],
  // dockertools' kill: the container named "<id> <name> <namespace>/<pod>".
  [
    /^Container "([0-9a-f]{12,64}) (\S+) (\S+)\/(\S+)" termination failed after ([^:]+): (.*)$/,
    (m) => ({
      what: 'KillFailed',
      pods: [`${m[3]}/${m[4]}`],
      container: m[2],
      data: { containerID: m[1]!, err: m[6]! },
      minors: [0, 6] as const,
      tell: 'dockertools "Container %q termination failed after %s": ≤ 1.6',
    }),
  ],
  [
    /^Failed killing the pod "([^"]+)": failed to "KillContainer" for "([^"]+)" with (\w+): (.*)$/,
    (m) => ({
      what: 'KillPodFailed',
      ...named(m[1]!),
      container: m[2],
      data: { reason: m[3]!, err: m[4]! },
    }),
  ],
  [
    /^Determined pod ip after infra change: "(.*)": "([^"]*)"$/,
    (m) => ({ what: 'PodIP', ...one(m[1]!) }),
  ],
  [/^Syncing Pod "(.*)": /, (m) => ({ what: 'SyncingPod', ...one(m[1]!) })],
  [
    /^Syncing Pod &\{.*?ObjectMeta:\{Name:(\S+) GenerateName:\S* Namespace:(\S+) /,
    (m) => ({ what: 'SyncingPod', pods: [`${m[2]}/${m[1]}`] }),
  ],
  [
    /^Calling network plugin (\S+) to set up pod "([^"]+)"$/,
    (m) => {
      const i = m[2]!.lastIndexOf('_');
      return {
        what: 'SandboxNetwork',
        pods: i > 0 ? [`${m[2]!.slice(i + 1)}/${m[2]!.slice(0, i)}`] : [],
        data: { plugin: m[1]! },
      };
    },
  ],
  // cm/cpumanager of v1.10–1.20 (1.20 names the pod by format.Pod where 1.18/1.19 gave its
  // name or UID: policy_static.go v1.19.10 and v1.20.9)
  [
    /^\[cpumanager\] static policy: Allocate \(pod: (.+), container: ([^)]+)\)$/,
    (m) => ({ what: 'CpuAllocate', ...podOrName(m[1]!), container: m[2] }),
  ],
  [
    /^\[cpumanager\] static policy: container already present in state, skipping \(pod: (.+), container: ([^)]+)\)$/,
    (m) => ({ what: 'CpuAllocate', ...podOrName(m[1]!), container: m[2] }),
  ],
  // state/state_mem.go (the checkpoint state calls the memory state's setters)
  [
    /^\[cpumanager\] updated default cpuset: "([^"]*)"$/,
    (m) => ({ what: 'CpuDefaultSet', pods: [], data: { cpus: m[1]! } }),
  ],
  [
    /^\[cpumanager\] updated desired cpuset \(pod: ([^,]+), container: ([^,]+), cpuset: "([^"]*)"\)$/,
    (m) => ({ what: 'CpuDesiredSet', pods: [], uid: m[1], container: m[2], data: { cpus: m[3]! } }),
  ],
  [
    /^\[cpumanager\] deleted cpuset assignment \(pod: ([^,]+), container: ([^)]+)\)$/,
    (m) => ({ what: 'CpuAssignmentDeleted', pods: [], uid: m[1], container: m[2] }),
  ],
  [
    /^\[cpumanager\] allocateC[Pp][Uu]s: returning "([^"]*)"$/,
    (m) => ({ what: 'CpuAllocateCPUs', pods: [], data: { cpus: m[1]! } }),
  ],
  [
    /^\[cpumanager\] allocateCpus: \(numCPUs: (\d+), socket: (.*)\)$/,
    (m) => ({ what: 'CpuAllocateCPUs', pods: [], data: { numCPUs: Number(m[1]) } }),
  ],
  [
    /^\[cpumanager\] Pod (.+), Container (\S+) Topology Affinity is: (.*)$/,
    (m) => ({
      what: 'TopologyAffinity',
      ...podOrUID(m[1]!),
      container: m[2],
      data: { hint: m[3]! },
    }),
  ],
  [
    /^\[cpumanager\] TopologyHints generated for pod '([^']+)'(?:, container '([^']+)')? ?: (.*)$/,
    (m) => ({ what: 'TopologyHints', ...podOrName(m[1]!), container: m[2], data: { hint: m[3]! } }),
  ],
  [
    /^\[cpumanager\] Regenerating TopologyHints for CPUs already allocated to (?:\(pod (.+), container ([^)]+)\)|pod (.+))$/,
    (m) => ({ what: 'TopologyHints', ...podOrUID(m[1] ?? m[3]!), container: m[2] }),
  ],
  [
    /^\[cpumanager\] static policy: RemoveContainer \(pod: ([^,]+), container: ([^)]+)\)$/,
    (m) => ({ what: 'CpuRelease', pods: [], uid: m[1], container: m[2] }),
  ],
  [
    /^\[cpumanager\] unable to allocate (\d+) CPUs \(pod: ([^,]+), container: ([^,]+), error: (.*)\)$/,
    (m) => ({ what: 'CpuAllocateFailed', ...named(m[2]!), container: m[3], data: { err: m[4]! } }),
  ],
  [
    /^\[cpumanager\] reserved (\d+) CPUs \("([^"]*)"\) not available for exclusive assignment$/,
    (m) => ({ what: 'CpuReserved', pods: [], data: { reservedSize: m[1]!, reserved: m[2]! } }),
  ],
  [
    /^\[cpumanager\] starting with (\w+) policy$/,
    (m) => ({ what: 'CpuManagerStart', pods: [], data: { cpuManagerPolicy: m[1]! } }),
  ],
  [
    /^\[cpumanager\] (?:could not initialize checkpoint manager|static policy invalid state|policy start error)/,
    () => ({ what: 'CpuManagerStartFailed', pods: [] }),
  ],
  [
    /^\[cpumanager\] state checkpoint: defaultCPUSet: (.*)$/,
    (m) => ({ what: 'CpuDefaultSet', pods: [], data: { cpus: m[1]! } }),
  ],
  [/^\[cpumanager\] /, () => ({ what: 'CpuManagerOther', pods: [] })],
  // cm/topologymanager of v1.16–1.20
  [/^\[topologymanager\] Topology Admit Handler$/, () => ({ what: 'TopologyAdmit', pods: [] })],
  [
    /^\[topologymanager\] Creating topology manager with (\S+) policy(?: per (\S+) scope)?$/,
    (m) => ({
      what: 'TopologyManagerConfig',
      pods: [],
      data: { topologyManagerPolicy: m[1]!, ...(m[2] ? { topologyManagerScope: m[2] } : {}) },
    }),
  ],
  // topology_manager.go (1.18/1.19: the pod's name, or its UID in "Topology Affinity for"),
  // scope_container.go and scope_pod.go (1.20: format.Pod). A hint prints as Go's %v,
  // {01 true}; a provider's hints as map[cpu:[{01 true} {10 true}]].
  [
    /^\[topologymanager\] TopologyHints for pod '([^']+)'(?:, container '([^']+)')?: (.*)$/,
    (m) => ({ what: 'TopologyHints', ...podOrName(m[1]!), container: m[2], data: { hint: m[3]! } }),
  ],
  [
    /^\[topologymanager\] (?:Container|Pod)TopologyHint: (.*)$/,
    (m) => ({ what: 'TopologyHints', pods: [], data: { hint: m[1]! } }),
  ],
  [
    /^\[topologymanager\] Best TopologyHint for \(pod: (.+?)(?: container: (\S+))?\): (.*)$/,
    (m) => ({
      what: 'TopologyBestHint',
      ...one(m[1]!),
      container: m[2],
      data: { hint: m[3]! },
      minors: [20, 20],
      tell: 'scope_container.go / scope_pod.go "[topologymanager] Best TopologyHint for": 1.20',
    }),
  ],
  [
    /^\[topologymanager\] Topology Affinity for \(pod: (.+) container: (\S+)\): (.*)$/,
    (m) => ({
      what: 'TopologyAffinity',
      ...podOrUID(m[1]!),
      container: m[2],
      data: { hint: m[3]! },
    }),
  ],
  [/^\[topologymanager\] (?:Best )?TopologyHint/i, () => ({ what: 'TopologyHints', pods: [] })],
  [/^\[topologymanager\] /, () => ({ what: 'TopologyOther', pods: [] })],
  [
    /^\[ContainerManager\]:? Updated QoS cgroup configuration$/,
    () => ({ what: 'QoSCgroupsUpdated', pods: [] }),
  ],
  [
    /^Creating Container Manager object based on Node Config: (.*)$/,
    (m) => ({ what: 'NodeConfig', pods: [], data: nodeConfigOf(m[1]!) }),
  ],
  // cm/devicemanager/manager.go of v1.10–1.20
  [
    /^Needs to allocate (\d+) "([^"]+)" for pod "([^"]+)" container "([^"]+)"$/,
    (m) => ({
      what: 'DeviceNeeded',
      pods: [],
      uid: m[3],
      container: m[4],
      data: { count: Number(m[1]), resource: m[2]! },
    }),
  ],
  [
    /^Found pre-allocated devices for resource (\S+) container "([^"]+)" in Pod "([^"]+)": (.*)$/,
    (m) => ({
      what: 'DeviceReused',
      pods: [],
      uid: m[3],
      container: m[2],
      data: { resource: m[1]!, devices: m[4]! },
    }),
  ],
  [
    /^Making allocation request for devices (.*) for device plugin (\S+)$/,
    (m) => ({ what: 'DeviceAllocate', pods: [], data: { devices: m[1]!, resource: m[2]! } }),
  ],
  [
    /^Issuing an? PreStartContainer call for container, (\S+), of pod (\S+)$/,
    (m) => ({ what: 'DevicePreStart', ...named(m[2]!), container: m[1] }),
  ],
  [
    /^Got registration request from device plugin with resource name "([^"]+)"$/,
    (m) => ({ what: 'DevicePluginRegistered', pods: [], data: { resource: m[1]! } }),
  ],
  [
    /^Endpoint \((\S+), (.*)\) became unhealthy$/,
    (m) => ({ what: 'DeviceUnhealthy', pods: [], data: { resource: m[1]! } }),
  ],
];

export function recognisePrintf(body: string): PrintfHit | null {
  for (const [re, make] of RULES) {
    const m = re.exec(body);
    if (m) return make(m);
  }
  return null;
}
