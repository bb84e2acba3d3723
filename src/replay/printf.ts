/**
 * Printf-era kubelet lines (glog / klog v1, kubelet ≤ v1.20: kubelet.go moved to InfoS in
 * #99861). Same header; the body is free text. Regexes from log-formats §1.2, each with the
 * Go file that printed it.
 */
import type { Recognised } from './messages';
import { imageOfMessage } from './messages';
import { containerOfDump, containerOfFieldPath, parseFormatPod, parseFormatPods } from './podRef';

export interface PrintfHit extends Recognised {
  /** Version tell carried by this line's form, if any. */
  readonly tell?: 'v1.3' | 'v1.18';
}

type Rule = [RegExp, (m: RegExpExecArray) => PrintfHit | null];

const keyOf = (s: string) => parseFormatPod(s);
const one = (s: string) => {
  const p = keyOf(s);
  return p ? { pods: [p.key], uid: p.uid } : { pods: [] as string[] };
};

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
        tell: 'v1.18',
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
      data: { type: m[3]!, id: m[4]!.replace(/^"|"$/g, '') },
      tell: 'v1.18',
    }),
  ],
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
  // config/config.go (V4)
  [/^Receiving a new pod "(.*)"$/, (m) => ({ what: 'ReceivingNewPod', ...one(m[1]!) })],
  // kuberuntime/kuberuntime_manager.go (V4)
  [/^Creating sandbox for pod "(.*)"$/, (m) => ({ what: 'CreatingSandbox', ...one(m[1]!) })],
  [
    /^Created PodSandbox "([0-9a-f]+)" for pod "(.*)"$/,
    (m) => ({ what: 'CreatedSandbox', ...one(m[2]!), data: { podSandboxID: m[1]! } }),
  ],
  [
    /^Determined the ip (.*) for pod "(.*)" after sandbox changed$/,
    (m) => ({ what: 'PodIP', ...one(m[2]!) }),
  ],
  [
    /^No sandbox for pod "(.*)" can be found\. Need to start a new one$/,
    (m) => ({ what: 'NoSandbox', ...one(m[1]!) }),
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
  // volumemanager/volume_manager.go (V3)
  [
    /^All volumes are attached and mounted for pod "(.*)"$/,
    (m) => ({ what: 'VolumeMountSucceeded', ...one(m[1]!) }),
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
        tell: m[1] === 'api' ? 'v1.3' : undefined,
      };
    },
  ],
  // cm/cpumanager/policy_static.go of v1.10–1.20
  [
    /^\[cpumanager\] static policy: Allocate \(pod: ([^,]+), container: ([^)]+)\)$/,
    (m) => ({ what: 'CpuAllocate', pods: [], container: m[2], data: { podName: m[1]! } }),
  ],
  [
    /^\[cpumanager\] allocateCPUs: returning "([^"]*)"$/,
    (m) => ({ what: 'CpuAllocateCPUs', pods: [], data: { cpus: m[1]! } }),
  ],
];

export function recognisePrintf(body: string): PrintfHit | null {
  for (const [re, make] of RULES) {
    const m = re.exec(body);
    if (m) return make(m);
  }
  return null;
}
