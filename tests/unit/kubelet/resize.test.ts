/**
 * In-place resize of a Guaranteed pod under the static CPU manager (the ResizePod action), by
 * release: canResizePod (kubelet.go, 1.33), the allocation manager (1.34+: only a CPU request
 * change is refused, new wording), the ResizeInfeasible Event (1.35+).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatKlog, logsAt, parseScenario, simulate } from '../../../src/sim/index';
import type { Scenario } from '../../../src/sim/scenario/schema';
import { versionNotes } from '../../../src/sim/scenario/versionNotes';
import type { KubeletVersionName } from '../../../src/sim/versions/names';

const OLD = 'Resize is infeasible for Guaranteed Pods alongside CPU Manager static policy';
const NEW = 'Resize is infeasible for Guaranteed Pods alongside CPU Manager policy "static"';

function preset(): Scenario {
  const p = parseScenario(readFileSync('presets/resize-guaranteed-static.yaml', 'utf8'));
  if (!p.ok) throw new Error(JSON.stringify(p.problems));
  return p.scenario;
}

function on(v: KubeletVersionName, s: Scenario = preset()): Scenario {
  return { ...s, node: { ...s.node, kubeletVersion: v } };
}

/** The same pod resized in its memory only (1Gi -> 2Gi), its CPUs unchanged. */
function memoryOnly(s: Scenario): Scenario {
  return {
    ...s,
    actions: [
      {
        kind: 'ResizePod',
        at: 5000,
        target: 'default/web',
        containers: [
          {
            name: 'app',
            resources: {
              requests: { cpu: '2', memory: '2Gi' },
              limits: { cpu: '2', memory: '2Gi' },
            },
          },
        ],
      },
    ],
  };
}

function runOf(s: Scenario) {
  const run = simulate(s);
  const d = run.stateAt(run.trace.steps.t.length).domain;
  const status = d.status[Object.keys(d.status)[0]!]!;
  const log = logsAt(run.trace.logs, run.trace.steps.t.length, 4).map(formatKlog);
  return { run, status, log, events: run.trace.events };
}

const pending = (s: ReturnType<typeof runOf>['status']) =>
  s.conditions.find((c) => c.type === 'PodResizePending');

describe('ResizePod: a Guaranteed pod under the static CPU manager', () => {
  it('1.33: canResizePod refuses it, PodResizePending Infeasible with 1.33’s wording, at V(3)', () => {
    const r = runOf(on('1.33'));
    expect(pending(r.status)).toMatchObject({
      status: 'True',
      reason: 'Infeasible',
      message: OLD,
    });
    expect(r.log.filter((l) => l.includes(`kubelet.go:2887] "${OLD}"`))).toHaveLength(1);
    // No resize Events before 1.35.
    expect(r.events.some((e) => e.reason.startsWith('Resize'))).toBe(false);
  });

  it('1.34: the allocation manager’s wording; still no Event', () => {
    const r = runOf(on('1.34'));
    expect(pending(r.status)).toMatchObject({ reason: 'Infeasible', message: NEW });
    expect(r.log.some((l) => l.includes('allocation_manager.go:722]'))).toBe(true);
    expect(r.events.some((e) => e.reason.startsWith('Resize'))).toBe(false);
  });

  it('1.35 and 1.37: a ResizeInfeasible Warning Event with the spec’s resources', () => {
    for (const v of ['1.35', '1.37'] as const) {
      const r = runOf(on(v));
      const ev = r.events.filter((e) => e.reason === 'ResizeInfeasible');
      expect(ev).toHaveLength(1);
      expect(ev[0]).toMatchObject({ type: 'Warning', object: 'default/web' });
      expect(ev[0]!.message).toBe(
        `Pod resize Infeasible: {"containers":[{"name":"app","resources":{"limits":{"cpu":"3","memory":"1Gi"},"requests":{"cpu":"3","memory":"1Gi"}}}],"generation":2,"error":${JSON.stringify(NEW)}}`,
      );
      expect(pending(r.status)?.observedGeneration).toBe(2);
    }
  });

  it('the container keeps its allocation: allocatedResources still asks for 2 CPUs', () => {
    const r = runOf(on('1.37'));
    expect(r.status.containerStatuses[0]!.allocatedResources).toEqual({ cpu: '2', memory: '1Gi' });
  });

  it('a memory-only resize: Infeasible on 1.33 (any resize), not refused from 1.34 (CPU unchanged)', () => {
    const r33 = runOf(memoryOnly(on('1.33')));
    expect(pending(r33.status)).toMatchObject({ reason: 'Infeasible', message: OLD });
    for (const v of ['1.34', '1.37'] as const) {
      const r = runOf(memoryOnly(on(v)));
      expect(pending(r.status)).toBeUndefined();
      expect(r.log.some((l) => l.includes('Resize is infeasible'))).toBe(false);
    }
  });

  it('under the none policy the resize is not refused', () => {
    const s = on('1.37');
    const none = {
      ...s,
      node: { ...s.node, kubelet: { ...s.node.kubelet, cpuManagerPolicy: 'none' as const } },
    };
    const r = runOf(none);
    expect(pending(r.status)).toBeUndefined();
    expect(r.events.some((e) => e.reason === 'ResizeInfeasible')).toBe(false);
  });

  it('1.32 (alpha, off): the kubelet does not answer, and a note says why', () => {
    const r = runOf(on('1.32'));
    expect(pending(r.status)).toBeUndefined();
    expect(versionNotes(on('1.32')).join('\n')).toMatch(
      /ResizePod: kubelet 1\.32's in-place resize \(InPlacePodVerticalScaling alpha, off by default/,
    );
  });
});

describe('ResizePod in a scenario file', () => {
  const text = readFileSync('presets/resize-guaranteed-static.yaml', 'utf8');

  it('names a container of the pod', () => {
    const p = parseScenario(
      text.replace(
        /- name: app\n(\s+)resources:\n(\s+)requests: \{ cpu: '3'/,
        "- name: nope\n$1resources:\n$2requests: { cpu: '3'",
      ),
    );
    expect(p.ok).toBe(false);
    if (!p.ok)
      expect(p.problems.map((x) => `${x.path}: ${x.message}`)).toContain(
        'actions[0].containers[0].name: pod default/web has no container "nope"',
      );
  });

  it('targets a pod, not a container', () => {
    const p = parseScenario(text.replace('target: default/web', 'target: default/web/app'));
    expect(p.ok).toBe(false);
    if (!p.ok)
      expect(p.problems.map((x) => x.message)).toContain(
        'ResizePod targets a pod: "<namespace>/<pod>"',
      );
  });
});
