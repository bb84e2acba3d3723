/**
 * The scenario as YAML. What the user types is parsed a moment after they stop;
 * a valid scenario re-runs at once, an invalid one shows its problems at their
 * lines and leaves the last valid run on screen. A scenario that parses but fails to
 * run keeps the text too, with the failure at its line.
 *
 * The text is the user's: an edit made elsewhere (a form, a perturbation, undo, another
 * preset) replaces it only while it is still the text the editor wrote itself; once the
 * user has typed, it is kept and a note offers to show the current scenario instead.
 * A pasted bare Pod is offered to be wrapped into a scenario.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { formatProblem, parseScenario, type ScenarioProblem, toYaml } from '../../sim';
import { barePodOf, wrapBarePod } from '../../state/barePod';
import { presetIdOf } from '../../state/permalinkLinks';
import { addPod, POD_TEMPLATES } from '../../state/podTemplates';
import { runErrorLine } from '../../state/runErrorLine';
import { after as afterRun } from '../../state/slices/scenarioSlice';
import type { Scenario } from '../../state/types';
import { useApp, useAppStore } from '../app/storeContext';
import ScenarioEditor from './ScenarioEditor';
import { clearDraft, loadDraft, saveDraft, type Draft } from './drafts';

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
  // The text the editor itself last wrote from the scenario: while the text is still
  // this, the user has not typed, and outside edits may replace it.
  const [written, setWritten] = useState(text);
  const [problems, setProblems] = useState<ScenarioProblem[]>([]);
  const [stale, setStale] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  // The scenario this tab has caught up with, and the one its own text produced.
  const [seen, setSeen] = useState<Scenario | null>(scenario);
  const [own, setOwn] = useState<Scenario | null>(null);
  const [seenFile, setSeenFile] = useState(fileText);
  // A draft kept from before (a reload, a closed tab) that is not the scenario on screen.
  const [offered, setOffered] = useState<Draft | null>(() => {
    const d = loadDraft();
    return d && d.text !== text ? d : null;
  });

  const showScenario = (s: Scenario) => {
    const yaml = toYaml(s, { minimal: true });
    setText(yaml);
    setWritten(yaml);
    setProblems([]);
    setStale(false);
  };

  // An edit made elsewhere (adjusted during render).
  if (scenario !== seen) {
    setSeen(scenario);
    if (scenario && scenario !== own) {
      if (text === written) showScenario(scenario);
      else setStale(true);
    }
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
  // The user's text that does not run is kept across reloads; text that runs (or the
  // scenario itself) needs no keeping. A draft still on offer is not overwritten.
  useEffect(() => {
    if (offered) return;
    if (problems.length > 0 && text !== written) saveDraft(text);
    else if (problems.length === 0 && text === written) clearDraft();
  }, [problems, text, written, offered]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const restoreDraft = (d: Draft) => {
    setOffered(null);
    setText(d.text);
    window.clearTimeout(timer.current);
    apply(d.text);
  };

  const apply = (next: string) => {
    const r = parseScenario(next);
    if (!r.ok) {
      setProblems(r.problems);
      return;
    }
    const st = store.getState();
    if (st.scenario && same(st.scenario, r.scenario)) {
      setProblems([]);
      return;
    }
    // Batched with the store's update: the render that sees the new scenario knows it is ours.
    setOwn(r.scenario);
    void afterRun(st.replaceScenario(r.scenario, presetIdOf(r.scenario)), (outcome) => {
      if (outcome === 'dropped') return;
      const now = store.getState();
      if (outcome === 'failed' || now.scenario !== r.scenario) {
        // It parsed but did not run: the text stays, the failure shows at its line.
        const message = now.runError ?? 'The simulation failed.';
        const line = runErrorLine(next, message.replace(/^The simulation failed: /, ''));
        setProblems([{ path: '', message, ...(line !== undefined ? { line } : {}) }]);
        return;
      }
      setProblems([]);
      setStale(false);
      // It runs: nothing left to keep.
      clearDraft();
      now.setNotice(null);
    });
  };

  const pod = useMemo(() => (problems.length ? barePodOf(text) : null), [problems, text]);

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
              if (r.ok) void st.replaceScenario(r.scenario);
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
            onClick={() => scenario && showScenario(scenario)}
          >
            Discard my changes
          </button>
        )}
      </div>
      {offered && (
        <div className="banner banner-info" role="group" aria-label="Saved draft">
          <span>
            Your draft from {new Date(offered.savedAt).toLocaleString()} did not run and was kept.
            Restore it to go on editing, or discard it.
          </span>
          <button
            type="button"
            className="text-btn text-btn-primary"
            onClick={() => restoreDraft(offered)}
          >
            Restore draft
          </button>
          <button
            type="button"
            className="text-btn"
            onClick={() => {
              clearDraft();
              setOffered(null);
            }}
          >
            Discard draft
          </button>
        </div>
      )}
      {pod && scenario && (
        <div className="banner banner-info bare-pod" role="group" aria-label="Bare pod">
          <span>
            This is a Pod, not a scenario. Run it on this node ({scenario.node.name}) as a scenario
            of its own? Status, managedFields and the node it ran on are left out.
          </span>
          <button
            type="button"
            className="text-btn text-btn-primary"
            onClick={() => {
              const w = wrapBarePod(pod, scenario);
              setText(w.text);
              window.clearTimeout(timer.current);
              apply(w.text);
            }}
          >
            Wrap into a scenario
          </button>
        </div>
      )}
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
          'The scenario was changed outside the editor; your text was kept. "Discard my changes" shows the current scenario.'
        ) : (
          'Valid. Changes re-run the simulation at once.'
        )}
      </div>
    </div>
  );
}
