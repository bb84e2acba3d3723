/**
 * The pieces the klog rows (klog.ts) are written with: a structured line by its keys, the value
 * renderings older releases used (format.Pods, klog.KObjs, a *v1.Container's String() of that
 * release's k8s.io/api, a []byte), the printf lines 1.19 and 1.20 worded otherwise than 1.18,
 * and the forms that needed more than a selection of keys.
 */
import { containerString } from '../../kubelet/goContainer';
import { q, type KV } from '../../kubelet/klog';
import { observedStartupKVBefore136 } from '../../kubelet/startupLatency';
import {
  goq,
  P,
  type KlogKey,
  type LineArgs,
  type PrintfLine,
  type StructuredLine,
} from '../messages';
import type { KubeletMinor } from '../names';
import { KUBELET_MINORS } from '../names';
import { fpod, fpods } from '../printf';
import { podActionsPlusV } from '../v1_18/klog';

/** A line printed as the current kubelet prints it. */
export const NATIVE: StructuredLine = Object.freeze({});

/** Renders one value of an older release's line from the current line's values. */
type ValueFn = (a: LineArgs, kv: KV) => string;

const VALUES: Readonly<Record<string, ValueFn>> = {
  /** format.Pods(pods): "name_ns(uid), …", a quoted string (1.21-1.22). */
  fpods: (a) => q(fpods(a.run, a.kv.pods)),
  /** klog.KObjs(pods): a []ObjectRef printed with %v, "[ns/a ns/b]" (1.23-1.25). */
  kobjs: (a) => {
    let keys: string[];
    try {
      keys = JSON.parse(a.kv.pods ?? '[]') as string[];
    } catch {
      keys = [];
    }
    return `[${keys.join(' ')}]`;
  },
  /** format.Pod(pod): "name_ns(uid)", quoted. */
  fpod: (a) => q(fpod(a)),
  /** klog.KObj(pod) of the pod a line names by its UID alone. */
  kobjByUid: (a) => {
    const pod = a.run.pods[a.kv.podUID ?? ''];
    return q(pod?.key ?? '');
  },
  /** strings.Join(containers, " "): the slice as one quoted string (1.22-1.23). */
  joined: (a) => {
    const inner = /^\[(.*)\]$/.exec(a.kv.containers ?? '')?.[1] ?? '';
    return q(inner);
  },
  /** The pod's UID, namespace and name, of the pod a line names as "ns/name". */
  podUid: (a) => q(a.pod?.uid ?? ''),
  podNamespace: (a) => q(a.pod?.namespace ?? ''),
  podName: (a) => q(a.pod?.name ?? ''),
  /** The pod worker's work type under the key "updateType" (1.22-1.26's cancel line). */
  workType: (a) => q(a.kv.workType ?? ''),
  /** A *v1.Container printed through its String() (1.21-1.33), as that release's API has it. */
  cdump: (a) => {
    const c = a.pod?.byName[a.kv.container ?? ''];
    return c ? q(containerString(a.pod, c, a.minor)) : q(a.kv.container ?? '');
  },
  /**
   * klog before v2.100 (Kubernetes 1.21-1.27) printed a value with neither String() nor
   * MarshalLog with %+v, unquoted (k8s.io/klog/v2 internal/serialize KVFormat, v2.90.1): the
   * PLEG event, "&{ID:… Type:… Data:…}".
   */
  plegPlusV: (a) => {
    try {
      const e = JSON.parse(a.kv.event ?? '') as {
        ID?: string;
        Type?: string;
        Data?: string | number | null;
      };
      return `&{ID:${e.ID ?? ''} Type:${e.Type ?? ''} Data:${String(e.Data ?? '<nil>')}}`;
    } catch {
      return a.kv.event ?? '';
    }
  },
  /** podActions, a struct with %+v (1.21-1.27; String() came in 1.28). */
  podActionsPlusV: (a) => podActionsPlusV(a),
  /** podActions.String() of 1.28-1.34 (1.35 added UpdatePodLevelResources, ContainersToRemove). */
  podActions128: (a) =>
    q(
      (a.kv.podActions ?? '')
        .replace('UpdatePodLevelResources: false, ', '')
        .replace(/, ContainersToRemove: \[[^\]]*\]$/, ''),
    ),
  /** A []byte with %v: its bytes in decimal, "[123 34 …]" (1.21's patchBytes). */
  bytes: (a) => {
    const text = a.kv.patch ?? '';
    return `[${[...new TextEncoder().encode(text)].join(' ')}]`;
  },
};

/**
 * A structured line by the keys it printed: each token is a key of the current line ("pod"), a
 * key taken from another of its keys ("patchBytes<patch"), or a value rendered otherwise
 * ("pods=kobjs").
 */
