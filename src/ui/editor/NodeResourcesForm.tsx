/**
 * The node's NUMA distances, devices and NUMA memory (scenario keys node.numaDistances,
 * node.devices, node.memory). Empty fields leave a named machine's or lstopo's own.
 */
import { useState } from 'react';
import { useApp } from '../app/storeContext';
import { FormError, nodeOf, useCheckedEdit } from './useCheckedEdit';

type Input = Record<string, unknown>;
type MemoryField = 'perNumaNode' | 'hugepages1GiPerNumaNode' | 'hugepages2MiPerNumaNode';

/** "10 21\n21 10" → [[10, 21], [21, 10]]; null when a value is not a number. */
export function parseDistances(text: string): number[][] | null {
  const rows = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .map((l) => l.split(/[\s,]+/).map(Number));
  return rows.every((r) => r.every((n) => Number.isInteger(n) && n > 0)) ? rows : null;
}

export function NodeResourcesForm() {
  const scenario = useApp((s) => s.scenario);
  const { error, apply } = useCheckedEdit();
  const [distances, setDistances] = useState(
    (scenario?.node.numaDistances ?? []).map((r) => r.join(' ')).join('\n'),
  );
  const [distError, setDistError] = useState<string | null>(null);
  const [draft, setDraft] = useState({ resource: 'nvidia.com/gpu', numaNode: '0', count: '1' });
  if (!scenario) return null;
  const node = scenario.node;
  const devices = node.devices ?? [];
  const setNode = (key: string, value: unknown) =>
    apply((input) => {
      const n: Input = { ...nodeOf(input) };
      if (value === undefined) delete n[key];
      else n[key] = value;
      return { ...input, node: n };
    });
  const memory = node.memory;
  const memoryText = (field: MemoryField) =>
    memory?.[field] === undefined ? '' : String(memory[field]);
  const setMemory = (field: MemoryField, value: string) => {
    const next: Input = { ...(memory ?? {}) };
    if (value.trim() === '') delete next[field];
    else next[field] = field === 'perNumaNode' ? value.trim() : Number(value);
    return setNode('memory', next.perNumaNode === undefined ? undefined : next);
  };
  return (
    <>
      <fieldset>
        <legend>NUMA distances</legend>
        <label className="kv-col">
          <span className="field-label">
            One row per NUMA node (as <code>numactl -H</code> prints them); empty: the machine's
            own, or 10 within a socket's nodes and 21 across. prefer-closest-numa-nodes reads them.
          </span>
          <textarea
            rows={3}
            spellCheck={false}
            aria-label="NUMA distances"
            value={distances}
            placeholder={'10 21\n21 10'}
            aria-invalid={distError !== null}
            onChange={(e) => setDistances(e.currentTarget.value)}
          />
        </label>
        {distError && (
          <p className="form-error" role="alert">
            Not applied: {distError}
          </p>
        )}
        <button
          type="button"
          className="text-btn"
          onClick={() => {
            const rows = parseDistances(distances);
            if (rows === null) return setDistError('distances are whole numbers, one row per line');
            setDistError(null);
            setNode('numaDistances', rows.length > 0 ? rows : undefined);
          }}
        >
          Apply distances
        </button>
      </fieldset>
      <fieldset>
        <legend>Devices (device plugins)</legend>
        <ul className="kv-list">
          {devices.map((d, i) => (
            <li key={`${d.resource}-${i}`}>
              <code>{d.resource}</code> × {d.count}
              {d.numaNode === undefined ? ', no NUMA node' : `, NUMA ${d.numaNode}`}
              <button
                type="button"
                className="text-btn"
                aria-label={`Remove ${d.resource} on ${d.numaNode === undefined ? 'no NUMA node' : `NUMA ${d.numaNode}`}`}
                onClick={() => {
                  const rest = devices.filter((_, j) => j !== i);
                  setNode('devices', rest.length > 0 ? rest : undefined);
                }}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
        <div className="kv-row">
          <input
            aria-label="Device resource"
            value={draft.resource}
            onChange={(e) => setDraft({ ...draft, resource: e.currentTarget.value })}
          />
          <input
            aria-label="Device NUMA node"
            type="number"
            min={0}
            placeholder="none"
            value={draft.numaNode}
            onChange={(e) => setDraft({ ...draft, numaNode: e.currentTarget.value })}
          />
          <input
            aria-label="Device count"
            type="number"
            min={1}
            value={draft.count}
            onChange={(e) => setDraft({ ...draft, count: e.currentTarget.value })}
          />
          <button
            type="button"
            className="text-btn"
            disabled={!draft.resource.trim() || !(Number(draft.count) >= 1)}
            onClick={() =>
              setNode('devices', [
                ...devices,
                {
                  resource: draft.resource.trim(),
                  count: Number(draft.count),
                  ...(draft.numaNode.trim() === '' ? {} : { numaNode: Number(draft.numaNode) }),
                },
              ])
            }
          >
            Add devices
          </button>
        </div>
      </fieldset>
      <fieldset>
        <legend>NUMA memory</legend>
        {(
          [
            ['perNumaNode', 'memory per NUMA node', 'e.g. 64Gi'],
            ['hugepages1GiPerNumaNode', '1Gi hugepages per NUMA node', '0'],
            ['hugepages2MiPerNumaNode', '2Mi hugepages per NUMA node', '0'],
          ] as const
        ).map(([field, label, placeholder]) => (
          <label key={field} className="kv-row">
            <span className="field-label">{label}</span>
            <input
              defaultValue={memoryText(field)}
              placeholder={placeholder}
              onBlur={(e) => {
                const v = e.currentTarget.value;
                if (v !== memoryText(field)) setMemory(field, v);
              }}
            />
          </label>
        ))}
      </fieldset>
      <FormError error={error} />
    </>
  );
}
