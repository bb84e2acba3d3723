/**
 * The node: its CPU topology (a named machine, a shape, or the text of the user's
 * own `lscpu -p=CPU,CORE,SOCKET,NODE` or `lstopo --of xml`), its NUMA distances, devices
 * and NUMA memory, and the images already on it. A topology that is refused (by the
 * schema, the reader or the run) says why next to its field.
 */
import { useState } from 'react';
import { formatDuration, parseHwlocXml, parseLscpu } from '../../sim';
import { NodeResourcesForm } from './NodeResourcesForm';
import { useApp, useAppStore } from '../app/storeContext';
import type { CatalogEntry } from '../controls/QuickControls';
import { Text } from './KubeletForm';
import { FormError, nodeOf, useCheckedEdit } from './useCheckedEdit';

type Input = Record<string, unknown>;
type Mode = 'preset' | 'shape' | 'lscpu' | 'cpus';

const SHAPE_FIELDS = [
  'sockets',
  'numaNodesPerSocket',
  'coresPerSocket',
  'threadsPerCore',
  'uncoreCachesPerSocket',
] as const;

export function NodeForm({ topologies }: { readonly topologies: readonly CatalogEntry[] }) {
  const store = useAppStore();
  const scenario = useApp((s) => s.scenario);
  const { error, apply } = useCheckedEdit();
  // Why the last topology was refused, shown beside the field it came from.
  const [topoError, setTopoError] = useState<{ field: Mode; message: string } | null>(null);
  const topo = scenario?.node.topology;
  const current: Mode = !topo
    ? 'preset'
    : 'preset' in topo
      ? 'preset'
      : 'lscpu' in topo || 'hwloc' in topo
        ? 'lscpu'
        : 'cpus' in topo
          ? 'cpus'
          : 'shape';
  const [mode, setMode] = useState<Mode>(current);
  const [lscpu, setLscpu] = useState(
    topo && 'lscpu' in topo ? topo.lscpu : topo && 'hwloc' in topo ? topo.hwloc : '',
  );
  const [shape, setShape] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      SHAPE_FIELDS.map((f) => [
        f,
        topo && 'sockets' in topo && topo[f] !== undefined ? String(topo[f]) : '',
      ]),
    ),
  );
  if (!scenario) return null;
  const setTopology = (topology: Input, field: Mode) => {
    setTopoError(null);
    apply(
      (input) => ({ ...input, node: { ...nodeOf(input), topology } }),
      (message) => setTopoError({ field, message }),
      // Valid to the schema but refused by the run (an lscpu text it cannot read).
      (outcome) => {
        const err = store.getState().runError;
        if (outcome === 'failed' && err) setTopoError({ field, message: err });
      },
    );
  };
  const applyLscpu = () => {
    // lstopo's XML is told apart by its first character; lscpu's CSV never starts with "<".
    const xml = lscpu.trimStart().startsWith('<');
    const r = xml ? parseHwlocXml(lscpu) : parseLscpu(lscpu);
    if (!r.ok) {
      setTopoError({ field: 'lscpu', message: r.error });
      return;
    }
    setTopology(xml ? { hwloc: lscpu } : { lscpu }, 'lscpu');
  };
  const fieldError = (field: Mode) =>
    topoError?.field === field ? (
      <p className="form-error" role="alert" id={`node-${field}-error`}>
        Not applied: {topoError.message}
      </p>
    ) : null;
  const setImages = (images: Input[]) =>
    apply((input) => ({ ...input, node: { ...nodeOf(input), images } }));
  const images = scenario.node.images.map((i) => {
    const out: Input = { name: i.name, present: i.present };
    if (i.sizeBytes !== undefined) out.sizeBytes = i.sizeBytes;
    if (i.pullTime !== undefined) out.pullTime = formatDuration(i.pullTime);
    return out;
  });

  return (
    <form className="kv-form" onSubmit={(e) => e.preventDefault()} aria-label="Node">
      <fieldset>
        <legend>CPU topology</legend>
        <div className="kv-checks" role="radiogroup" aria-label="Topology given as">
          {(['preset', 'shape', 'lscpu'] as const).map((m) => (
            <label key={m} className="check">
              <input
                type="radio"
                name="topology-mode"
                checked={mode === m}
                onChange={() => setMode(m)}
              />
              {m === 'preset'
                ? 'a named machine'
                : m === 'shape'
                  ? 'a shape'
                  : 'lscpu -p or lstopo XML'}
            </label>
          ))}
        </div>
        {mode === 'preset' && (
          <label className="kv-row">
            <span className="field-label">preset</span>
            <select
              value={topo && 'preset' in topo ? topo.preset : ''}
              onChange={(e) => setTopology({ preset: e.currentTarget.value }, 'preset')}
            >
              {!(topo && 'preset' in topo) && <option value="">choose a machine…</option>}
              {topologies.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.label}
                </option>
              ))}
            </select>
          </label>
        )}
        {mode === 'preset' && fieldError('preset')}
        {mode === 'shape' && (
          <>
            {SHAPE_FIELDS.map((f) => (
              <label key={f} className="kv-row">
                <span className="field-label">{f}</span>
                <input
                  type="number"
                  min={1}
                  value={shape[f]}
                  placeholder={f === 'sockets' || f === 'coresPerSocket' ? '' : '1'}
                  onChange={(e) => setShape({ ...shape, [f]: e.currentTarget.value })}
                />
              </label>
            ))}
            <button
              type="button"
              className="text-btn"
              onClick={() =>
                setTopology(
                  Object.fromEntries(
                    SHAPE_FIELDS.filter((f) => shape[f]).map((f) => [f, Number(shape[f])]),
                  ),
                  'shape',
                )
              }
            >
              Apply shape
            </button>
            {fieldError('shape')}
          </>
        )}
        {mode === 'lscpu' && (
          <>
            <label className="kv-col">
              <span className="field-label">
                Paste the output of <code>lscpu -p=CPU,CORE,SOCKET,NODE</code> or{' '}
                <code>lstopo --of xml</code> (its PCI devices, NUMA memory and distances come with
                it)
              </span>
              <textarea
                rows={8}
                spellCheck={false}
                value={lscpu}
                placeholder={'# CPU,Core,Socket,Node\n0,0,0,0\n1,1,0,0\n...'}
                aria-invalid={topoError?.field === 'lscpu'}
                aria-describedby={topoError?.field === 'lscpu' ? 'node-lscpu-error' : undefined}
                onChange={(e) => setLscpu(e.currentTarget.value)}
              />
            </label>
            {fieldError('lscpu')}
            <button
              type="button"
              className="text-btn"
              disabled={!lscpu.trim()}
              onClick={applyLscpu}
            >
              Use this machine
            </button>
          </>
        )}
        {mode === 'cpus' && <p className="empty">The scenario lists its CPUs one by one.</p>}
      </fieldset>
      <NodeResourcesForm />
      <fieldset>
        <legend>Images on the node</legend>
        <ul className="kv-list">
          {images.map((img, i) => (
            <li key={`${String(img.name)}-${i}`}>
              <label className="check">
                <input
                  type="checkbox"
                  checked={img.present === true}
                  onChange={(e) =>
                    setImages(
                      images.map((x, j) =>
                        j === i ? { ...x, present: e.currentTarget.checked } : x,
                      ),
                    )
                  }
                />
                <code>{String(img.name)}</code> present
              </label>
              <Text
                label="pullTime"
                value={typeof img.pullTime === 'string' ? img.pullTime : ''}
                placeholder="from size"
                onCommit={(v) =>
                  setImages(
                    images.map((x, j) => {
                      if (j !== i) return x;
                      const { pullTime: _drop, ...rest } = x;
                      void _drop;
                      return v.trim() ? { ...rest, pullTime: v.trim() } : rest;
                    }),
                  )
                }
              />
              <button
                type="button"
                className="text-btn"
                aria-label={`Remove image ${String(img.name)}`}
                onClick={() => setImages(images.filter((_, j) => j !== i))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
        <AddImage onAdd={(name) => setImages([...images, { name, present: false }])} />
      </fieldset>
      <FormError error={error} />
    </form>
  );
}

function AddImage({ onAdd }: { onAdd: (name: string) => boolean }) {
  const [name, setName] = useState('');
  return (
    <div className="kv-row">
      <input
        aria-label="Image name"
        placeholder="registry/image:tag"
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
      />
      <button
        type="button"
        className="text-btn"
        disabled={!name.trim()}
        onClick={() => {
          if (onAdd(name.trim())) setName('');
        }}
      >
        Add image
      </button>
    </div>
  );
}
