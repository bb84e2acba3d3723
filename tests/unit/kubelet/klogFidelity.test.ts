/**
 * klog lines checked against the kubelet source (see the Go function named in each case).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatKlog, logsAt, parseScenario, simulate } from '../../../src/sim/index';

function logOf(preset: string, v = 4, kubeletVersion?: string): string[] {
  const p = parseScenario(readFileSync(`presets/${preset}.yaml`, 'utf8'));
  if (!p.ok) throw new Error(JSON.stringify(p.problems));
  const s = kubeletVersion
    ? {
        ...p.scenario,
        node: {
          ...p.scenario.node,
          kubeletVersion: kubeletVersion as typeof p.scenario.node.kubeletVersion,
        },
      }
    : p.scenario;
  const run = simulate(s);
  return logsAt(run.trace.logs, run.trace.steps.t.length, v).map(formatKlog);
}

describe('generateLinuxContainerResources: "Enforcing CFS quota"', () => {
  // DisableCPUQuotaWithExclusiveCPUs (default on) && ContainerHasExclusiveCPUs; V(5).
  const lines = logOf('static-vs-none', 5);
  const cfs = lines.filter((l) => l.includes('"Enforcing CFS quota"'));

  it('is unlimited for the container with exclusive CPUs, after "Container has pinned cpus"', () => {
    const i = lines.findIndex((l) => l.includes('"Enforcing CFS quota"'));
    expect(lines[i]).toContain('"Enforcing CFS quota" pod="default/web" unlimited=true');
    expect(lines[i - 1]).toContain('"Container has pinned cpus" podName="web" containerName="app"');
    // Once for the container, once for its pod's cgroup (below).
    expect(lines.filter((l) => l.includes('"Container has pinned cpus"'))).toHaveLength(2);
  });

  it('stays limited for shared-pool containers (200m sidecar, BestEffort pod)', () => {
    expect(cfs).toHaveLength(3);
    expect(cfs[1]).toContain('pod="default/web" unlimited=false');
    expect(cfs[2]).toContain('pod="default/batch" unlimited=false');
  });

  it('stays limited under the none policy', () => {
    const none = logOf('hello-pod', 5).filter((l) => l.includes('"Enforcing CFS quota"'));
    expect(none.length).toBeGreaterThan(0);
    for (const l of none) expect(l).toContain('unlimited=false');
  });
});

describe('klog renderings of Go values', () => {
  it('prints a *v1.Container through its String() method, i.e. quoted (1.33 and before)', () => {
    const created = logOf('hello-pod', 4, '1.33').find((l) =>
      l.includes('"Creating container in pod"'),
    );
    expect(created).toContain('container="&Container{Name:app,Image:nginx:1.27,');
    // 1.34+: spec.container.Name
    const named = logOf('hello-pod').find((l) => l.includes('"Creating container in pod"'));
    expect(named).toContain('container="app" pod="default/web"');
  });

  it('puts "err" last in InfoS lines ("Container start failed in pod")', () => {
    const l = logOf('image-pull-backoff', 3).find((x) =>
      x.includes('"Container start failed in pod"'),
    );
    expect(l).toMatch(/containerMessage="[^\n]*" err="ImagePullBackOff"$/);
    expect(l).toContain('container="api" pod="default/api"');
  });

  it('HandleError: "%v %+v start failed in pod %v: %v: %s" with the container struct (1.33)', () => {
    const l = logOf('poststart-failure', 0, '1.33').find((x) => x.includes('"Unhandled Error"'));
    // The struct whole (generated String(), every field), never elided with "...".
    expect(l).toContain(
      'err="container &Container{Name:app,Image:nginx:1.27,Command:[],Args:[],WorkingDir:,',
    );
    expect(l).toContain(',RestartPolicy:nil,} start failed in pod web_default(');
    expect(l).not.toContain('...');
  });

  it('HandleError: "%v %v start failed in pod %v: %w: %s" with the name (1.34+)', () => {
    const l = logOf('poststart-failure', 0).find((x) => x.includes('"Unhandled Error"'));
    expect(l).toContain('err="container app start failed in pod web_default(');
    expect(l).toMatch(/ logger="UnhandledError"$/);
  });

  it('exec hook failure: the command as a JSON array, "err" after "message"', () => {
    const l = logOf('poststart-failure', 1).find((x) =>
      x.includes('"Exec lifecycle hook for Container in Pod failed"'),
    );
    expect(l).toContain('execCommand=["sh","-c","curl -sf http://config-server/ready"]');
    expect(l).toMatch(
      /message="" err="command 'sh -c curl -sf http:\/\/config-server\/ready' exited with 7: "$/,
    );
  });
});

describe('killContainer with a PreStop hook (executePreStopHook, then StopContainer)', () => {
  const lines = logOf('delete-grace-period', 4);
  const at = (msg: string) => {
    const l = lines.find((x) => x.includes(`"${msg}"`));
    expect(l, msg).toBeDefined();
    return { line: l!, time: l!.split(' ')[1]! };
  };

  it('logs the kill only after the hook has returned, with the grace period less the hook time', () => {
    const run = at('Running preStop hook');
    const done = at('PreStop hook completed');
    const kill = at('Killing container with a grace period');
    const exited = at('Container exited normally');
    const stopped = at('Pod termination stopped all running containers');
    expect(run.time).toBe('10:00:30.000000');
    expect(run.line).toContain('containerID="containerd://');
    expect(done.time).toBe('10:00:31.000000');
    expect(kill.time).toBe('10:00:31.000000');
    expect(kill.line).toMatch(/gracePeriod=19$/);
    expect(exited.time).toBe('10:00:31.500000');
    expect(lines.indexOf(exited.line)).toBeLessThan(lines.indexOf(stopped.line));
  });
});

describe("pcm.EnsureExists at a pod's first SyncPod: PodHasExclusiveCPUs", () => {
  const lines = logOf('static-vs-none');
  const after = (needle: string) => lines[lines.findIndex((l) => l.includes(needle)) + 1] ?? '';

  it('a pod with a pinned container gets a cgroup without CFS quota', () => {
    const i = lines.findIndex((l) => l.includes('"Container has pinned cpus"'));
    expect(lines[i]).toContain('podName="web" containerName="app"');
    expect(lines[i + 1]).toContain(
      'pod_container_manager_linux.go:83] "Disabled CFS quota" pod="default/web"',
    );
    // After the first status (SyncPod's order) and UpdateQOSCgroups, before the volumes.
    expect(lines[i - 1]).toContain(
      'qos_container_manager_linux.go:405] "Updated QoS cgroup configuration"',
    );
    expect(lines[i - 2]).toContain('"SyncLoop RECONCILE"');
    expect(lines.filter((l) => l.includes('"Disabled CFS quota"'))).toHaveLength(1);
  });

  it('a pod with none says so, once: the cgroup exists at its later syncs', () => {
    const none = lines.filter((l) => l.includes('"Pod contains no container with pinned cpus"'));
    expect(none).toHaveLength(1);
    expect(none[0]).toContain('podName="batch"');
    expect(after('"Pod contains no container with pinned cpus"')).not.toContain('CFS quota');
  });

  it('is not in v1.18, which had no DisableCPUQuotaWithExclusiveCPUs', () => {
    const p = parseScenario(readFileSync('presets/static-vs-none.yaml', 'utf8'));
    if (!p.ok) throw new Error(JSON.stringify(p.problems));
    const run = simulate({ ...p.scenario, node: { ...p.scenario.node, kubeletVersion: '1.18' } });
    const text = logsAt(run.trace.logs, run.trace.steps.t.length, 4).map(formatKlog).join('\n');
    expect(text).not.toContain('pinned cpus');
    expect(text).not.toContain('Disabled CFS quota');
  });
});

describe('v1.ContainerStateTerminated in the status the kubelet patches', () => {
  interface Terminated {
    reason?: string;
    containerID?: string;
  }
  interface Status {
    containerID?: string;
    state: { terminated?: Terminated; waiting?: { reason?: string } };
    lastState: { terminated?: Terminated };
  }
  /** The container statuses of the last "Status for pod updated successfully" line. */
  function lastStatus(preset: string) {
    const line = logOf(preset)
      .filter((l) => l.includes('"Status for pod updated successfully"'))
      .at(-1)!;
    return JSON.parse(line.slice(line.indexOf(' status=') + 8)) as {
      initContainerStatuses?: Status[];
      containerStatuses: Status[];
    };
  }

  it('names the instance that ended (convertContainerStatus: ContainerID: cid)', () => {
    const init = lastStatus('two-init-containers').initContainerStatuses!;
    expect(init.length).toBeGreaterThan(0);
    for (const c of init) {
      expect(c.state.terminated?.reason).toBe('Completed');
      expect(c.state.terminated?.containerID).toBe(c.containerID);
    }
  });

  it('in CrashLoopBackOff, the last state is the instance that just exited', () => {
    const app = lastStatus('crashloop-15m').containerStatuses[0]!;
    expect(app.state.waiting?.reason).toBe('CrashLoopBackOff');
    expect(app.lastState.terminated?.containerID).toMatch(/^containerd:\/\/[0-9a-f]{64}$/);
    expect(app.lastState.terminated?.containerID).toBe(app.containerID);
  });
});
