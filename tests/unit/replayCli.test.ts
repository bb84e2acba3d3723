import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { diffJson, diffRecords, diffSummary } from '../../src/replay/compare';
import { replayOfRun } from '../../src/replay/fromTrace';
import { importText } from '../../src/replay/importPipeline';
import { simulate } from '../../src/sim';

const run = (script: string, args: string[]) =>
  spawnSync('npx', ['tsx', `scripts/${script}.ts`, ...args], { encoding: 'utf8', timeout: 60_000 });
const fixture = (f: string) => join('tests/fixtures/replay', f);

// Each test starts the CLI (tsx) up to five times: seconds each, more on a busy machine.
describe('npm run replay', { timeout: 90_000 }, () => {
  it('--format events prints {t, pod, what, line, text} per recognised record', () => {
    const r = run('replay', [
      fixture('klog-structured.log'),
      '--format',
      'events',
      '--year',
      '2026',
    ]);
    expect(r.status).toBe(0);
    const rows = JSON.parse(r.stdout) as Record<string, unknown>[];
    expect(rows).toHaveLength(19);
    expect(rows[0]).toEqual({
      t: 0,
      pod: 'default/nginx',
      what: 'SyncLoopAdd',
      line: 1,
      text: 'I1129 18:13:10.314127    2775 kubelet.go:2433] "SyncLoop ADD" source="api" pods=["default/nginx"]',
    });
    expect(rows[9]).toMatchObject({ t: 5498.373, what: 'EventPulled', line: 10 });
    expect(r.stderr).toMatch(
      /19 records from 23 lines \(klog\); 0 skipped, 1 not keyed on; kubelet 1\.32–1\.34 \(runs as 1\.34\)/,
    );
  });

  it('--format scenario rebuilds pods, images and latencies, and npm run simulate runs it', () => {
    const r = run('replay', [fixture('klog-printf-v118.log'), '--format', 'scenario']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^# Rebuilt from klog-printf-v118\.log/);
    expect(r.stdout).toContain(
      "# kubelet version: 1.11–1.18 by the input's form; run as 1.18 (node.kubeletVersion)",
    );
    expect(r.stdout).toContain(
      '#   - kuberuntime "Creating sandbox for pod" (1.19 says "Creating PodSandbox for pod"): ≤ 1.18',
    );
    const s = parse(r.stdout) as {
      metadata: { description: string };
      node: { images: unknown[]; runtime: Record<string, string>; kubeletVersion: string };
      pods: {
        at: string;
        manifest: { metadata: Record<string, string>; spec: { containers: unknown[] } };
      }[];
    };
    expect(s.metadata.description).toContain('Kubelet 1.11–1.18 by its output');
    expect(s.metadata.description).toMatch(/run as 1\.18\.$/);
    expect(s.node.kubeletVersion).toBe('1.18');
    expect(s.pods).toHaveLength(1);
    expect(s.pods[0]!.manifest.metadata).toEqual({
      name: 'web',
      namespace: 'shop',
      uid: '3c8f5a0e-7d1b-4f6a-9e2d-5b4c3a2f1e0d',
    });
    // The readiness probe failed in the log: its spec is not there, so a default one.
    const [web] = s.pods[0]!.manifest.spec.containers as Record<string, unknown>[];
    expect(s.pods[0]!.manifest.spec.containers).toHaveLength(1);
    expect([web!.name, web!.image, typeof web!.readinessProbe]).toEqual([
      'web',
      'nginx:1.17',
      'object',
    ]);
    // Pulling → Pulled (v1.18's Pulled event has no duration), sandbox, Created → Started.
    expect(s.node.images).toEqual([{ name: 'nginx:1.17', present: false, pullTime: '7.2s' }]);
    expect(s.node.runtime).toEqual({
      runPodSandbox: '1.7s',
      createContainer: '100ms',
      startContainer: '200ms',
    });
    const dir = mkdtempSync(join(tmpdir(), 'ks-replay-'));
    const f = join(dir, 'scenario.yaml');
    writeFileSync(f, r.stdout);
    const sim = run('simulate', [f, '--format', 'events']);
    expect(sim.status).toBe(0);
    const events = JSON.parse(sim.stdout) as { reason: string; t: number }[];
    const pulling = events.find((e) => e.reason === 'Pulling')!;
    const pulled = events.find((e) => e.reason === 'Pulled')!;
    expect(pulled.t - pulling.t).toBe(7200);
  });

  it('a cpu_manager_state gives a static-policy node sized to its CPUs and a Guaranteed pod', () => {
    const r = run('replay', [fixture('cpu_manager_state'), '--format', 'scenario']);
    expect(r.status).toBe(0);
    const s = parse(r.stdout) as {
      node: { topology: unknown; kubelet: unknown };
      pods: { manifest: { spec: { containers: { resources: unknown }[] } } }[];
    };
    expect(s.node.topology).toEqual({ sockets: 1, coresPerSocket: 8, threadsPerCore: 2 });
    // The static policy does not start without reserved CPUs: the first shared one.
    expect(s.node.kubelet).toEqual({ cpuManagerPolicy: 'static', reservedSystemCPUs: '0' });
    expect(s.pods[0]!.manifest.spec.containers[0]!.resources).toEqual({
      requests: { cpu: '2', memory: '128Mi' },
      limits: { cpu: '2', memory: '128Mi' },
    });
  });

  it('--format diff prints the JSON array of {kind, what, input, model} and the summary on stderr', () => {
    const r = run('replay', [fixture('klog-printf-v118.log'), '--format', 'diff']);
    expect(r.status).toBe(0);
    const diffs = JSON.parse(r.stdout) as Record<string, unknown>[];
    expect(diffs.length).toBeGreaterThan(0);
    for (const d of diffs) {
      expect(Object.keys(d)).toEqual(['kind', 'what', 'input', 'model']);
      expect(['only-in-input', 'only-in-model', 'timing', 'text']).toContain(d.kind);
      expect(d.what).toMatch(/^shop\/web(\/web)? [A-Z]\w+$/);
      if (d.input !== null) expect(Object.keys(d.input as object)).toEqual(['line', 'text']);
      if (d.model !== null) expect(Object.keys(d.model as object)).toEqual(['step', 'text']);
      expect(d.input !== null || d.model !== null).toBe(true);
    }
    expect(r.stderr.trim()).toBe(
      `replay: ${diffs.length} differences (15 records compared, 0 not compared)`,
    );
  });

  it("--format diff of real pastes is the page's list: the import's records against its run", () => {
    // The CLI streams the file and reads the scenario back from its YAML; the page imports the
    // text in a worker and runs the scenario it validated. Both must list the same differences.
    const real = join(import.meta.dirname, '../fixtures/real');
    for (const f of ['k3s-6185.txt', 'k8s-33967.log', 'katas-10.txt', 'k8s-122932.txt']) {
      const r = run('replay', [join(real, f), '--format', 'diff', '--year', '2025']);
      expect(r.status, f).toBe(0);
      const page = importText(readFileSync(join(real, f), 'utf8'), 2025, f);
      if (!page.ok) throw new Error(page.error);
      const d = diffRecords({ events: page.records }, replayOfRun(simulate(page.scenario)));
      expect(JSON.parse(r.stdout), f).toEqual(diffJson(d));
      // Every record the page read is counted: compared, or not compared with why.
      expect(d.compared, f).toBe(page.records.length);
      expect(r.stderr.trim(), f).toBe(`replay: ${diffSummary(d)}`);
      expect(r.stderr, f).toMatch(
        /^replay: \d+ differences? \(\d+ records compared, \d+ not compared/,
      );
    }
  }, 120_000);

  it('unusable input exits 1 with one line and nothing on stdout; never a stack trace', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ks-replay-'));
    const f = join(dir, 'notes.txt');
    writeFileSync(f, 'lunch at noon\nthe pod is slow\n');
    for (const args of [[f], [join(dir, 'missing.log')], [dir]]) {
      const r = run('replay', args);
      expect(r.status).toBe(1);
      expect(r.stdout).toBe('');
      expect(
        r.stderr
          .trim()
          .split('\n')
          .filter((l) => !l.startsWith('npm warn')),
      ).toHaveLength(1);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
    expect(run('replay', [f]).stderr).toContain('nothing recognisable in 2 lines');
    const bad = run('replay', [f, '--format', 'trace']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('unknown format "trace"');
  });
});
