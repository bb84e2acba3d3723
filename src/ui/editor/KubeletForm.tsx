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
  const reserved = (
    which: 'kubeReserved' | 'systemReserved',
    cpu: string,
    resource: 'cpu' | 'memory' = 'cpu',
  ) => {
    const list = { ...(k[which] ?? {}) };
    if (cpu) list[resource] = cpu;
    else delete list[resource];
    return set(which, Object.keys(list).length ? list : undefined);
  };
  const tmOptions = k.topologyManagerPolicyOptions ?? {};
  const setTmOption = (name: string, value: string) => {
    const next: Record<string, string> = { ...tmOptions };
    if (value.trim()) next[name] = value.trim();
    else delete next[name];
    return set('topologyManagerPolicyOptions', Object.keys(next).length ? next : undefined);
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
        <label className="check">
          <input
            type="checkbox"
            checked={tmOptions['prefer-closest-numa-nodes'] === 'true'}
            onChange={(e) =>
              setTmOption('prefer-closest-numa-nodes', e.currentTarget.checked ? 'true' : '')
            }
          />
          topologyManagerPolicyOptions: prefer-closest-numa-nodes
        </label>
        <Text
          label="max-allowable-numa-nodes"
          value={tmOptions['max-allowable-numa-nodes'] ?? ''}
          placeholder="8"
          onCommit={(v) => setTmOption('max-allowable-numa-nodes', v)}
        />
      </fieldset>
      <fieldset>
        <legend>Memory manager</legend>
        <Select
          label="memoryManagerPolicy"
          value={k.memoryManagerPolicy}
          options={['None', 'Static']}
          onChange={(v) => set('memoryManagerPolicy', v)}
        />
        <Text
          label="systemReserved memory"
          value={k.systemReserved?.memory ?? ''}
          placeholder="e.g. 1Gi"
          onCommit={(v) => reserved('systemReserved', v.trim(), 'memory')}
        />
        <Text
          label="kubeReserved memory"
          value={k.kubeReserved?.memory ?? ''}
          placeholder="e.g. 500Mi"
          onCommit={(v) => reserved('kubeReserved', v.trim(), 'memory')}
        />
        <Text
          label="evictionHard memory.available"
          value={k.evictionHard?.['memory.available'] ?? ''}
          placeholder="100Mi"
          onCommit={(v) =>
            set(
              'evictionHard',
              v.trim() ? { ...(k.evictionHard ?? {}), 'memory.available': v.trim() } : undefined,
            )
          }
        />
        <Text
          label="reservedMemory"
          value={(k.reservedMemory ?? [])
            .map(
              (r) =>
                `${r.numaNode}:${Object.entries(r.limits)
                  .map(([n, q]) => `${n}=${q}`)
                  .join(',')}`,
            )
            .join('; ')}
          placeholder="0:memory=1124Mi; 1:memory=0"
          onCommit={(v) => set('reservedMemory', parseReservedMemory(v))}
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

/**
 * "0:memory=1Gi,hugepages-1Gi=2Gi; 1:memory=100Mi" → reservedMemory (undefined when empty; the
 * schema refuses what does not read as that).
 */
export function parseReservedMemory(text: string): unknown {
  const parts = text
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) return undefined;
  return parts.map((p) => {
    const [numa, limits = ''] = p.split(':');
    return {
      numaNode: Number(numa),
      limits: Object.fromEntries(
        limits
          .split(',')
          .map((l) => l.trim())
          .filter(Boolean)
          .map((l): [string, string] => {
            const [name = '', value = ''] = l.split('=').map((x) => x.trim());
            return [name, value];
          }),
      ),
    };
  });
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
