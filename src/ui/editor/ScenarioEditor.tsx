/**
 * The scenario's YAML in a real code editor (CodeMirror 6). Loaded lazily: the
 * module is imported only when the editor is first opened, so CodeMirror is not
 * in the initial bundle. The user's text is never replaced while they type;
 * problems are shown at their line as lint diagnostics.
 */
import { useEffect, useRef } from 'react';
import { EditorView, basicSetup } from 'codemirror';
import { EditorState } from '@codemirror/state';
import { yaml } from '@codemirror/lang-yaml';
import { linter, lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';

export interface EditorProblem {
  line?: number;
  column?: number;
  message: string;
}

export interface ScenarioEditorProps {
  text: string;
  problems: EditorProblem[];
  onChange: (text: string) => void;
  /** Accessible name of the editing area. */
  label?: string;
}

/** Maps 1-based line/column problems onto document positions. */
export function toDiagnostics(state: EditorState, problems: EditorProblem[]): Diagnostic[] {
  const doc = state.doc;
  return problems.map((p) => {
    const lineNo = Math.min(Math.max(p.line ?? 1, 1), doc.lines);
    const line = doc.line(lineNo);
    const from = Math.min(line.from + Math.max((p.column ?? 1) - 1, 0), line.to);
    return { from, to: line.to > from ? line.to : from, severity: 'error', message: p.message };
  });
}

export default function ScenarioEditor({
  text,
  problems,
  onChange,
  label = 'Scenario YAML',
}: ScenarioEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    if (!host.current) return;
    const v = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: text,
        extensions: [
          basicSetup,
          yaml(),
          // Descriptions are long prose lines: wrap them rather than scroll sideways.
          EditorView.lineWrapping,
          lintGutter(),
          // Diagnostics are pushed from the scenario parser; this linter only keeps the gutter alive.
          linter(null),
          EditorView.contentAttributes.of({ 'aria-label': label }),
          EditorView.updateListener.of((u) => {
            if (u.docChanged) onChangeRef.current(u.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = v;
    return () => {
      v.destroy();
      view.current = null;
    };
    // The editor owns its text after mount; outside changes arrive through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Replace the text only when it changed outside the editor (a preset or a loaded file).
  useEffect(() => {
    const v = view.current;
    if (!v) return;
    const current = v.state.doc.toString();
    if (current !== text) v.dispatch({ changes: { from: 0, to: current.length, insert: text } });
  }, [text]);

  useEffect(() => {
    const v = view.current;
    if (!v) return;
    v.dispatch(setDiagnostics(v.state, toDiagnostics(v.state, problems)));
  }, [problems, text]);

  return <div ref={host} className="scenario-editor" />;
}
