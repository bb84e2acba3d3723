/**
 * The scenario as YAML. What the user types is parsed a moment after they stop;
 * a valid scenario re-runs at once, an invalid one shows its problems at their
 * lines and leaves the last valid run on screen. The text is the user's: an edit
 * made elsewhere (a form, a perturbation, undo) replaces it only while it is valid.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { formatProblem, parseScenario, type ScenarioProblem, toYaml } from '../../sim';
import { presetIdOf } from '../../state/permalinkSession';
import { addPod, POD_TEMPLATES } from '../../state/podTemplates';
import type { Scenario } from '../../state/types';
import { useApp, useAppStore } from '../app/storeContext';
import ScenarioEditor from './ScenarioEditor';

const PARSE_DELAY_MS = 350;

const same = (a: Scenario, b: Scenario) => JSON.stringify(a) === JSON.stringify(b);

interface Props {
  readonly onBroken: (broken: boolean) => void;
  /** A file's text to show (seq changes when another file is opened). */
  readonly fileText: { text: string; seq: number } | null;
}

export function YamlTab({ onBroken, fileText }: Props) {
  const store = useAppStore();
  const scenario = useApp((s) => s.scenario);
  const [text, setText] = useState(() => (scenario ? toYaml(scenario, { minimal: true }) : ''));
  const [problems, setProblems] = useState<ScenarioProblem[]>([]);
  const [stale, setStale] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  // The scenario the text describes, so an outside edit can be told from our own.
  const [mine, setMine] = useState<Scenario | null>(scenario);
  const [seenFile, setSeenFile] = useState(fileText);

  // An edit made elsewhere (adjusted during render): follow it, unless the user's
  // text has problems to keep.
  if (scenario && scenario !== mine) {
    setMine(scenario);
    if (problems.length) setStale(true);
    else setText(toYaml(scenario, { minimal: true }));
  }
  if (fileText !== seenFile) {
    setSeenFile(fileText);
    if (fileText) {
      setText(fileText.text);
      const r = parseScenario(fileText.text);
      setProblems(r.ok ? [] : r.problems);
    }
  }

  useEffect(() => onBroken(problems.length > 0), [problems, onBroken]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const apply = (next: string) => {
    const r = parseScenario(next);
    if (!r.ok) {
      setProblems(r.problems);
      return;
    }
    setProblems([]);
    setStale(false);
    const st = store.getState();
    if (st.scenario && same(st.scenario, r.scenario)) return;
    setMine(r.scenario);
    st.replaceScenario(r.scenario, presetIdOf(r.scenario));
    if (store.getState().scenario === r.scenario) st.setNotice(null);
  };

  const editorProblems = useMemo(
    () =>
      problems.map((p) => ({
        ...(p.line !== undefined ? { line: p.line } : {}),
        ...(p.column !== undefined ? { column: p.column } : {}),
        message: p.path ? `${p.path}: ${p.message}` : p.message,
      })),
    [problems],
  );

  return (
    <div className="yaml-tab">
      <div className="yaml-tools">
        <label className="field">
          <span className="field-label">Add pod</span>
          <select
            aria-label="Add pod"
            value=""
            disabled={!scenario}
            onChange={(e) => {
              const t = POD_TEMPLATES.find((x) => x.id === e.currentTarget.value);
              const st = store.getState();
              if (!t || !st.scenario) return;
              const r = addPod(st.scenario, t, st.timeMs);
              if (r.ok) st.replaceScenario(r.scenario);
              else
                st.setNotice({ tone: 'error', text: `The pod could not be added: ${r.message}` });
            }}
          >
            <option value="">from a template…</option>
            {POD_TEMPLATES.map((t) => (
              <option key={t.id} value={t.id}>
                {t.label}
              </option>
            ))}
          </select>
        </label>
        {(problems.length > 0 || stale) && (
          <button
            type="button"
            className="text-btn"
            disabled={!scenario}
            onClick={() => {
              if (!scenario) return;
              setProblems([]);
              setStale(false);
              setText(toYaml(scenario, { minimal: true }));
            }}
          >
            Discard my changes
          </button>
        )}
      </div>
      <ScenarioEditor
        text={text}
        problems={editorProblems}
        label="Scenario YAML"
        onChange={(next) => {
          setText(next);
          window.clearTimeout(timer.current);
          timer.current = window.setTimeout(() => apply(next), PARSE_DELAY_MS);
        }}
      />
      <div className="yaml-status" role="status" aria-live="polite">
        {problems.length > 0 ? (
          <ul className="problem-list" aria-label="Problems">
            {problems.slice(0, 20).map((p, i) => (
              <li key={i}>{formatProblem(p)}</li>
            ))}
          </ul>
        ) : stale ? (
          'The scenario was changed outside the editor; your text was kept.'
        ) : (
          'Valid. Changes re-run the simulation at once.'
        )}
      </div>
    </div>
  );
}
