/**
 * Row 13: containerd's CRI plugin lines (sandbox_run.go, image_pull.go, container_create.go,
 * container_start.go, container_stop.go) derived from the kubelet's side of the same run.
 */
import { describe, expect, it } from 'vitest';
import { containerdLog, formatContainerdLine } from '../../../src/sim/views/containerdLog';
import { runPreset } from './helpers';

const msgs = (preset: string) => containerdLog(runPreset(preset)).map((l) => l.msg);

describe('containerd log', () => {
  it('pulls the defaulted reference between the sandbox and CreateContainer', () => {
    const m = msgs('uncached-image');
    const pull = m.indexOf('PullImage "nginx:1.27"');
    expect(pull).toBeGreaterThan(m.findIndex((x) => x.includes('returns sandbox id')));
    expect(m[pull + 1]).toMatch(
      /^Pulled image "nginx:1\.27" with image id "sha256:[0-9a-f]{64}", repo tag "docker\.io\/library\/nginx:1\.27", repo digest "docker\.io\/library\/nginx@sha256:[0-9a-f]{64}", size "72000000" in 6s$/,
    );
    expect(m[pull + 2]).toMatch(/^CreateContainer within sandbox/);
  });

  it('stops with the grace period as timeout, SIGTERM, then returns', () => {
    const m = msgs('delete-grace-period');
    const i = m.findIndex((x) => x.startsWith('StopContainer for'));
    expect(m[i]).toMatch(/^StopContainer for "[0-9a-f]{64}" with timeout \d+ \(s\)$/);
    expect(m[i + 1]).toMatch(/^Stop container "[0-9a-f]{64}" with signal terminated$/);
    expect(
      m.slice(i + 2).some((x) => /^StopContainer for "[0-9a-f]{64}" returns successfully$/.test(x)),
    ).toBe(true);
  });

  it('a failed RunPodSandbox is an error line with the CNI error; the retry keeps Attempt 0', () => {
    const lines = containerdLog(runPreset('sandbox-failure'));
    const err = lines.find((l) => l.level === 'error')!;
    expect(formatContainerdLine(err)).toMatch(
      /level=error msg="RunPodSandbox for &PodSandboxMetadata\{Name:web,Uid:[0-9a-f-]{36},Namespace:default,Attempt:0,\} failed, error" error="rpc error: /,
    );
    const runs = lines.filter(
      (l) =>
        l.msg.startsWith('RunPodSandbox') &&
        !l.msg.includes('failed') &&
        !l.msg.includes('returns'),
    );
    expect(runs.length).toBeGreaterThan(1);
    for (const r of runs) expect(r.msg).toContain('Attempt:0,');
  });

  it('lines are in time order with steps that never go back', () => {
    const lines = containerdLog(runPreset('crashloop-15m'));
    for (let i = 1; i < lines.length; i++) {
      expect(lines[i]!.t).toBeGreaterThanOrEqual(lines[i - 1]!.t);
      expect(lines[i]!.step).toBeGreaterThanOrEqual(lines[i - 1]!.step);
    }
    // Each restart creates the container with the next Attempt.
    const attempts = lines
      .map((l) => /for container &ContainerMetadata\{Name:worker,Attempt:(\d+),\}/.exec(l.msg)?.[1])
      .filter((x) => x !== undefined)
      .map(Number);
    expect(attempts.slice(0, 4)).toEqual([0, 1, 2, 3]);
  });
});

describe('containerd log of the older kubelets', () => {
  it('v1.18 (CRI): RunPodSandbox, then CreateContainer within the sandbox it returned', () => {
    const m = msgs('v1-18-prestart-cpuset');
    const ret = m.find((x) => x.includes('returns sandbox id'));
    const id = /returns sandbox id "([0-9a-f]{64})"/.exec(ret ?? '')?.[1];
    expect(id).toBeDefined();
    expect(m[0]).toMatch(/^RunPodSandbox for &PodSandboxMetadata\{Name:web,/);
    const creates = m.filter((x) => x.startsWith('CreateContainer within sandbox'));
    expect(creates.length).toBeGreaterThan(0);
    for (const c of creates) expect(c).toContain(`within sandbox "${id!}"`);
  });

  it('v1.3 (DockerManager, no CRI): no containerd lines at all', () => {
    expect(msgs('v1-3-infra-container')).toEqual([]);
  });
});

describe('sandbox failure message (row 10)', () => {
  it('names the sandbox id containerd allocated: failed to setup network for sandbox "<id>"', () => {
    const run = runPreset('sandbox-failure');
    const ev = run.trace.events.find((e) => e.reason === 'FailedCreatePodSandBox')!;
    expect(ev.message).toMatch(
      /failed to setup network for sandbox "[0-9a-f]{64}": plugin type="bridge"/,
    );
    // Each attempt allocates its own id.
    const ids = new Set(
      run.trace.events
        .filter((e) => e.reason === 'FailedCreatePodSandBox')
        .map((e) => /sandbox "([0-9a-f]{64})"/.exec(e.message)?.[1]),
    );
    expect(ids.size).toBeGreaterThan(1);
  });
});
