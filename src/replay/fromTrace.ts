/**
 * The model's own run as replay records, through the same readers a real input goes through:
 * its klog lines, its Events, containerd's side of the run (views/containerdLog), and at the end
 * of the run each pod as `kubectl describe pod` and `kubectl get pods` print it. Both sides of a
 * comparison then share one vocabulary, and each model record keeps the step that printed it.
 */
import { describePod, formatKlog, podsAt, type SimulationRun } from '../sim';
import { logsAt } from '../sim/views/klog';
import type { LogLine } from '../sim/trace/types';
import { containerdLog, formatContainerdLine } from '../sim/views/containerdLog';
import { checkpointJSON } from '../sim/policies/cpumanager/checkpoint';
import { deviceCheckpointJSON } from '../sim/policies/devicemanager/checkpoint';
import { memoryCheckpointJSON } from '../sim/policies/memorymanager/checkpoint';
import { Collector } from './collector';
import { readDocuments } from './documents';
import { DescribePodReader } from './describePod';
import { klogFields } from './fields';
import { recognise } from './messages';
import { recognisePrintf } from './printf';
import { containerOfFieldPath } from './podRef';
import { parseRuntimeLine, recogniseRuntime, RuntimeIds } from './runtimeLog';
import type { ReplayEvent, ReplayResult } from './types';

/** The lowest `-v` at which the kubelet prints each of a run's records from its log lines. */
export const modelVerbosity = new WeakMap<ReplayEvent, number>();

export function replayOfRun(run: SimulationRun): ReplayResult {
  const c = new Collector();
  const { logs, events } = run.trace;
  // Each line's verbosity, as `--format log --v N` shows it (the view's own filter).
  const lineV = new Map<LogLine, number>();
  for (let v = 10; v >= 0; v--) for (const l of logsAt(logs, Infinity, v)) lineV.set(l, v);
  const tagged: { from: number; to: number; v: number }[] = [];
  type Item = { t: number; order: number; add: () => void };
  const items: Item[] = [];
  let order = 0;
  for (const l of logs) {
    // The Event itself is read from the events below (the kubelet logs each one at V3).
    if (l.msg === 'Event occurred') continue;
    items.push({
      t: l.t,
      order: order++,
      add: () => {
        const file = l.source.replace(/:\d+$/, '');
        // A printf-era line (its text written out) is read as the log reader reads one.
        const hit =
          l.text !== undefined
            ? recognisePrintf(l.text)
            : recognise(file, l.msg, klogFields(new Map(l.kv)), (u) => c.uidPod.get(u));
        if (!hit) return;
        const from = c.events.length;
        c.add(l.t * 1000, 0, formatKlog(l), hit, l.step);
        const v = lineV.get(l);
        if (v !== undefined) tagged.push({ from, to: c.events.length, v });
      },
    });
  }
  for (const e of events)
    items.push({
      t: e.t,
      order: order++,
      add: () => {
        const fp = containerOfFieldPath(e.fieldPath ?? undefined);
        c.add(
          e.t * 1000,
          0,
          `${e.type} ${e.reason} ${e.message}`,
          {
            what: `Event${e.reason}`,
            pods: [e.object],
            container: fp?.name,
            init: fp?.init,
            data: { reason: e.reason, type: e.type, message: e.message, source: e.source },
          },
          e.step,
        );
      },
    });
  const ids = new RuntimeIds();
  for (const l of containerdLog(run)) {
    const text = formatContainerdLine(l);
    const parsed = parseRuntimeLine(text, 'containerd');
    if (!parsed) continue;
    items.push({
      t: l.t,
      order: order++,
      add: () => {
        const hit = recogniseRuntime(parsed, ids);
        if (hit) c.add(l.t * 1000, 0, text, hit, l.step);
      },
    });
  }
  // Merge in time order (then logs before Events before the runtime at one instant).
  items.sort((a, b) => a.t - b.t || a.order - b.order);
  for (const it of items) it.add();
  snapshot(run, c);
  const r = c.result();
  for (const t of tagged)
    for (let i = t.from; i < t.to; i++) {
      const e = r.events[i];
      if (e) modelVerbosity.set(e, t.v);
    }
  return r;
}

/** Each pod at the end of the run as kubectl describe (its fields) and get pods show it. */
function snapshot(run: SimulationRun, c: Collector): void {
  const step = run.trace.steps.t.length;
  const us = run.trace.endT * 1000;
  for (const row of podsAt(run, step)) {
    c.add(
      us,
      0,
      `${row.name}  ${row.ready}  ${row.status}  ${row.restarts}`,
      {
        what: 'PodRow',
        pods: [row.key],
        data: {
          ready: row.ready,
          status: row.status,
          restarts: Number(row.restarts.split(' ')[0]),
        },
      },
      step,
    );
    // The describe's fields through the describe reader; its Events are the run's own, above.
    const fields = new Collector();
    const reader = new DescribePodReader(fields);
    const text = describePod(run, row.key, step);
    let n = 0;
    for (const line of text.split('\n')) {
      if (/^Events:/.test(line)) break;
      reader.push(line, ++n);
    }
    reader.flush();
    for (const e of fields.events)
      if (!e.what.startsWith('Event') && e.what !== 'ContainerStarted')
        c.add(
          us,
          0,
          e.text.trim(),
          {
            what: e.what,
            pods: [row.key],
            container: e.container,
            data: e.data ? { ...e.data } : undefined,
          },
          step,
        );
  }
  // The managers' state files as the kubelet leaves them at the end (the checkpoints a user
  // would cat), read as the input's are.
  const d = run.stateAt(step).domain;
  const rm = run.config.generations[d.gen]?.resourceManagers;
  const files = d.cpu
    ? [
        checkpointJSON(d.cpu.state),
        rm ? deviceCheckpointJSON(rm.devices, d.cpu.devices) : null,
        d.cpu.memory
          ? memoryCheckpointJSON(
              d.cpu.memory.policyName,
              d.cpu.memory.machineState,
              d.cpu.memory.assignments,
            )
          : null,
      ]
    : [];
  for (const json of files) {
    if (json === null) continue;
    const sub = new Collector();
    readDocuments(json, sub);
    for (const e of sub.events)
      c.add(
        us,
        0,
        e.text.trim(),
        {
          what: e.what,
          pods: [],
          container: e.container,
          data: e.data ? { ...e.data } : undefined,
        },
        step,
      );
  }
}
