/**
 * The scenario editor, a drawer beside the run: the scenario as YAML in CodeMirror,
 * the kubelet configuration and the node as forms, and the faults and actions.
 * Open and Download move the same YAML file that `npm run simulate` reads. Loaded
 * lazily (with CodeMirror) the first time it is opened, then kept mounted while
 * hidden, so the user's text is never lost.
 */
import { useEffect, useRef, useState } from 'react';
import { parseScenario, formatProblem, toYaml } from '../../sim';
import { presetIdOf } from '../../state/permalinkLinks';
import { useApp, useAppStore } from '../app/storeContext';
import type { CatalogEntry } from '../controls/QuickControls';
import { FaultsForm } from './FaultsForm';
import { KubeletForm } from './KubeletForm';
import { NodeForm } from './NodeForm';
import { YamlTab } from './YamlTab';

const TABS = [
  { id: 'yaml', label: 'YAML' },
  { id: 'kubelet', label: 'Kubelet' },
  { id: 'node', label: 'Node' },
  { id: 'faults', label: 'Faults & actions' },
] as const;
type TabId = (typeof TABS)[number]['id'];

interface Props {
  readonly presets: readonly CatalogEntry[];
  readonly topologies: readonly CatalogEntry[];
}

function fileName(name: string): string {
  const base = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${base || 'scenario'}.yaml`;
}

export default function EditorDialog({ topologies }: Props) {
  const store = useAppStore();
  const open = useApp((s) => s.editorOpen);
  const scenario = useApp((s) => s.scenario);
  const [tab, setTab] = useState<TabId>('yaml');
  const [draftBroken, setDraftBroken] = useState(false);
  const [fileText, setFileText] = useState<{ text: string; seq: number } | null>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const returnTo = useRef<Element | null>(null);

  useEffect(() => {
    if (!open) return;
    returnTo.current = document.activeElement;
    dialog.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
  }, [open]);

  const close = () => {
    store.getState().setEditorOpen(false);
    const back = returnTo.current;
    if (back instanceof HTMLElement && back.isConnected) back.focus();
  };

  const download = () => {
    if (!scenario) return;
    const blob = new Blob([toYaml(scenario, { minimal: true })], { type: 'application/yaml' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = fileName(scenario.metadata.name);
    a.click();
    window.setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  };

  const openFile = async (file: File) => {
    const st = store.getState();
    if (file.size > 1_000_000) {
      st.setNotice({
        tone: 'error',
        text: `${file.name} is ${(file.size / 1e6).toFixed(1)} MB; a scenario file is at most 1 MB. Nothing was changed.`,
      });
      return;
    }
    const text = await file.text();
    const r = parseScenario(text);
    // The file's text goes into the editor either way, so its problems show at their lines.
    setFileText((f) => ({ text, seq: (f?.seq ?? 0) + 1 }));
    setTab('yaml');
    if (!r.ok) {
      st.setNotice({
        tone: 'error',
        text: `${file.name} is not a valid scenario (${formatProblem(r.problems[0]!)}); the run on screen is the last valid one.`,
      });
      return;
    }
    void st.replaceScenario(r.scenario, presetIdOf(r.scenario));
    st.setNotice({ tone: 'info', text: `Opened ${file.name}.` });
  };

  const tabIndex = TABS.findIndex((t) => t.id === tab);
  return (
    <div
      ref={dialog}
      className="editor-drawer"
      role="dialog"
      aria-modal="false"
      aria-label="Scenario editor"
      hidden={!open}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !e.defaultPrevented) {
          e.stopPropagation();
          close();
        }
      }}
    >
      <div className="editor-head">
        <h2 className="panel-title">Scenario</h2>
        <div className="toolbar-buttons">
          <button type="button" className="text-btn" onClick={() => fileInput.current?.click()}>
            Open file…
          </button>
          <input
            ref={fileInput}
            type="file"
            accept=".yaml,.yml,.json,application/yaml,application/json"
            hidden
            aria-label="Scenario file"
            onChange={(e) => {
              const f = e.currentTarget.files?.[0];
              e.currentTarget.value = '';
              if (f) void openFile(f);
            }}
          />
          <button type="button" className="text-btn" disabled={!scenario} onClick={download}>
            Download YAML
          </button>
          <button type="button" className="text-btn" onClick={close} title="Close (Esc)">
            Close
          </button>
        </div>
      </div>
      <div
        className="editor-tabs"
        role="tablist"
        aria-label="Editor sections"
        onKeyDown={(e) => {
          const d = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
          if (!d) return;
          e.preventDefault();
          const next = TABS[(tabIndex + d + TABS.length) % TABS.length]!;
          setTab(next.id);
          dialog.current?.querySelector<HTMLElement>(`#editor-tab-${next.id}`)?.focus();
        }}
      >
        {TABS.map((t) => (
          <button
            key={t.id}
            id={`editor-tab-${t.id}`}
            type="button"
            role="tab"
            className="seg-btn"
            aria-selected={t.id === tab}
            aria-controls={`editor-panel-${t.id}`}
            tabIndex={t.id === tab ? 0 : -1}
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {draftBroken && tab !== 'yaml' && (
        <p className="banner banner-warning" role="status">
          The YAML has problems; these forms edit the last valid scenario, and your text stays in
          the YAML tab until you fix or discard it.
        </p>
      )}
      {TABS.map((t) => (
        <div
          key={t.id}
          id={`editor-panel-${t.id}`}
          role="tabpanel"
          aria-labelledby={`editor-tab-${t.id}`}
          className="editor-panel"
          hidden={t.id !== tab}
        >
          {t.id === 'yaml' && <YamlTab onBroken={setDraftBroken} fileText={fileText} />}
          {t.id === 'kubelet' && tab === 'kubelet' && <KubeletForm />}
          {t.id === 'node' && tab === 'node' && <NodeForm topologies={topologies} />}
          {t.id === 'faults' && tab === 'faults' && <FaultsForm />}
        </div>
      ))}
    </div>
  );
}
