/**
 * Row 12: the Inspector agrees with the engine. A pinned container under
 * DisableCPUQuotaWithExclusiveCPUs has no CFS quota (the engine logs "Enforcing CFS quota"
 * unlimited=true for it, kuberuntime_container_linux.go); the container ID is printed once with
 * its runtime prefix; the CPU allocation is explained as made at admission and applied at
 * PreCreateContainer.
 */
import { describe, expect, it } from 'vitest';
import { buildRunView } from './buildRunView';
import { kubeletViews } from './stateViews';
import { loadPreset, type Scenario } from '../sim';

function inspect(
  presetId: Parameters<typeof loadPreset>[0],
  key: string,
  edit?: (scenario: Scenario) => void,
) {
  const p = loadPreset(presetId);
  if (!p.ok) throw new Error(JSON.stringify(p.problems));
  edit?.(p.scenario);
  const run = buildRunView(p.scenario);
  const data = kubeletViews.inspect(run, run.total, {
    kind: 'container',
    container: key,
    pod: key.split('/').slice(0, 2).join('/'),
  })!;
  const row = (heading: string, k: string) =>
    data.sections.find((s) => s.heading.startsWith(heading))?.rows?.find(([x]) => x === k)?.[1];
  return { data, row };
}

describe('container Inspector', () => {
  it('a pinned container has no CFS quota, as the engine decided (unlimited=true)', () => {
    const { data, row } = inspect('static-vs-none', 'default/web/app');
    expect(row('cpuset', 'pool')).toBe('exclusive');
    expect(row('cgroup', 'cpu.max (v2)')).toBe('max 100000');
    const cg = data.sections.find((s) => s.heading.startsWith('cgroup'))!;
    expect(cg.notes?.join(' ')).toContain('DisableCPUQuotaWithExclusiveCPUs');
  });

  it('a shared-pool container keeps its quota from the CPU limit', () => {
    const { row } = inspect('hello-pod', 'default/web/app');
    expect(row('cgroup', 'cpu.max (v2)')).toBe('50000 100000');
  });

  it('takes cpu.shares from the CPU limit when requests name only memory (SetDefaults_Pod)', () => {
    const { row } = inspect('hello-pod', 'default/web/app', (s) => {
      s.pods[0]!.manifest.spec.containers[0]!.resources = {
        requests: { memory: '64Mi' },
        limits: { cpu: '500m', memory: '128Mi' },
      };
    });
    // The API server defaults requests.cpu to the limit's 500m: 512 shares, not the minimum 2.
    expect(row('cgroup', 'cpu.shares (v1)')).toBe('512');
    expect(row('cgroup', 'cpu.max (v2)')).toBe('50000 100000');
  });

  it('shows the container ID once, with one containerd:// prefix', () => {
    const { row } = inspect('hello-pod', 'default/web/app');
    expect(row('Status at the cursor', 'container ID')).toMatch(/^containerd:\/\/[0-9a-f]{13}$/);
  });

  it("on kubelet 1.3 the id is Docker's (DockerManager ran no CRI runtime)", () => {
    const { row } = inspect('hello-pod', 'default/web/app', (s) => {
      s.node.kubeletVersion = '1.3';
    });
    expect(row('Status at the cursor', 'container ID')).toMatch(/^docker:\/\/[0-9a-f]{13}$/);
  });

  it('explains the allocation as made at admission and applied at PreCreateContainer', () => {
    const { data } = inspect('static-vs-none', 'default/web/app');
    const why = data.sections.find((s) => s.heading === 'Why')!.notes!.join(' ');
    expect(why).toMatch(/at admission/);
    expect(why).toMatch(/applied at PreCreateContainer/);
  });
});
