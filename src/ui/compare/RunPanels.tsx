/**
 * Compare's panels (Pods, Events, Kubelet log, Inspector, Machines) for one run at a time:
 * the run last selected in or clicked into, or the one picked in the switch. The panels are
 * the single-run ones unchanged, reading their run through the store context (B's lens), so
 * their region names ("Events", "Inspector"…) stay what they are without Compare.
 */
import { useId } from 'react';
import { StoreContext, useAppStore } from '../app/storeContext';
import { EventsPanel } from '../panels/EventsPanel';
import { InspectorPanel } from '../panels/InspectorPanel';
import { LogPanel } from '../panels/LogPanel';
import { MachinesPanel } from '../panels/MachinesPanel';
import { PodsPanel } from '../panels/PodsPanel';
import type { RunId } from '../../state/types';
import { storeForRun } from './runStores';

interface Props {
  readonly run: RunId;
  readonly onRun: (run: RunId) => void;
  readonly phone: boolean;
}

const RUNS: readonly RunId[] = ['A', 'B'];

export function RunPanels({ run, onRun, phone }: Props) {
  const base = useAppStore();
  const titleId = useId();
  const name = useId();
  const panels = phone ? (
    <>
      <PodsPanel />
      <EventsPanel />
      <InspectorPanel />
      <LogPanel />
      <MachinesPanel />
    </>
  ) : (
    <>
      <div className="ws-col">
        <PodsPanel />
        <EventsPanel />
      </div>
      <div className="ws-col">
        <LogPanel />
      </div>
      <div className="ws-col ws-col-inspect">
        <InspectorPanel />
        <MachinesPanel />
      </div>
    </>
  );
  return (
    <div
      className={`compare-panels compare-run-${run.toLowerCase()}`}
      role="group"
      aria-labelledby={titleId}
    >
      <div className="compare-panels-head">
        <h2 id={titleId} className="compare-run-title">
          <span className="compare-run-badge" aria-hidden="true">
            {run}
          </span>
          Run {run}: pods, events, log, inspector and machines
        </h2>
        <div className="compare-panels-switch" role="radiogroup" aria-label="Panels show">
          {RUNS.map((id) => (
            <label key={id}>
              <input
                type="radio"
                name={name}
                value={id}
                checked={run === id}
                onChange={() => onRun(id)}
              />
              Run {id}
            </label>
          ))}
        </div>
        <span className="muted compare-panels-hint">
          follows the run you last selected or clicked in
        </span>
      </div>
      <StoreContext.Provider value={storeForRun(base, run)}>
        <div className="compare-panels-body">{panels}</div>
      </StoreContext.Provider>
    </div>
  );
}
