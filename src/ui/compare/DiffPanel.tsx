/**
 * What differs between the two runs, per container (and per pod for the pod's own
 * Events): first start in A and B and B − A, the cpuset each got when it started, and
 * the Events found in only one run (matched on type, reason, object and message).
 */
import { SlashBreaks } from '../panels/SlashBreaks';
import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import {
  diffRuns,
  type ContainerDiff,
  type CpusetAt,
  type DiffEvent,
} from '../../state/compareDiff';
import { useApp } from '../app/storeContext';
import { WhatChanged } from './WhatChanged';

/** Simulated time to the millisecond ("3.28 s"): start times differ by a few ms. */
function clock(ms: number): string {
  return `${(ms / 1000).toFixed(3).replace(/\.?0+$/, '')} s`;
}

function signed(ms: number): string {
  if (ms === 0) return 'same';
  const s = ms / 1000;
  return `${ms > 0 ? '+' : '−'}${
    Math.abs(s) < 10
      ? Math.abs(s)
          .toFixed(3)
          .replace(/\.?0+$/, '')
      : Math.abs(s).toFixed(1)
  } s`;
}

function cpuset(c: CpusetAt | null): string {
  if (!c) return '—';
  return c.exclusive ? `${c.cpus} (exclusive)` : `${c.cpus} (shared pool)`;
}

function Events({ list }: { readonly list: readonly DiffEvent[] }) {
  if (list.length === 0) return <span className="muted">none</span>;
  return (
    <ul className="diff-events">
      {list.map((e, i) => (
        <li key={i} className={e.type === 'Warning' ? 'is-warning' : undefined}>
          <span className="diff-reason">{e.reason}</span> {e.message}
          {e.count > 1 ? ` (×${e.count})` : ''}
        </li>
      ))}
    </ul>
  );
}

function differs(d: ContainerDiff): boolean {
  return (
    d.onlyA.length > 0 ||
    d.onlyB.length > 0 ||
    d.startA !== d.startB ||
    d.cpusetA?.cpus !== d.cpusetB?.cpus ||
    d.cpusetA?.exclusive !== d.cpusetB?.exclusive
  );
}

export function DiffPanel() {
  const { runA, runB } = useApp(useShallow((s) => ({ runA: s.run, runB: s.compare?.run })));
  const rows = useMemo(() => (runA && runB ? diffRuns(runA, runB) : []), [runA, runB]);
  // A pod's row is there for its own Events; without any, it says nothing.
  const shown = rows.filter((r) => !r.isPod || r.onlyA.length > 0 || r.onlyB.length > 0);
  const same = shown.filter((r) => !differs(r)).length;
  return (
    <section className="panel diff-panel" aria-label="Differences">
      <div className="panel-head">
        <h2 className="panel-title">Differences</h2>
        <span className="muted diff-summary">
          whole runs · {shown.length - same} of {shown.length} differ
        </span>
      </div>
      {runA && runB && <WhatChanged runA={runA} runB={runB} />}
      <div className="diff-body" tabIndex={0} role="group" aria-label="Differences table">
        <table className="diff-table" role="table">
          <thead role="rowgroup">
            <tr role="row">
              <th scope="col" role="columnheader">
                Container
              </th>
              <th scope="col" role="columnheader">
                Start A
              </th>
              <th scope="col" role="columnheader">
                Start B
              </th>
              <th scope="col" role="columnheader">
                B − A
              </th>
              <th scope="col" role="columnheader">
                cpuset A
              </th>
              <th scope="col" role="columnheader">
                cpuset B
              </th>
              <th scope="col" role="columnheader">
                Events only in A
              </th>
              <th scope="col" role="columnheader">
                Events only in B
              </th>
            </tr>
          </thead>
          <tbody role="rowgroup">
            {shown.map((d) => (
              <tr key={d.key} role="row" className={differs(d) ? 'is-different' : undefined}>
                <th scope="row" role="rowheader">
                  <SlashBreaks text={d.key} />
                  {d.isPod ? ' (pod)' : ''}
                </th>
                <td role="cell" data-label="Start A">
                  {d.isPod ? '—' : d.startA === null ? 'not started' : clock(d.startA)}
                </td>
                <td role="cell" data-label="Start B">
                  {d.isPod ? '—' : d.startB === null ? 'not started' : clock(d.startB)}
                </td>
                <td role="cell" data-label="B − A" className={d.delta ? 'is-changed' : undefined}>
                  {d.delta === null ? '—' : signed(d.delta)}
                </td>
                <td role="cell" data-label="cpuset A">
                  {cpuset(d.cpusetA)}
                </td>
                <td
                  role="cell"
                  data-label="cpuset B"
                  className={d.cpusetA?.cpus !== d.cpusetB?.cpus ? 'is-changed' : undefined}
                >
                  {cpuset(d.cpusetB)}
                </td>
                <td role="cell" data-label="Events only in A">
                  <Events list={d.onlyA} />
                </td>
                <td role="cell" data-label="Events only in B">
                  <Events list={d.onlyB} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
