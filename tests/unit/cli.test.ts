import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const tsx = (args: string[]) =>
  spawnSync('npx', ['tsx', 'scripts/simulate.ts', ...args], { encoding: 'utf8', timeout: 60_000 });

describe('npm run simulate', () => {
  it('describes a pod rejected at admission as kubectl does: no container state at all', () => {
    const r = tsx(['presets/numa-does-not-fit.yaml']);
    expect(r.status).toBe(0);
    const first = r.stdout.split('\n\n')[0]!;
    expect(first).toMatch(/Status:\s+Failed/);
    expect(first).toMatch(/Reason:\s+TopologyAffinityError/);
    expect(first).toContain('Image:');
    for (const field of ['Image ID:', 'State:', 'Ready:', 'Restart Count:'])
      expect(first).not.toContain(field);
  });

  it('--format cpus prints the cpu_manager_state file after each change, checksummed', () => {
    const r = tsx(['presets/static-vs-none.yaml', '--format', 'cpus']);
    expect(r.status).toBe(0);
    const lines = r.stdout.trim().split('\n');
    const files = lines
      .filter((l) => !l.startsWith('#'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines[0]).toMatch(/^# \d+\.\d{3}s step \d+$/);
    expect(files[0]).toMatchObject({ policyName: 'static', defaultCpuSet: '0-15' });
    const pinned = files.find((f) => f.entries !== undefined)!;
    // The app's 2 CPUs leave the default set: a core and its SMT sibling.
    expect(Object.values(pinned.entries as Record<string, Record<string, string>>)[0]).toEqual({
      app: '1,9',
    });
    expect(pinned.defaultCpuSet).toBe('0,2-8,10-15');
    for (const f of files) expect(typeof f.checksum).toBe('number');
  });

  it("--format containerd-log prints containerd's side: sandbox, create, start, in order", () => {
    const r = tsx(['presets/hello-pod.yaml', '--format', 'containerd-log']);
    expect(r.status).toBe(0);
    const lines = r.stdout.trim().split('\n');
    for (const l of lines)
      expect(l).toMatch(/^time="2026-11-22T\d\d:\d\d:\d\d\.\d{9}Z" level=(info|error) msg="/);
    const sandbox = /returns sandbox id \\"([0-9a-f]{64})\\"/.exec(r.stdout)![1]!;
    const container = /returns container id \\"([0-9a-f]{64})\\"/.exec(r.stdout)![1]!;
    const msgs = lines.map((l) => JSON.parse(l.slice(l.indexOf('msg=') + 4)) as string);
    expect(msgs.slice(0, 5)).toEqual([
      expect.stringMatching(
        /^RunPodSandbox for &PodSandboxMetadata\{Name:web,Uid:[0-9a-f-]{36},Namespace:default,Attempt:0,\}$/,
      ),
      expect.stringMatching(/returns sandbox id/),
      `CreateContainer within sandbox "${sandbox}" for container &ContainerMetadata{Name:app,Attempt:0,}`,
      `CreateContainer within sandbox "${sandbox}" for &ContainerMetadata{Name:app,Attempt:0,} returns container id "${container}"`,
      `StartContainer for "${container}"`,
    ]);
    expect(msgs[5]).toBe(`StartContainer for "${container}" returns successfully`);
  });

  it('--format events prints the hello pod Events as JSON', () => {
    const out = execFileSync(
      'npx',
      ['tsx', 'scripts/simulate.ts', 'presets/hello-pod.yaml', '--format', 'events'],
      {
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    const events = JSON.parse(out) as {
      t: number;
      type: string;
      reason: string;
      object: string;
      fieldPath: string | null;
      message: string;
    }[];
    expect(events.slice(0, 4)).toEqual([
      {
        t: 0,
        type: 'Normal',
        reason: 'Scheduled',
        object: 'default/web',
        fieldPath: null,
        message: 'Successfully assigned default/web to node-1',
      },
      {
        t: 1100,
        type: 'Normal',
        reason: 'Pulled',
        object: 'default/web',
        fieldPath: 'spec.containers{app}',
        message:
          'Container image "nginx:1.27" already present on machine and can be accessed by the pod',
      },
      {
        t: 1160,
        type: 'Normal',
        reason: 'Created',
        object: 'default/web',
        fieldPath: 'spec.containers{app}',
        message: 'Container created',
      },
      {
        t: 1280,
        type: 'Normal',
        reason: 'Started',
        object: 'default/web',
        fieldPath: 'spec.containers{app}',
        message: 'Container started',
      },
    ]);
  });

  it('--format log and describe', () => {
    const log = tsx(['presets/hello-pod.yaml', '--format', 'log', '--v', '2']);
    expect(log.status).toBe(0);
    expect(log.stdout.split('\n')[1]).toBe(
      'I1122 10:00:00.000000    1234 kubelet.go:2724] "SyncLoop ADD" source="api" pods=["default/web"]',
    );
    expect(log.stdout).not.toContain('"SyncPod enter"');
    const d = tsx(['presets/hello-pod.yaml']);
    expect(d.stdout).toMatch(/^Name:\s+web\nNamespace:\s+default\n/);
    expect(d.stdout).toContain('Events:');
  });

  it('a bad file exits non-zero with file:line:col: path: message and nothing on stdout', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ks-'));
    const f = join(dir, 'bad.yaml');
    writeFileSync(
      f,
      `apiVersion: kubeletscope/v1
kind: Scenario
metadata: { name: bad }
node:
  topology: { sockets: 1, coresPerSocket: 2, threadsPerCore: 1 }
pods:
  - at: 0s
    manifest:
      metadata: { name: web }
      spec:
        containers:
          - name: App_1
            image: nginx
`,
    );
    const r = tsx([f, '--format', 'events']);
    expect(r.status).not.toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`${f}:12:19: pods[0].manifest.spec.containers[0].name: `);
  });

  it('--kubelet-version overrides the scenario: 1.3 and 1.18 runs, refusals and notes', () => {
    const old = tsx(['presets/hello-pod.yaml', '--kubelet-version', '1.3', '--format', 'log']);
    expect(old.status).toBe(0);
    expect(old.stdout).toContain(
      'docker_manager.go:1947] Creating pod infra container for "web_default(',
    );
    expect(old.stdout).not.toContain('"SyncLoop ADD"');
    const ev = tsx(['presets/hello-pod.yaml', '--kubelet-version', '1.18', '--format', 'events']);
    const created = (JSON.parse(ev.stdout) as { reason: string; message: string }[]).find(
      (e) => e.reason === 'Created',
    );
    expect(created?.message).toBe('Created container app');
    const refused = tsx(['presets/poststart-deadlock-sidecar.yaml', '--kubelet-version', '1.18']);
    expect(refused.status).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain(
      'presets/poststart-deadlock-sidecar.yaml: pods[0].manifest.spec.initContainers[0].restartPolicy: kubelet 1.18 does not have this',
    );
    const noted = tsx([
      'presets/static-vs-none.yaml',
      '--kubelet-version',
      '1.3',
      '--format',
      'cpus',
    ]);
    expect(noted.status).toBe(0);
    expect(noted.stderr).toContain('note: node.kubelet.cpuManagerPolicy: static is ignored');
    expect(noted.stdout).toContain('the CPU manager never started');
    const bad = tsx(['presets/hello-pod.yaml', '--kubelet-version', '1.9']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain(
      '--kubelet-version takes one of 1.37, 1.36, 1.35, 1.34, 1.33, 1.32, 1.31, 1.30, 1.29, 1.28, 1.27, 1.26, 1.25, 1.24, 1.23, 1.22, 1.21, 1.20, 1.19, 1.18, 1.3 (got "1.9")',
    );
  }, 120_000);

  it('node.kubelet is KubeletConfiguration: an unknown field is an error naming its path, a real one not modelled is a note', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ks-'));
    const config = (fields: string) => `apiVersion: kubeletscope/v1
kind: Scenario
metadata: { name: kc }
node:
  topology: { sockets: 1, coresPerSocket: 2, threadsPerCore: 1 }
  kubelet:
${fields}
pods:
  - manifest:
      metadata: { name: web }
      spec:
        containers:
          - { name: app, image: nginx }
`;
    const typo = join(dir, 'typo.yaml');
    writeFileSync(typo, config('    cpuManagerPolicyy: static'));
    const bad = tsx([typo, '--format', 'events']);
    expect(bad.status).toBe(1);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toContain(
      'node.kubelet.cpuManagerPolicyy: cpuManagerPolicyy is not a KubeletConfiguration field (did you mean cpuManagerPolicy?)',
    );
    const real = join(dir, 'real.yaml');
    writeFileSync(
      real,
      config('    evictionHard: { imagefs.available: 15% }\n    imageGCHighThresholdPercent: 80'),
    );
    const ok = tsx([real, '--format', 'events']);
    expect(ok.status).toBe(0);
    expect(ok.stderr).toContain(
      'note: node.kubelet: accepted, not modelled: imageGCHighThresholdPercent',
    );
    // A field a release did not have yet is refused on that release.
    const late = join(dir, 'late.yaml');
    writeFileSync(late, config('    containerLogMaxWorkers: 2'));
    const refused = tsx([late, '--kubelet-version', '1.28', '--format', 'events']);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('node.kubelet.containerLogMaxWorkers');
  }, 120_000);
});
