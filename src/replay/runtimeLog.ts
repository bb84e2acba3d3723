/**
 * The container runtime's side of a pod's start: containerd's CRI plugin and CRI-O log the CRI
 * calls the kubelet makes (RunPodSandbox, CreateContainer, StartContainer, PullImage, …) in
 * logrus text (`time="…" level=info msg="…"`), logrus JSON (`{"level":…,"msg":…,"time":…}`) or,
 * on a terminal, `INFO[0097] msg`. Sandbox and container ids are mapped to their pods as the
 * lines name them, so a later line that names only an id finds its pod.
 */
import type { Recognised } from './messages';
import { readGoString } from './goString';
import { rfc3339Us } from './times';

export interface RuntimeLine {
  /** Epoch µs, or seconds since the daemon started (TTY format) as µs, or null. */
  readonly us: number | null;
  readonly level: string;
  readonly msg: string;
  readonly fields: ReadonlyMap<string, string>;
  readonly runtime: 'containerd' | 'cri-o';
}

const TEXT = /^time="([^"]+)" level=(\w+) msg=/;
const TTY = /^(INFO|WARN|ERRO|DEBU|FATA|TRAC)\[(\d+)\] (.*)$/;

/** CRI-O's "2024-06-04 00:27:53.501046477+08:00" and containerd's RFC 3339. */
function timeUs(s: string): number | null {
  return rfc3339Us(s.replace(' ', 'T').replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
}

/** logrus key=value pairs after msg (values quoted with Go quoting or bare). */
function logrusFields(s: string, from: number): Map<string, string> {
  const out = new Map<string, string>();
  let i = from;
  while (i < s.length) {
    while (s[i] === ' ') i++;
    const eq = s.indexOf('=', i);
    if (eq < 0) break;
    const key = s.slice(i, eq);
    if (!/^[\w.-]+$/.test(key)) break;
    i = eq + 1;
    if (s[i] === '"') {
      const q = readGoString(s, i);
      if (!q) break;
      out.set(key, q.value);
      i = q.end;
    } else {
      const sp = s.indexOf(' ', i);
      const end = sp < 0 ? s.length : sp;
      out.set(key, s.slice(i, end));
      i = end;
    }
  }
  return out;
}

/** One runtime line, else null. */
export function parseRuntimeLine(payload: string, ident?: string): RuntimeLine | null {
  const crio =
    ident === 'crio' || ident === 'cri-o' || / name=\/runtime\.v1(alpha2)?\./.test(payload);
  const t = TEXT.exec(payload);
  if (t) {
    const q = readGoString(payload, t[0].length);
    if (!q) return null;
    return {
      us: timeUs(t[1]!),
      level: t[2]!,
      msg: q.value,
      fields: logrusFields(payload, q.end),
      runtime: crio ? 'cri-o' : 'containerd',
    };
  }
  if (payload.startsWith('{"') && /"msg"\s*:/.test(payload) && /"level"\s*:/.test(payload)) {
    let o: unknown;
    try {
      o = JSON.parse(payload);
    } catch {
      return null;
    }
    if (!o || typeof o !== 'object') return null;
    const r = o as Record<string, unknown>;
    if (typeof r.msg !== 'string' || typeof r.level !== 'string') return null;
    const fields = new Map<string, string>();
    for (const [k, v] of Object.entries(r))
      if (k !== 'msg' && k !== 'level' && k !== 'time') fields.set(k, String(v));
    return {
      us: typeof r.time === 'string' ? timeUs(r.time) : null,
      level: r.level,
      msg: r.msg,
      fields,
      runtime: crio ? 'cri-o' : 'containerd',
    };
  }
  const y = TTY.exec(payload);
  if (y) {
    const rest = y[3]!.trimStart();
    return {
      us: Number(y[2]) * 1_000_000,
      level: y[1]!.toLowerCase(),
      msg: rest,
      fields: new Map(),
      runtime: crio ? 'cri-o' : 'containerd',
    };
  }
  return null;
}

const META = /PodSandboxMetadata\{Name:([^,]*),Uid:([^,]*),Namespace:([^,]*),Attempt:(\d+),?\}/;
const CMETA = /ContainerMetadata\{Name:([^,]*),Attempt:(\d+),?\}/;
/** CRI-O's "namespace/pod/container" descriptions. */
const DESC = /([a-z0-9][-a-z0-9.]*)\/([a-z0-9][-a-z0-9.]*)\/([A-Za-z0-9][-a-z0-9.]*)/;

/** Sandbox and container ids → pod (and container), learnt from the lines that name them. */
export class RuntimeIds {
  readonly sandboxPod = new Map<string, { key: string; uid?: string }>();
  readonly containerOf = new Map<string, { key: string; container: string }>();
  readonly sandboxOfCreate = new Map<string, string>();
}

const unquote = (s: string) => s.replace(/^"|"$/g, '');

/** The record a runtime line is, or null for one the replay does not key on. */
export function recogniseRuntime(l: RuntimeLine, ids: RuntimeIds): Recognised | null {
  const msg = l.msg;
  const pod = (key: string | undefined, uid?: string) => ({ pods: key ? [key] : [], uid });
  const bySandbox = (id: string) => ids.sandboxPod.get(id);
  const byContainer = (id: string) => ids.containerOf.get(id);
  let m: RegExpExecArray | null;
  if (l.runtime === 'containerd') {
    if ((m = /^RunPodSandbox (?:for|with config) (.*)$/.exec(msg))) {
      const meta = META.exec(m[1]!);
      if (!meta) return null;
      const key = `${meta[3]}/${meta[1]}`;
      const ret = / returns sandbox id "([0-9a-f]+)"/.exec(msg);
      if (ret) ids.sandboxPod.set(ret[1]!, { key, uid: meta[2] });
      const failed = / failed, error$/.test(msg);
      return {
        what: ret ? 'RtSandboxCreated' : failed ? 'RtSandboxFailed' : 'RtRunPodSandbox',
        ...pod(key, meta[2]),
        data: {
          attempt: Number(meta[4]),
          ...(ret ? { podSandboxID: ret[1]! } : {}),
          ...(failed ? { err: l.fields.get('error') ?? '' } : {}),
        },
      };
    }
    if (
      (m = /^CreateContainer within (?:sandbox )?"([0-9a-f]+)" for (?:container )?&(.*)$/.exec(msg))
    ) {
      const meta = CMETA.exec(m[2]!);
      const sb = bySandbox(m[1]!);
      const ret = / returns container id "([0-9a-f]+)"/.exec(msg);
      const c = meta?.[1];
      if (ret && sb && c) ids.containerOf.set(ret[1]!, { key: sb.key, container: c });
      return {
        what: ret
          ? 'RtContainerCreated'
          : /failed/.test(msg)
            ? 'RtCreateFailed'
            : 'RtCreateContainer',
        ...pod(sb?.key),
        container: c,
        data: {
          podSandboxID: m[1]!,
          attempt: Number(meta?.[2] ?? 0),
          ...(ret ? { containerID: ret[1]! } : {}),
          ...(l.fields.get('error') ? { err: l.fields.get('error')! } : {}),
        },
      };
    }
    if ((m = /^StartContainer for "([0-9a-f]+)"( returns successfully| failed)?/.exec(msg))) {
      const c = byContainer(m[1]!);
      return {
        what:
          m[2] === ' returns successfully'
            ? 'RtContainerStarted'
            : m[2]
              ? 'RtStartFailed'
              : 'RtStartContainer',
        ...pod(c?.key),
        container: c?.container,
        data: {
          containerID: m[1]!,
          ...(m[2] === ' failed' ? { err: l.fields.get('error') ?? '' } : {}),
        },
      };
    }
    if ((m = /^PullImage "([^"]+)"( returns image reference "([^"]+)"| failed)?/.exec(msg)))
      return {
        what: m[2] === ' failed' ? 'RtPullFailed' : m[2] ? 'RtImagePulled' : 'RtPullImage',
        pods: [],
        data: { image: m[1]!, ...(m[2] === ' failed' ? { err: l.fields.get('error') ?? '' } : {}) },
      };
    if (
      (m = /^Pulled image "([^"]+)" with image id "([^"]*)",.*?(?:size "(\d+)")? in (\S+)$/.exec(
        msg,
      ))
    )
      return {
        what: 'RtImagePulled',
        pods: [],
        data: { image: m[1]!, ...(m[3] ? { size: Number(m[3]) } : {}), duration: m[4]! },
      };
    if (
      (m =
        /^StopContainer for "([0-9a-f]+)"(?: with timeout (\d+) \(s\))?( returns successfully)?/.exec(
          msg,
        ))
    ) {
      const c = byContainer(m[1]!);
      return {
        what: m[3] ? 'RtContainerStopped' : 'RtStopContainer',
        ...pod(c?.key),
        container: c?.container,
        data: { containerID: m[1]!, ...(m[2] ? { timeout: Number(m[2]) } : {}) },
      };
    }
    if (
      (m = /^(?:Stop container "([0-9a-f]+)" with signal (\w+)|Kill container "([0-9a-f]+)")$/.exec(
        msg,
      ))
    ) {
      const id = m[1] ?? m[3]!;
      const c = byContainer(id);
      return {
        what: m[3] ? 'RtKillContainer' : 'RtStopSignal',
        ...pod(c?.key),
        container: c?.container,
        data: { containerID: id, ...(m[2] ? { signal: m[2] } : {}) },
      };
    }
    if (
      (m =
        /^(?:TaskExit event|received exit event)\b.*?container_id:"([0-9a-f]+)".*?exit_status:(\d+)/.exec(
          msg,
        ))
    ) {
      const c = byContainer(m[1]!);
      return {
        what: 'RtContainerExited',
        ...pod(c?.key),
        container: c?.container,
        data: { containerID: m[1]!, exitCode: Number(m[2]) },
      };
    }
    if (
      (m = /^(StopPodSandbox|RemovePodSandbox) for "([0-9a-f]+)"( returns successfully)?/.exec(msg))
    ) {
      const sb = bySandbox(m[2]!);
      return {
        what: m[1] === 'StopPodSandbox' ? 'RtStopPodSandbox' : 'RtRemovePodSandbox',
        ...pod(sb?.key, sb?.uid),
        data: { podSandboxID: m[2]! },
      };
    }
    if ((m = /^RemoveContainer for "([0-9a-f]+)"( returns successfully)?/.exec(msg))) {
      const c = byContainer(m[1]!);
      return {
        what: 'RtRemoveContainer',
        ...pod(c?.key),
        container: c?.container,
        data: { containerID: m[1]! },
      };
    }
    if (/^ExecSync for "([0-9a-f]+)" failed/.test(msg)) {
      const id = /"([0-9a-f]+)"/.exec(msg)![1]!;
      const c = byContainer(id);
      return {
        what: 'RtExecSyncFailed',
        ...pod(c?.key),
        container: c?.container,
        data: { containerID: id },
      };
    }
    return null;
  }
  // CRI-O (server/*.go): pods and containers named as "namespace/pod/container".
  const desc = (s: string | undefined) => {
    const d = s ? DESC.exec(s) : null;
    return d ? { key: `${d[1]}/${d[2]}`, container: d[3] === 'POD' ? undefined : d[3] } : null;
  };
  if ((m = /^Running pod sandbox: (.*)$/.exec(msg))) {
    const d = desc(m[1]);
    return { what: 'RtRunPodSandbox', ...pod(d?.key) };
  }
  if ((m = /^Ran pod sandbox ([0-9a-f]+) with infra container: (.*)$/.exec(msg))) {
    const d = desc(m[2]);
    if (d) ids.sandboxPod.set(m[1]!, { key: d.key });
    return { what: 'RtSandboxCreated', ...pod(d?.key), data: { podSandboxID: m[1]! } };
  }
  if ((m = /^Creating container: (.*)$/.exec(msg))) {
    const d = desc(m[1]);
    return { what: 'RtCreateContainer', ...pod(d?.key), container: d?.container };
  }
  if ((m = /^Created container ([0-9a-f]+): (.*)$/.exec(msg))) {
    const d = desc(m[2]);
    if (d?.container) ids.containerOf.set(m[1]!, { key: d.key, container: d.container });
    return {
      what: 'RtContainerCreated',
      ...pod(d?.key),
      container: d?.container,
      data: { containerID: m[1]! },
    };
  }
  if ((m = /^Starting container: ([0-9a-f]+)$/.exec(msg))) {
    const c = byContainer(m[1]!);
    return {
      what: 'RtStartContainer',
      ...pod(c?.key),
      container: c?.container,
      data: { containerID: m[1]! },
    };
  }
  if (msg === 'Started container') {
    const id = unquote(l.fields.get('containerID') ?? '');
    const d = desc(l.fields.get('description')) ?? byContainer(id) ?? null;
    return {
      what: 'RtContainerStarted',
      ...pod(d?.key),
      container: d?.container,
      data: { containerID: id },
    };
  }
  if ((m = /^Pulling image: (\S+)$/.exec(msg)))
    return { what: 'RtPullImage', pods: [], data: { image: m[1]! } };
  if ((m = /^Pulled image: (\S+)$/.exec(msg)))
    return { what: 'RtImagePulled', pods: [], data: { image: m[1]! } };
  if ((m = /^Stopping container: ([0-9a-f]+)(?: \(timeout: (\d+)s\))?$/.exec(msg))) {
    const c = byContainer(m[1]!);
    return {
      what: 'RtStopContainer',
      ...pod(c?.key),
      container: c?.container,
      data: { containerID: m[1]!, ...(m[2] ? { timeout: Number(m[2]) } : {}) },
    };
  }
  if ((m = /^Stopped container ([0-9a-f]+): (.*)$/.exec(msg))) {
    const d = desc(m[2]) ?? byContainer(m[1]!) ?? null;
    return {
      what: 'RtContainerStopped',
      ...pod(d?.key),
      container: d?.container,
      data: { containerID: m[1]! },
    };
  }
  if (
    (m = /^Got pod network &\{Name:(\S+) Namespace:(\S+) ID:([0-9a-f]+) UID:([0-9a-f-]+)/.exec(msg))
  ) {
    ids.sandboxPod.set(m[3]!, { key: `${m[2]}/${m[1]}`, uid: m[4] });
    return { what: 'RtSandboxNetwork', pods: [`${m[2]}/${m[1]}`], uid: m[4] };
  }
  if ((m = /^Adding pod ([a-z0-9][-a-z0-9.]*)_([a-z0-9][-a-z0-9.]*) to CNI network/.exec(msg)))
    return { what: 'RtSandboxNetwork', pods: [`${m[1]}/${m[2]}`] };
  return null;
}
