/**
 * Compare's diff over real engine runs: the cpuset a container got, its first start in
 * each run and the difference, and the Events found in only one of the runs.
 */
import { describe, expect, it } from 'vitest';
import { buildRunView } from './buildRunView';
import { loadPreset, parseCPUSet } from '../sim';
import { diffRuns, messageShape } from './compareDiff';
import { withCpuManagerPolicy, withKubeletVersion } from './scenarioEdits';
import { perturb } from './perturbations';

function scenarioOf(id: Parameters<typeof loadPreset>[0]) {
  const r = loadPreset(id);
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.scenario;
}

const row = (rows: ReturnType<typeof diffRuns>, key: string) => {
  const r = rows.find((x) => x.key === key);
  if (!r) throw new Error(`no row ${key}`);
  return r;
};

/** The step at which the engine's trace says the container's "Started" Event was emitted. */
function startedAt(run: ReturnType<typeof buildRunView>, object: string, container: string) {
  return run.raw.trace.events.find(
    (e) => e.reason === 'Started' && e.object === object && e.fieldPath?.endsWith(`{${container}}`),
  )!.t;
}

describe('Compare diff: static against none', () => {
  const s = scenarioOf('static-vs-none');
  const a = buildRunView(s);
  const b = buildRunView(withCpuManagerPolicy(s, 'none'));
  const rows = diffRuns(a, b);

  it('gives the Guaranteed app exclusive CPUs in A and the whole machine, shared, in B', () => {
    const app = row(rows, 'default/web/app');
    expect(app.cpusetA?.exclusive).toBe(true);
    // 2 whole CPUs requested: two CPUs, none of them the reserved CPU 0.
    const mine = parseCPUSet(app.cpusetA!.cpus);
    expect(mine.ok && mine.value).toHaveLength(2);
    expect(mine.ok && mine.value.includes(0)).toBe(false);
    expect(app.cpusetB).toEqual({ cpus: '0-15', exclusive: false });
  });

  it('leaves the sidecar in A in the shared pool without the app CPUs, and starts are unchanged', () => {
    const app = row(rows, 'default/web/app');
    const side = row(rows, 'default/web/log-shipper');
    expect(side.cpusetA?.exclusive).toBe(false);
    const shared = parseCPUSet(side.cpusetA!.cpus);
    const mine = parseCPUSet(app.cpusetA!.cpus);
    if (!shared.ok || !mine.ok) throw new Error('bad cpuset');
    for (const c of mine.value) expect(shared.value.includes(c)).toBe(false);
    expect(shared.value.length + mine.value.length).toBe(16);
    expect(app.startA).toBe(startedAt(a, 'default/web', 'app'));
    expect(app.startB).toBe(startedAt(b, 'default/web', 'app'));
    expect(app.delta).toBe(app.startB! - app.startA!);
  });

  it('finds no Event in only one run when only the CPU policy differs', () => {
    for (const r of rows) {
      expect(r.onlyA).toEqual([]);
      expect(r.onlyB).toEqual([]);
    }
  });
});

describe('Compare diff: kubelet v1.18 against current', () => {
  const s = scenarioOf('v1-18-prestart-cpuset');
  const a = buildRunView(withKubeletVersion(s, '1.18'));
  const b = buildRunView(withKubeletVersion(s, '1.34'));
  const rows = diffRuns(a, b);

  it("lists each version's own Created message as an Event only in its run", () => {
    const app = row(rows, 'default/web/app');
    expect(app.onlyA).toContainEqual({
      type: 'Normal',
      reason: 'Created',
      object: 'web/app',
      message: 'Created container app',
      count: 1,
    });
    expect(app.onlyB).toContainEqual({
      type: 'Normal',
      reason: 'Created',
      object: 'web/app',
      message: 'Created container: app',
      count: 1,
    });
    // What both versions say the same way is in neither list.
    expect([...app.onlyA, ...app.onlyB].some((e) => e.reason === 'Started')).toBe(false);
  });
});

describe('Compare diff: start times that differ', () => {
  const s = scenarioOf('start-order-across-versions');
  const a = buildRunView(withKubeletVersion(s, '1.3'));
  const b = buildRunView(withKubeletVersion(s, '1.18'));
  const rows = diffRuns(a, b);

  it('gives each container its first start in both runs and B − A', () => {
    let someDiffer = false;
    for (const r of rows.filter((x) => !x.isPod)) {
      const [pod, c] = [
        r.key.slice(0, r.key.lastIndexOf('/')),
        r.key.slice(r.key.lastIndexOf('/') + 1),
      ];
      expect(r.startA).toBe(startedAt(a, pod, c));
      expect(r.startB).toBe(startedAt(b, pod, c));
      expect(r.delta).toBe(r.startB! - r.startA!);
      if (r.delta !== 0) someDiffer = true;
    }
    expect(someDiffer).toBe(true);
  });
});

describe('Compare diff: a perturbed run', () => {
  it('shows the restart of a container made to exit only in the run that has it', () => {
    const s = scenarioOf('hello-pod');
    const a = buildRunView(s);
    const b = buildRunView(
      perturb(
        s,
        'ContainerExit',
        { pod: 'default/web', container: 'default/web/app' },
        5000,
        a.raw,
      ),
    );
    const app = row(diffRuns(a, b), 'default/web/app');
    const emitted = (run: typeof a, reason: string) =>
      run.raw.trace.events.filter(
        (e) => e.reason === reason && e.fieldPath === 'spec.containers{app}',
      ).length;
    expect(app.onlyA).toEqual([]);
    // B starts app once more than A: the repeat is B's alone, A's first start matches.
    const started = app.onlyB.find((e) => e.reason === 'Started');
    expect(started?.count).toBe(emitted(b, 'Started') - emitted(a, 'Started'));
    expect(started?.count).toBeGreaterThan(0);
    expect(app.delta).toBe(0);
  });

  it('finds nothing only in one run when both runs are the same', () => {
    const s = scenarioOf('hello-pod');
    for (const r of diffRuns(buildRunView(s), buildRunView(s))) {
      expect([r.onlyA, r.onlyB, r.delta ?? 0]).toEqual([[], [], 0]);
      expect(r.cpusetA).toEqual(r.cpusetB);
    }
  });
});

describe('messageShape', () => {
  it('blanks durations only', () => {
    expect(
      messageShape('Successfully pulled image "nginx:1.27" in 2s (2s including waiting)'),
    ).toBe(
      messageShape('Successfully pulled image "nginx:1.27" in 900ms (1m2.5s including waiting)'),
    );
    expect(messageShape('Created container app')).toBe('Created container app');
    expect(messageShape('pulled "a:1.2"')).not.toBe(messageShape('pulled "a:1.3"'));
  });
});
