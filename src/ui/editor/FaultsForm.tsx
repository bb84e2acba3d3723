/**
 * The scenario's faults and timed actions: each listed with when it is armed, each
 * removable, and a form to add a fault by hand (the context menu adds them at the
 * cursor).
 */
import { useState } from 'react';
import { FAULT_KINDS, type Fault, formatDuration } from '../../sim';
import { useApp } from '../app/storeContext';
import { FormError, useCheckedEdit } from './useCheckedEdit';

type Input = Record<string, unknown>;

/** Kinds with a required number, and its field. */
const NEEDS: Partial<Record<Fault['kind'], string>> = {
  ImagePullSlow: 'seconds',
  PostStartHang: 'seconds',
};

function describe(x: Input): string {
  const skip = new Set(['kind', 'target', 'at', 'manifest']);
  const rest = Object.entries(x)
    .filter(([k, v]) => !skip.has(k) && v !== undefined)
    .map(
      ([k, v]) =>
        `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v as string | number | boolean)}`,
    );
  return rest.join(', ');
}

export function FaultsForm() {
  const scenario = useApp((s) => s.scenario);
  const timeMs = useApp((s) => s.timeMs);
  const { error, apply } = useCheckedEdit();
  const [kind, setKind] = useState<Fault['kind']>('ImagePullError');
  const [target, setTarget] = useState('');
  const [at, setAt] = useState('');
  const [times, setTimes] = useState('');
  const [amount, setAmount] = useState('30');
  if (!scenario) return null;
  const targets = scenario.pods.flatMap((p) => {
    const key = `${p.manifest.metadata.namespace}/${p.manifest.metadata.name}`;
    const cs = [...(p.manifest.spec.initContainers ?? []), ...p.manifest.spec.containers];
    return [key, ...cs.map((c) => `${key}/${c.name}`)];
  });
  const chosen = target || targets[1] || targets[0] || '';
  const remove = (list: 'faults' | 'actions', i: number) =>
    apply((input) => ({
      ...input,
      [list]: ((input[list] as unknown[] | undefined) ?? []).filter((_, j) => j !== i),
    }));
  const add = () => {
    const f: Input = { kind, target: chosen, at: at.trim() || formatDuration(Math.round(timeMs)) };
    if (times.trim()) f.times = Number(times);
    const need = NEEDS[kind];
    if (need) f[need] = Number(amount);
    apply((input) => ({ ...input, faults: [...((input.faults as unknown[]) ?? []), f] }));
  };
  return (
    <div className="kv-form">
      <section aria-label="Faults">
        <h3 className="kv-head">Faults</h3>
        {scenario.faults.length === 0 ? (
          <p className="empty">No faults: everything works.</p>
        ) : (
          <ul className="kv-list">
            {scenario.faults.map((f, i) => (
              <li key={i}>
                <span>
                  <strong>{f.kind}</strong> <code>{f.target}</code>
                  {f.at !== undefined && ` from ${formatDuration(f.at)}`}
                  {describe(f as unknown as Input) && ` (${describe(f as unknown as Input)})`}
                </span>
                <button
                  type="button"
                  className="text-btn"
                  aria-label={`Remove fault ${i + 1}: ${f.kind} on ${f.target}`}
                  onClick={() => remove('faults', i)}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
        <fieldset className="kv-add">
          <legend>Add a fault</legend>
          <label className="kv-row">
            <span className="field-label">kind</span>
            <select value={kind} onChange={(e) => setKind(e.currentTarget.value as Fault['kind'])}>
              {FAULT_KINDS.map((k) => (
                <option key={k}>{k}</option>
              ))}
            </select>
          </label>
          <label className="kv-row">
            <span className="field-label">target</span>
            <select value={chosen} onChange={(e) => setTarget(e.currentTarget.value)}>
              {targets.map((t) => (
                <option key={t}>{t}</option>
              ))}
            </select>
          </label>
          {NEEDS[kind] && (
            <label className="kv-row">
              <span className="field-label">{NEEDS[kind]}</span>
              <input
                type="number"
                min={1}
                value={amount}
                onChange={(e) => setAmount(e.currentTarget.value)}
              />
            </label>
          )}
          <label className="kv-row">
            <span className="field-label">at</span>
            <input
              value={at}
              placeholder={`${formatDuration(Math.round(timeMs))} (the cursor)`}
              onChange={(e) => setAt(e.currentTarget.value)}
            />
          </label>
          <label className="kv-row">
            <span className="field-label">times</span>
            <input
              type="number"
              min={1}
              value={times}
              placeholder="always"
              onChange={(e) => setTimes(e.currentTarget.value)}
            />
          </label>
          <button type="button" className="text-btn" disabled={!chosen} onClick={add}>
            Add fault
          </button>
        </fieldset>
      </section>
      <section aria-label="Actions">
        <h3 className="kv-head">Timed actions</h3>
        {scenario.actions.length === 0 ? (
          <p className="empty">No timed actions.</p>
        ) : (
          <ul className="kv-list">
            {scenario.actions.map((a, i) => (
              <li key={i}>
                <span>
                  <strong>{a.kind}</strong> at {formatDuration(a.at)}
                  {'target' in a && (
                    <>
                      {' '}
                      <code>{a.target}</code>
                    </>
                  )}
                  {a.kind === 'AddPod' && (
                    <>
                      {' '}
                      <code>
                        {a.manifest.metadata.namespace}/{a.manifest.metadata.name}
                      </code>
                    </>
                  )}
                </span>
                <button
                  type="button"
                  className="text-btn"
                  aria-label={`Remove action ${i + 1}: ${a.kind}`}
                  onClick={() => remove('actions', i)}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <FormError error={error} />
    </div>
  );
}
