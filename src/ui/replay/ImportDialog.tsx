/**
 * Import: paste kubelet output or open a file (a journalctl excerpt, kubectl describe pod,
 * kubectl get events, cpu_manager_state, a pod's YAML). The text is only read, never
 * rendered as HTML; more than 20 MB is refused with a message; big inputs are read in a
 * worker so the page stays responsive.
 */
import { useEffect, useRef, useState } from 'react';
import { decodeInput } from '../../replay/decode';
import { MAX_IMPORT_BYTES, type ImportOutcome } from '../../replay/importPipeline';
import { runImport } from './runImport';

interface Props {
  readonly onClose: () => void;
  readonly onImported: (outcome: Extract<ImportOutcome, { ok: true }>) => void;
  /** The year to assume for klog/journald lines (they carry none). */
  readonly defaultYear: number;
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

export default function ImportDialog({ onClose, onImported, defaultYear }: Props) {
  const [text, setText] = useState('');
  const [source, setSource] = useState('pasted text');
  const [year, setYear] = useState(defaultYear);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const returnTo = useRef<Element | null>(null);

  useEffect(() => {
    returnTo.current = document.activeElement;
    area.current?.focus();
    return () => {
      const back = returnTo.current;
      if (back instanceof HTMLElement && back.isConnected) back.focus();
    };
  }, []);

  const openFile = async (file: File) => {
    setError('');
    if (file.size > MAX_IMPORT_BYTES) {
      setError(
        `${file.name} is ${mb(file.size)}; the app reads at most 20 MB (npm run replay reads any size).`,
      );
      return;
    }
    setBusy(true);
    try {
      // UTF-8 or, with its byte order mark, UTF-16; bytes that are not valid become U+FFFD and
      // the readers skip what they cannot use.
      const t = decodeInput(new Uint8Array(await file.arrayBuffer()));
      setText(t.length > 200_000 ? '' : t);
      setSource(file.name);
      await submit(t, file.name);
    } finally {
      setBusy(false);
    }
  };

  const submit = async (t: string, src: string) => {
    setError('');
    if (t.trim() === '') {
      setError('Paste kubelet output or open a file first.');
      return;
    }
    if (t.length > MAX_IMPORT_BYTES) {
      setError(`The text is ${mb(t.length)}; the app reads at most 20 MB.`);
      return;
    }
    setBusy(true);
    let out: Awaited<ReturnType<typeof runImport>>;
    try {
      out = await runImport(t, year, src);
    } finally {
      setBusy(false);
    }
    if (!out.ok) setError(out.error);
    else onImported(out);
  };

  return (
    <div className="import-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        className="import-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="import-title"
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            onClose();
          }
        }}
      >
        <h2 id="import-title" className="panel-title">
          Import kubelet output
        </h2>
        <p className="import-help">
          A <code>journalctl -u kubelet</code> excerpt (klog or JSON lines, any release, any
          verbosity), containerd or CRI-O lines, <code>kubectl describe pod</code> (whole or an
          excerpt), <code>kubectl get events</code> or <code>get pods</code> rows, a pod or its
          status as YAML or JSON, or a state file (<code>cpu_manager_state</code>,{' '}
          <code>memory_manager_state</code>, <code>kubelet_internal_checkpoint</code>), or several
          of these in one paste. It is shown beside the model of the scenario rebuilt from it, with
          the differences marked.
        </p>
        <textarea
          ref={area}
          className="import-text"
          aria-label="Kubelet output"
          spellCheck={false}
          value={text}
          placeholder={
            'Nov 29 18:13:10 node-1 kubelet[2775]: I1129 18:13:10.314127    2775 kubelet.go:2433] "SyncLoop ADD" …'
          }
          onChange={(e) => {
            setText(e.target.value);
            setSource('pasted text');
          }}
        />
        <div className="import-row">
          <label>
            Year of the log{' '}
            <input
              type="number"
              className="import-year"
              min={1970}
              max={9999}
              value={year}
              onChange={(e) => setYear(Number(e.target.value) || defaultYear)}
            />
          </label>
          <button
            type="button"
            className="text-btn"
            disabled={busy}
            onClick={() => fileInput.current?.click()}
          >
            Open file…
          </button>
          <input
            ref={fileInput}
            type="file"
            hidden
            aria-label="Kubelet output file"
            onChange={(e) => {
              const f = e.target.files?.[0];
              e.target.value = '';
              if (f) void openFile(f);
            }}
          />
          <span className="import-spacer" />
          <button type="button" className="text-btn" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="text-btn text-btn-primary"
            disabled={busy}
            onClick={() => void submit(text, source)}
          >
            {busy ? 'Reading…' : 'Replay'}
          </button>
        </div>
        <p className="import-error" role="alert">
          {error}
        </p>
      </div>
    </div>
  );
}
