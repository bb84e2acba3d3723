/**
 * Every engine view: the trace views and the cursor views (kubeletViews.ts) and the
 * inspector, which explains a span, a container (its spec as YAML, its cgroup values, why it
 * is or is not pinned), a pod (kubectl describe) or a CPU at the cursor. Its own module so
 * the engine worker fetches the inspector's code (and the YAML printer) when first asked.
 */
import { describePod, explainAdmission, formatKlog, type SimulationRun } from '../sim';
import { formatClock, formatDuration } from '../viz/formatTime';
import { SPAN_KINDS, SPAN_KIND_LABEL } from '../viz/timeline/spanKinds';
import { cpuStateAt, describeCpuState, poolAt } from '../viz/topology/cpuHistory';
import { lowerBound } from '../viz/timeline/windowQuery';
import { containerInspector } from './inspectContainer';
import { whyEntityHeld } from './whyHeld';
import type { RunView, Selection } from './types';
import type { EngineViews, InspectorData, InspectorSection } from './viewTypes';
import { cursorViews, logSteps, raw, traceViews } from './kubeletViews';

function stepLogs(r: SimulationRun, step: number, maxV = 4): string[] {
  const logs = r.trace.logs;
  const out: string[] = [];
  let i = lowerBound(logSteps(r), step);
  for (; i < logs.length && logs.step[i] === step; i++)
    if (logs.vAt(i) <= maxV) out.push(formatKlog(logs.at(i)!));
  return out;
}

function spanInspector(
  run: RunView,
  cursor: number,
  sel: Extract<Selection, { kind: 'span' }>,
): InspectorData | null {
  const lane = run.lanes.lanes[sel.span.lane];
  if (!lane) return null;
  const i = sel.span.index;
  const r = raw(run);
  const { steps, strings, entities } = r.trace;
  const s = lane.start[i] ?? 0;
  const e = lane.end[i] ?? s;
  const step = lane.step[i] ?? -1;
  const endStep = lane.endStep[i] ?? -1;
  const kind = SPAN_KINDS[lane.kind[i] ?? 0] ?? 'sync';
  const label = (run.lanes.titles ?? run.lanes.labels)[lane.label_[i] ?? 0] ?? '';
  const ent = step >= 0 ? entities[steps.entity[step]!] : undefined;
  const rows: [string, string][] = [
    ['lane', `${lane.group} › ${lane.label}`],
    ['kind', SPAN_KIND_LABEL[kind]],
    ['start', `${formatClock(s)} (step ${step + 1})`],
  ];
  if (!lane.instants)
    rows.push([
      'duration',
      endStep < 0 && e >= run.endT
        ? `${formatDuration(e - s)}, still at the end`
        : formatDuration(e - s),
    ]);
  if (ent) {
    rows.push(['machine', `${ent.id} (${ent.kind})`]);
    rows.push(['state', strings[steps.to[step]!] ?? '']);
    rows.push(['entered on', strings[steps.event[step]!] ?? '']);
  }
  if (endStep >= 0 && !lane.instants)
    rows.push([
      'left on',
      `${strings[steps.event[endStep]!] ?? ''} at ${formatClock(steps.t[endStep] ?? e)}`,
    ]);
  const sections: InspectorSection[] = [{ heading: 'Span', rows }];
  if (step >= 0) {
    const evs = r.trace.events.filter((x) => x.step === step);
    if (evs.length)
      sections.push({
        heading: 'Events at this step',
        code: evs.map((x) => `${x.type}  ${x.reason}  ${x.message}`).join('\n'),
      });
    const logs = stepLogs(r, step);
    if (logs.length) sections.push({ heading: 'klog at this step', code: logs.join('\n') });
  }
  // A pod-level machine's span (SyncPod, pod worker): what held it, at the cursor inside the
  // span, else just after the step that began it.
  if (!lane.container && ent && step >= 0) {
    const last = endStep >= 0 ? endStep : run.total;
    const holdAt = cursor > step && cursor <= last ? cursor : step + 1;
    const held = whyEntityHeld(r, ent.id, holdAt);
    if (held.length > 0)
      sections.splice(1, 0, {
        heading:
          holdAt === cursor
            ? 'What holds it'
            : `What holds it (at ${formatClock(run.times[holdAt - 1] ?? 0)})`,
        notes: held,
      });
  }
  const base: InspectorData = { title: label, subtitle: `${lane.group} · ${lane.label}`, sections };
  if (lane.container) {
    // What held the container during this span: at the cursor when it lies inside the span,
    // else just after the step that began it.
    const last = endStep >= 0 ? endStep : run.total;
    const holdAt = cursor > step && cursor <= last ? cursor : step + 1;
    const c = containerInspector(run, cursor, lane.container, holdAt);
    if (c) {
      // The span, then what held it, then the rest.
      const hold = c.sections.filter((x) => x.heading.startsWith('What holds it'));
      const rest = c.sections.filter((x) => !hold.includes(x));
      const [span, ...more] = base.sections;
      return { ...base, sections: [span!, ...hold, ...more, ...rest] };
    }
  }
  return base;
}

