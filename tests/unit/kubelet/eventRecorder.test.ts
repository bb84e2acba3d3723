/**
 * Row 11 (events): the kubelet's broadcaster logs each event at V(3) (client-go
 * tools/record/event.go StartStructuredLogging, "Event occurred"); the scheduler's binding
 * event "Scheduled" (pkg/scheduler/schedule_one.go) heads describe's Events, From
 * default-scheduler, and is absent for a pod that names its node.
 */
import { describe, expect, it } from 'vitest';
import { describePod, formatKlog, logsAt } from '../../../src/sim/index';
import { pod, runPreset, runText, scenario } from './helpers';

describe('"Event occurred" per recorded event', () => {
  const run = runPreset('hello-pod');
  const end = run.trace.steps.t.length;
  const lines = logsAt(run.trace.logs, end, 3).map(formatKlog);
  const occurred = lines.filter((l) => l.includes('"Event occurred"'));

  it('one V(3) line for each kubelet event, with the object reference and message', () => {
    const kubeletEvents = run.trace.events.filter((e) => e.source === 'kubelet');
    expect(occurred).toHaveLength(kubeletEvents.length);
    expect(occurred[0]).toMatch(
      /event\.go:\d+\] "Event occurred" object="default\/web" fieldPath="spec.containers\{app\}" kind="Pod" apiVersion="v1" type="Normal" reason="Pulled" message="Container image \\"nginx:1.27\\" already present on machine and can be accessed by the pod"$/,
    );
  });

  it('is not printed at V(2)', () => {
    const v2 = logsAt(run.trace.logs, end, 2).map(formatKlog);
    expect(v2.some((l) => l.includes('"Event occurred"'))).toBe(false);
  });
});

describe("the scheduler's Scheduled event", () => {
  it("heads describe's Events, From default-scheduler", () => {
    const run = runPreset('hello-pod');
    const text = describePod(run, 'default/web', run.trace.steps.t.length);
    const events = text.slice(text.indexOf('Events:')).split('\n');
    expect(events[3]).toMatch(
      /^\s+Normal\s+Scheduled\s+\S+\s+default-scheduler\s+Successfully assigned default\/web to node-1$/,
    );
  });

  it('is absent for a pod with spec.nodeName (never scheduled)', () => {
    const run = runText(
      scenario({
        pods: pod('web', 'nodeName: node-1\ncontainers:\n  - { name: app, image: nginx:1.27 }'),
      }),
    );
    expect(run.trace.events.some((e) => e.reason === 'Scheduled')).toBe(false);
    expect(run.trace.events.some((e) => e.reason === 'Started')).toBe(true);
  });
});