export function S(o: {
  v: number;
  severity?: StructuredLine['severity'];
  msg?: string;
  keys: string;
  /** file:line, for a line the release printed where today's has no counterpart. */
  source?: string;
}): StructuredLine {
  const plan = o.keys
    .split(' ')
    .filter((t) => t !== '')
    .map((t) => {
      const fn = /^([^=<]+)=(\w+)$/.exec(t);
      if (fn) {
        const f = VALUES[fn[2]!];
        if (!f) throw new Error(`no value rendering "${fn[2]}"`);
        return { key: fn[1]!, from: undefined, f };
      }
      const ren = /^([^=<]+)<(.+)$/.exec(t);
      return ren
        ? { key: ren[1]!, from: ren[2]!, f: undefined }
        : { key: t, from: t, f: undefined };
    });
  return {
    v: o.v,
    ...(o.severity ? { severity: o.severity } : {}),
    ...(o.source !== undefined ? { source: o.source } : {}),
    ...(o.msg !== undefined ? { msg: o.msg } : {}),
    kv: (kv, a) => {
      const out: KV = [];
      for (const p of plan) {
        if (p.f) out.push([p.key, p.f(a, kv)]);
        else {
          const found = kv.find(([k]) => k === p.from);
          if (found) out.push([p.key, found[1]]);
        }
      }
      return out;
    },
  };
}

/**
 * "Observed pod startup duration" before 1.36 (util/pod_startup_latency_tracker.go): the first
 * pull's start and the last pull's end instead of 1.36's pull sessions and init containers'
 * runtime; "pod.CreationTimestamp" in 1.26, podStartE2EDuration from 1.29.
 */
export function observedStartup(minor: number): StructuredLine {
  return {
    v: 0,
    kv: (_kv, a) => (a.pod ? observedStartupKVBefore136(a.domain, a.pod, a.t, a.kv, minor) : []),
  };
}

/** The printf lines 1.19 and 1.20 worded otherwise than 1.18. */
export const PRINTF_1_19_20 = {
  /** kuberuntime_manager.go: klog.V(4).Infof("Creating PodSandbox for pod %q", format.Pod(pod)). */
  creatingPodSandbox: P(
    'kuberuntime_manager.go:695',
    4,
    (a) => `Creating PodSandbox for pod ${goq(fpod(a))}`,
  ),
  /**
   * kuberuntime_manager.go's start helper: klog.V(3).Infof("%v %+v start failed in pod %v: %v:
   * %s", typeName, spec.container, format.Pod(pod), err, msg).
   */
  containerStartFailed: P('kuberuntime_manager.go:811', 3, (a) => {
    const c = a.pod?.byName[a.kv.container ?? ''];
    const dump = c ? containerString(a.pod, c, a.minor) : (a.kv.container ?? '');
    return `${a.kv.containerType ?? 'container'} ${dump} start failed in pod ${fpod(a)}: ${a.err ?? ''}: ${a.kv.containerMessage ?? ''}`;
  }),
  /** kuberuntime_container.go: "Killing container %q with a %d second grace period". */
  killingContainer: P(
    'kuberuntime_container.go:600',
    2,
    (a) =>
      `Killing container ${goq(a.kv.containerID ?? '')} with a ${a.kv.gracePeriod ?? '30'} second grace period`,
  ),
} satisfies Record<string, PrintfLine>;

/**
 * The start helper's error as the release wrote it, from today's "<type> <name> start failed in
 * pod <pod>: <err>: <msg>": 1.19-1.33 put the *v1.Container's String() where the name is.
 */
function startFailedText(a: LineArgs): string {
  const err = a.err ?? '';
  const m = /^(init container|container|ephemeral container) (\S+) start failed in pod (.*)$/.exec(
    err,
  );
  if (!m) return err;
  // The error names the pod by format.Pod, "name_namespace(uid)".
  const uid = /^[^(]*\(([^)]+)\)/.exec(m[3]!)?.[1];
  const pod = a.pod ?? (uid !== undefined ? a.run.pods[uid] : undefined);
  const c = pod?.byName[m[2]!];
  const dump = pod && c ? containerString(pod, c, a.minor) : m[2]!;
  return `${m[1]} ${dump} start failed in pod ${m[3]}`;
}

/**
 * utilruntime.HandleError before 1.31: klog.ErrorDepth(2, err), the error's text alone after the
 * caller's file:line.
 */
export const handleErrorDepth: PrintfLine = P(
  'kuberuntime_manager.go:1410',
  0,
  startFailedText,
  'E',
);

/** 1.31-1.33: "Unhandled Error" err="…" logger="UnhandledError", with the container's String(). */
export const handleErrorStructured: StructuredLine = {
  v: 0,
  severity: 'E',
  kv: (kv, a) => kv.map(([k, v]) => (k === 'err' ? [k, q(startFailedText(a))] : [k, v])),
};

/**
 * Each line's file:line by release, from "<minor>=<file:line>" entries (the file left out when it
 * is the entry before's).
 */
export function sourcesOf(
  table: Readonly<Partial<Record<KlogKey, string>>>,
): Readonly<Partial<Record<KubeletMinor, Partial<Record<KlogKey, string>>>>> {
  const out: Partial<Record<KubeletMinor, Partial<Record<KlogKey, string>>>> = {};
  for (const [key, spec] of Object.entries(table) as [KlogKey, string][]) {
    let file = '';
    for (const entry of spec.split(' ')) {
      const [minor, where] = entry.split('=') as [string, string];
      const colon = where.lastIndexOf(':');
      if (colon >= 0) file = where.slice(0, colon);
      const v = `1.${minor}` as KubeletMinor;
      if (!KUBELET_MINORS.includes(v)) continue;
      (out[v] ??= {})[key] = colon >= 0 ? where : `${file}:${where}`;
    }
  }
  return out;
}