function cpuInspector(run: RunView, cursor: number, cpu: number): InspectorData {
  const info = run.topology.cpus.find((c) => c.id === cpu);
  const st = cpuStateAt(run.cpus, cpu, cursor);
  const siblings = info
    ? run.topology.cpus
        .filter((c) => c.socket === info.socket && c.core === info.core)
        .map((c) => c.id)
    : [];
  const what = describeCpuState(cpu, st).replace(/^CPU \d+: /, '');
  const runs =
    st.kind === 'exclusive'
      ? (st.owner ?? '?')
      : st.kind === 'shared' || st.kind === 'reserved'
        ? poolAt(run.cpus, cursor).join(', ') || 'nothing'
        : 'nothing';
  return {
    title: `CPU ${cpu}`,
    subtitle: what,
    sections: [
      {
        heading: 'Place',
        rows: info
          ? [
              ['socket', String(info.socket)],
              ['NUMA node', String(info.numa)],
              ['L3 group', String(info.l3 ?? '—')],
              ['core', String(info.core)],
              ['SMT siblings', siblings.join(', ')],
            ]
          : [],
      },
      {
        heading: 'At the cursor',
        rows: [
          ['state', what],
          ['runs here', runs],
          ['since', st.sinceStep < 0 ? 'the start' : formatClock(st.since)],
        ],
      },
    ],
  };
}

function podInspector(run: RunView, cursor: number, pod: string): InspectorData {
  const r = raw(run);
  const uid = Object.values(r.config.pods).find((p) => p.key === pod)?.uid;
  // The topology manager's admission of the pod: its providers' hints and the merge, first
  // when it refused the pod (the question a refused pod raises).
  const admission = r.trace.records.find(
    (x): x is Extract<typeof x, { kind: 'topologyAdmission' }> =>
      x.kind === 'topologyAdmission' && x.data.uid === uid && x.step < cursor,
  );
  const why = admission
    ? [
        {
          heading: admission.data.admit
            ? 'Topology manager at admission'
            : `Why it was refused (${admission.data.reason ?? 'admission'})`,
          notes: explainAdmission(admission.data),
        },
      ]
    : [];
  const describe = { heading: 'kubectl describe', code: describePod(r, pod, cursor) };
  return {
    title: pod,
    subtitle: 'kubectl describe pod, at the cursor',
    sections: admission?.data.admit === false ? [...why, describe] : [describe, ...why],
  };
}

export const kubeletViews: EngineViews = {
  ...traceViews,
  ...cursorViews,
  inspect(run, cursor, sel) {
    switch (sel.kind) {
      case 'span':
        return spanInspector(run, cursor, sel);
      case 'container':
        return containerInspector(run, cursor, sel.container);
      case 'pod':
        return podInspector(run, cursor, sel.pod);
      case 'cpu':
        return cpuInspector(run, cursor, sel.cpu);
    }
  },
};
