/**
 * The KubeletConfiguration fields the simulation reads, under their own names, as
 * a form. Selects and checkboxes apply at once; text and numbers when they lose
 * focus or on Enter.
 */
import { useState } from 'react';
import { cpuManagerPolicyOption } from '../../sim';
import { useApp } from '../app/storeContext';
import { FormError, nodeOf, useCheckedEdit } from './useCheckedEdit';

type Input = Record<string, unknown>;

const POLICY_OPTIONS = cpuManagerPolicyOption.options;

export function KubeletForm() {
  const scenario = useApp((s) => s.scenario);
  const { error, apply } = useCheckedEdit();
  if (!scenario) return null;
  const k = scenario.node.kubelet;
  const set = (field: string, value: unknown) =>
    apply((input) => {
      const node = nodeOf(input);
      const kubelet: Input = { ...((node.kubelet as Input | undefined) ?? {}) };
      if (value === undefined || value === '') delete kubelet[field];
      else kubelet[field] = value;
      return { ...input, node: { ...node, kubelet } };
    });
  const reserved = (which: 'kubeReserved' | 'systemReserved', cpu: string) => {
    const list = { ...(k[which] ?? {}) };
    if (cpu) list.cpu = cpu;
    else delete list.cpu;
    return set(which, Object.keys(list).length ? list : undefined);
  };
  const options = k.cpuManagerPolicyOptions ?? {};
  return (
    <form
      className="kv-form"
      onSubmit={(e) => e.preventDefault()}
      aria-label="KubeletConfiguration"
    >
      <fieldset>
        <legend>CPU manager</legend>
        <Select
          label="cpuManagerPolicy"
          value={k.cpuManagerPolicy}
          options={['none', 'static']}
          onChange={(v) => set('cpuManagerPolicy', v)}
        />
        <div className="kv-checks" role="group" aria-label="cpuManagerPolicyOptions">
          <span className="field-label">cpuManagerPolicyOptions</span>
          {POLICY_OPTIONS.map((o) => (
            <label key={o} className="check">
              <input
                type="checkbox"
                checked={options[o] === 'true'}
                onChange={(e) => {
                  const next: Record<string, string> = { ...options };
                  if (e.currentTarget.checked) next[o] = 'true';
                  else delete next[o];
                  set('cpuManagerPolicyOptions', Object.keys(next).length ? next : undefined);
                }}
              />
              {o}
            </label>
          ))}
        </div>
        <Text
          label="reservedSystemCPUs"
          value={k.reservedSystemCPUs ?? ''}
          placeholder="e.g. 0,32"
          onCommit={(v) => set('reservedSystemCPUs', v.trim() || undefined)}
        />
        <Text
          label="kubeReserved cpu"
          value={k.kubeReserved?.cpu ?? ''}
          placeholder="e.g. 500m"
          onCommit={(v) => reserved('kubeReserved', v.trim())}
        />
        <Text
          label="systemReserved cpu"
          value={k.systemReserved?.cpu ?? ''}
          placeholder="e.g. 500m"
          onCommit={(v) => reserved('systemReserved', v.trim())}
        />
      </fieldset>
      <fieldset>
        <legend>Topology manager</legend>
        <Select
          label="topologyManagerPolicy"
          value={k.topologyManagerPolicy}
          options={['none', 'best-effort', 'restricted', 'single-numa-node']}
          onChange={(v) => set('topologyManagerPolicy', v)}
        />
        <Select
          label="topologyManagerScope"
          value={k.topologyManagerScope}
          options={['container', 'pod']}
          onChange={(v) => set('topologyManagerScope', v)}
        />
      </fieldset>
      <fieldset>
        <legend>Images and pods</legend>
        <label className="check">
          <input
            type="checkbox"
            checked={k.serializeImagePulls ?? true}
            onChange={(e) => set('serializeImagePulls', e.currentTarget.checked)}
          />
          serializeImagePulls
        </label>
        <Text
          label="maxParallelImagePulls"
          value={k.maxParallelImagePulls?.toString() ?? ''}
          placeholder="unlimited"
          onCommit={(v) => set('maxParallelImagePulls', v.trim() ? Number(v) : undefined)}
        />
        <Text
          label="maxPods"
          value={String(k.maxPods)}
          onCommit={(v) => set('maxPods', v.trim() ? Number(v) : undefined)}
        />
      </fieldset>
      <FormError error={error} />
    </form>
  );
}

function Select(p: {
  label: string;
  value: string;
  options: readonly string[];
  onChange: (v: string) => void;
}) {
  return (
    <label className="kv-row">
      <span className="field-label">{p.label}</span>
      <select value={p.value} onChange={(e) => p.onChange(e.currentTarget.value)}>
        {p.options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A text field that applies when committed, and shows the scenario's value otherwise. */
export function Text(p: {
  label: string;
  value: string;
  placeholder?: string;
  onCommit: (v: string) => boolean;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft === null || draft === p.value) {
      setDraft(null);
      return;
    }
    if (p.onCommit(draft)) setDraft(null);
  };
  return (
    <label className="kv-row">
      <span className="field-label">{p.label}</span>
      <input
        value={draft ?? p.value}
        placeholder={p.placeholder}
        onChange={(e) => setDraft(e.currentTarget.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit();
          }
        }}
      />
    </label>
  );
}
