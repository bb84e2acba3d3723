/**
 * Scenario, node topology, CPU manager and topology manager policy, always in reach.
 * Each change re-runs the simulation at once; the playhead keeps its simulated time.
 */
import { useEffect, useId, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import {
  CPU_MANAGER_POLICIES,
  describeOwnTopology,
  TOPOLOGY_MANAGER_POLICIES,
  topologyPresetOf,
  withCpuManagerPolicy,
  withTopology,
  withKubeletVersion,
  withTopologyManagerPolicy,
  withTopologyPreset,
} from '../../state/scenarioEdits';
import {
  CURRENT_KUBELET_VERSION,
  KUBELET_VERSION_GROUPS,
  KUBELET_VERSION_LABELS,
  KUBELET_VERSIONS,
  NO_CPU_MANAGER_REASON,
  NO_CPU_MANAGER_NOTE,
} from '../../sim';
import { useApp, useAppStore } from '../app/storeContext';
import type { Scenario } from '../../state/types';

export interface CatalogEntry {
  readonly id: string;
  readonly label: string;
}

interface Props {
  readonly presets: readonly CatalogEntry[];
  readonly topologies: readonly CatalogEntry[];
  /**
   * Compare splits the controls: the header keeps the Scenario picker ('scenario'), each
   * run's region has the node and kubelet settings of its own run ('run'). Both by default.
   * The other part is hidden (out of sight and of the accessibility tree).
   */
  readonly part?: 'scenario' | 'run';
  /** The group's accessible name (each run's region names its own). */
  readonly label?: string;
}

const OWN = '__scenario__';

/**
 * What a control shows before the first run has landed (the engine runs in a worker): a
 * neutral placeholder, never a default that the scenario may not have.
 */
function Pending() {
  // A first scenario that could not run leaves nothing to load: a dash, not "Loading…".
  const failed = useApp((s) => s.runError !== null);
  return <option value="">{failed ? '—' : 'Loading…'}</option>;
}

/** The bundled preset's scenario (for its own topology), once loaded; null for a custom one. */
function usePresetTopology(presetId: string): Scenario | null {
  const store = useAppStore();
  const [got, setGot] = useState<{ id: string; scenario: Scenario } | null>(null);
  useEffect(() => {
    if (presetId === '' || got?.id === presetId) return;
    let live = true;
    // A custom scenario names no bundled preset: nothing to offer back (and nothing thrown).
    void Promise.resolve()
      .then(() => store.getState().presetScenario(presetId))
      .then(
        (r) => {
          if (live && r.ok) setGot({ id: presetId, scenario: r.scenario });
        },
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [store, presetId, got?.id]);
  return got?.id === presetId ? got.scenario : null;
}

export function QuickControls({
  presets,
  topologies,
  part,
  label = 'Scenario and node settings',
}: Props) {
  const store = useAppStore();
  // Two runs may both say why kubelet 1.3 has no CPU manager: one id each.
  const noteId = `no-cpu-manager${useId().replace(/:/g, '')}`;
  const runHidden = part === 'scenario';
  const { scenario, presetId } = useApp(
    useShallow((s) => ({ scenario: s.scenario, presetId: s.presetId })),
  );
  const kubelet = scenario?.node.kubelet;
  const topoPreset = scenario ? topologyPresetOf(scenario) : null;
  // The preset's own machine, so it stays in the list after another one is picked.
  const presetTopology = usePresetTopology(presetId);
  const ownBack =
    scenario && topoPreset !== null && presetTopology && topologyPresetOf(presetTopology) === null
      ? presetTopology
      : null;
  const edit = store.getState().editScenario;
  const version = scenario?.node.kubeletVersion ?? CURRENT_KUBELET_VERSION;
  // Kubelet 1.3 had no CPU or topology manager: the controls stay visible, disabled, saying why.
  const noCpuManager = version === '1.3';
  return (
    <div className="quick-controls" role="group" aria-label={label}>
      <label className="field field-long" hidden={part === 'run'}>
        <span className="field-label">Scenario</span>
        <select
          aria-label="Scenario"
          title={presets.find((p) => p.id === presetId)?.label ?? 'Custom'}
          value={presetId}
          onChange={(e) => store.getState().loadPreset(e.currentTarget.value)}
        >
          {/* Nothing on screen yet: the presets are listed (one may be picked at once), none
              shown as the one on screen. */}
          {presetId === '' && <Pending />}
          {presets.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
          {presetId !== '' && !presets.some((p) => p.id === presetId) && (
            <option value={presetId}>Custom</option>
          )}
        </select>
      </label>
      <label className="field field-long" hidden={runHidden}>
        <span className="field-label">Node</span>
        <select
          aria-label="Node topology"
          title={
            topoPreset === null
              ? scenario
                ? `Scenario's: ${describeOwnTopology(scenario)}`
                : undefined
              : topologies.find((t) => t.id === topoPreset)?.label
          }
          value={scenario ? (topoPreset ?? OWN) : ''}
          disabled={!scenario}
          onChange={(e) => {
            const v = e.currentTarget.value;
            if (v === OWN) {
              if (ownBack) edit((s) => withTopology(s, ownBack.node.topology));
            } else edit((s) => withTopologyPreset(s, v));
          }}
        >
          {!scenario && <Pending />}
          {topoPreset === null && scenario && (
            <option value={OWN}>Scenario's: {describeOwnTopology(scenario)}</option>
          )}
          {ownBack && <option value={OWN}>Scenario's: {describeOwnTopology(ownBack)}</option>}
          {scenario &&
            topologies.map((t) => (
              <option key={t.id} value={t.id}>
                {t.label}
              </option>
            ))}
        </select>
      </label>
      <label className="field" hidden={runHidden}>
        <span className="field-label">Kubelet</span>
        <select
          aria-label="Kubelet version"
          value={scenario ? version : ''}
          disabled={!scenario}
          onChange={(e) => {
            const v = KUBELET_VERSIONS.find((k) => k === e.currentTarget.value);
            if (!v || !store.getState().scenario) return;
            // The changelog's checks load when a version is first picked (not with the page).
            void import('../../sim/scenario/versionCheck').then(
              ({ versionProblems }) => {
                const st = store.getState();
                if (!st.scenario) return;
                // A scenario using what that kubelet did not have stays on screen; the notice says why.
                const refused = versionProblems(withKubeletVersion(st.scenario, v));
                if (refused.length > 0) {
                  st.setNotice({
                    tone: 'error',
                    text: `This scenario cannot run on kubelet ${v}: ${refused.map((p) => `${p.path}: ${p.message}`).join('; ')}`,
                  });
                  return;
                }
                edit((s) => withKubeletVersion(s, v));
              },
              (err: unknown) =>
                store.getState().setNotice({
                  tone: 'error',
                  text: `Kubelet ${v} was not picked: its version checks could not be loaded (${err instanceof Error ? err.message : String(err)}). Try again.`,
                }),
            );
          }}
        >
          {!scenario && <Pending />}
          {scenario &&
            KUBELET_VERSION_GROUPS.map((g) => (
              <optgroup key={g.label} label={g.label}>
                {g.versions.map((k) => (
                  <option key={k} value={k}>
                    {KUBELET_VERSION_LABELS[k]}
                  </option>
                ))}
              </optgroup>
            ))}
        </select>
      </label>
      <label className="field" hidden={runHidden}>
        <span className="field-label">CPU manager</span>
        <select
          aria-label="CPU manager policy"
          aria-describedby={noCpuManager ? noteId : undefined}
          title={noCpuManager ? NO_CPU_MANAGER_REASON : undefined}
          value={!kubelet ? '' : noCpuManager ? 'none' : kubelet.cpuManagerPolicy}
          disabled={!scenario || noCpuManager}
          onChange={(e) => {
            const v = CPU_MANAGER_POLICIES.find((p) => p === e.currentTarget.value);
            if (v) edit((s) => withCpuManagerPolicy(s, v));
          }}
        >
          {!kubelet && <Pending />}
          {kubelet &&
            CPU_MANAGER_POLICIES.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
        </select>
      </label>
      <label className="field" hidden={runHidden}>
        <span className="field-label">Topology manager</span>
        <select
          aria-label="Topology manager policy"
          aria-describedby={noCpuManager ? noteId : undefined}
          title={noCpuManager ? NO_CPU_MANAGER_REASON : undefined}
          value={!kubelet ? '' : noCpuManager ? 'none' : kubelet.topologyManagerPolicy}
          disabled={!scenario || noCpuManager}
          onChange={(e) => {
            const v = TOPOLOGY_MANAGER_POLICIES.find((p) => p === e.currentTarget.value);
            if (v) edit((s) => withTopologyManagerPolicy(s, v));
          }}
        >
          {!kubelet && <Pending />}
          {kubelet &&
            TOPOLOGY_MANAGER_POLICIES.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
        </select>
      </label>
      {noCpuManager && !runHidden && (
        <p id={noteId} className="field-note" role="note" title={NO_CPU_MANAGER_REASON}>
          {NO_CPU_MANAGER_NOTE}
        </p>
      )}
    </div>
  );
}
