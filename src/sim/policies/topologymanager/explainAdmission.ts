/**
 * The topology manager's admission of a pod in words, for the Inspector: each hint provider's
 * hints per resource, then the merge (policy.go: one hint per resource, every combination ANDed
 * with the machine's NUMA nodes, preferred only when all were preferred and all masks equal; the
 * best kept by HintMerger.compare) and the policy's verdict.
 */
import type { BitMask } from './bitmask';
import { filterProvidersHints, iterateAllProviderTopologyHints, mergePermutation } from './merge';
import type { ProviderHints, TopologyHint } from './hint';
import { filterSingleNumaHints } from './policies';
import type { AdmitDecision } from './scope';

/** What the trace keeps of an admission (a `topologyAdmission` record). */
export interface AdmissionRecord {
  readonly uid: string;
  readonly policy: string;
  readonly scope: string;
  readonly numaNodes: readonly number[];
  readonly decisions: readonly AdmitDecision[];
  readonly admit: boolean;
  readonly reason?: string;
  readonly message?: string;
  readonly failedContainer?: string;
}

const PROVIDERS: Readonly<Record<string, string>> = {
  devices: 'device manager',
  cpu: 'CPU manager',
  memory: 'memory manager',
};

/** "NUMA 1", "NUMA 0+1", "no NUMA node" (an empty mask), "any NUMA node" (nil). */
export function maskWords(m: BitMask | null): string {
  if (m === null) return 'any NUMA node';
  if (m.length === 0) return 'no NUMA node';
  return `NUMA ${m.join('+')}`;
}

function hintWords(h: TopologyHint): string {
  return `${maskWords(h.numaNodeAffinity)}${h.preferred ? ' (preferred)' : ''}`;
}

function providerLines(provider: string, hints: ProviderHints): string[] {
  const who = PROVIDERS[provider] ?? provider;
  if (hints === null || Object.keys(hints).length === 0)
    return [`${who}: no hints (nothing of its resources asked): no preference.`];
  return Object.keys(hints)
    .sort()
    .map((r) => {
      const list = hints[r];
      if (list === null || list === undefined) return `${who}, ${r}: no NUMA preference.`;
      if (list.length === 0)
        return `${who}, ${r}: no NUMA node can satisfy it (no hint): nothing can be preferred.`;
      return `${who}, ${r}: ${list.map(hintWords).join(', ')}.`;
    });
}

const MAX_COMBINATIONS = 12;

function mergeLines(d: AdmitDecision, policy: string, numaNodes: readonly number[]): string[] {
  let lists = filterProvidersHints(d.providerHints.map((p) => p.hints));
  const out: string[] = [];
  if (policy === 'single-numa-node') {
    lists = filterSingleNumaHints(lists);
    out.push('single-numa-node keeps only preferred hints of a single NUMA node (or of none).');
  }
  const combos: string[] = [];
  let n = 0;
  iterateAllProviderTopologyHints(lists, (perm) => {
    n++;
    if (combos.length >= MAX_COMBINATIONS) return;
    const merged = mergePermutation(numaNodes, perm);
    const parts = perm.map((h) => maskWords(h.numaNodeAffinity)).join(' ∧ ');
    const result =
      (merged.numaNodeAffinity ?? []).length === 0
        ? 'no NUMA node (skipped)'
        : `${maskWords(merged.numaNodeAffinity)}${merged.preferred ? ', preferred' : ', not preferred'}`;
    combos.push(`${parts} = ${result}`);
  });
  if (n === 0)
    out.push(
      'No combination to merge: one resource has no hint left, so the result is not preferred.',
    );
  else {
    out.push(
      `Combinations (one hint per resource, ANDed): ${combos.join('; ')}${n > combos.length ? `; and ${n - combos.length} more` : ''}.`,
    );
  }
  out.push(`Best merged hint: ${hintWords(d.best)}${d.best.preferred ? '' : ', not preferred'}.`);
  return out;
}

function verdict(policy: string, d: AdmitDecision): string {
  if (d.admit)
    return policy === 'best-effort'
      ? 'best-effort admits whatever the merge gives.'
      : `${policy} admits it: the merged hint is preferred.`;
  return `${policy} admits only a preferred merged hint: the pod is refused (TopologyAffinityError).`;
}

/** The lines the Inspector shows for an admission. */
export function explainAdmission(a: AdmissionRecord): string[] {
  const out: string[] = [];
  if (a.policy === 'none')
    out.push(
      'Topology manager policy none: no hints are merged; each hint provider allocates on its own.',
    );
  for (const d of a.decisions) {
    out.push(
      d.container === undefined
        ? `Pod scope: the providers' hints for the whole pod (${a.policy}).`
        : `Container ${d.container} (${a.policy}, container scope):`,
    );
    for (const p of d.providerHints) out.push(...providerLines(p.provider, p.hints));
    out.push(...mergeLines(d, a.policy, a.numaNodes));
    out.push(verdict(a.policy, d));
  }
  if (!a.admit && a.reason !== 'TopologyAffinityError' && a.message)
    out.push(
      `${a.failedContainer ? `Allocate for ${a.failedContainer} failed` : 'Allocate failed'}: ${a.reason}: ${a.message}`,
    );
  return out;
}
