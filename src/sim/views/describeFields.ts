/**
 * kubectl describe pod's printers for what the manifest says and the simulation only carries
 * (staging/src/k8s.io/kubectl/pkg/describe/describe.go): labels and annotations, node
 * selectors, tolerations (with the DefaultTolerationSeconds admission's two), the controller,
 * the priority class, and a container's environment. Each returns the lines before the
 * tabwriter (a tab separates a field from its value).
 */
import { effectiveRequests, type ResourceRequirementsLike } from '../model/qos';
import { toBytes, toMillicores } from '../model/quantity';
import type { ContainerSpec } from '../scenario/schema';

const L2 = '    ';
const L3 = '      ';

/** printLabelsMultiline: "key=value" sorted by key, or <none>. */
export function labelLines(title: string, labels: Readonly<Record<string, string>> | undefined) {
  const keys = Object.keys(labels ?? {}).sort();
  if (keys.length === 0) return [`${title}:\t<none>`];
  return keys.map((k, i) => `${i === 0 ? `${title}:` : ''}\t${k}=${labels![k]}`);
}

/** printAnnotationsMultiline's limit before a value goes on lines of its own. */
const MAX_ANNOTATION_LEN = 140;

/** kubectl's shorten: at most `n` characters, "..." in place of the rest. */
function shorten(s: string, n: number): string {
  return s.length > n ? `${s.slice(0, n)}...` : s;
}

/**
 * printAnnotationsMultiline: sorted, last-applied-configuration left out; a long or
 * multi-line value under its key, each line indented.
 */
export function annotationLines(annotations: Readonly<Record<string, string>> | undefined) {
  const keys = Object.keys(annotations ?? {})
    .filter((k) => k !== 'kubectl.kubernetes.io/last-applied-configuration')
    .sort();
  if (keys.length === 0) return ['Annotations:\t<none>'];
  const out: string[] = [];
  keys.forEach((k, i) => {
    const head = i === 0 ? 'Annotations:\t' : '\t';
    const value = annotations![k]!.replace(/\n$/, '');
    if (value.length + k.length + 2 > MAX_ANNOTATION_LEN || value.includes('\n')) {
      out.push(`${head}${k}:`);
      for (const s of value.split('\n')) out.push(`\t  ${shorten(s, MAX_ANNOTATION_LEN - 2)}`);
    } else out.push(`${head}${k}: ${value}`);
  });
  return out;
}

export interface Toleration {
  key?: string;
  operator?: string;
  value?: string;
  effect?: string;
  tolerationSeconds?: number;
}

/**
 * The DefaultTolerationSeconds admission plugin's tolerations: not-ready and unreachable,
 * NoExecute, 300 s, each unless the pod already tolerates that taint.
 */
function withDefaultTolerations(tolerations: readonly Toleration[]): Toleration[] {
  const out = [...tolerations];
  for (const key of ['node.kubernetes.io/not-ready', 'node.kubernetes.io/unreachable']) {
    const tolerated = tolerations.some(
      (t) =>
        (t.effect === undefined || t.effect === '' || t.effect === 'NoExecute') &&
        (t.key === key || (t.key ?? '') === ''),
    );
    if (!tolerated)
      out.push({ key, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 });
  }
  return out;
}

/**
 * printPodTolerationsMultiline: sorted by key, "key=value:Effect op=Exists for Ns" (kubectl
 * 1.19+; 1.18 printed no op=Exists).
 */
export function tolerationLines(
  tolerations: readonly Toleration[] | undefined,
  era: { readonly tolerationOpExists: boolean },
) {
  const all = withDefaultTolerations(tolerations ?? []).sort((a, b) =>
    (a.key ?? '') < (b.key ?? '') ? -1 : (a.key ?? '') > (b.key ?? '') ? 1 : 0,
  );
  if (all.length === 0) return ['Tolerations:\t<none>'];
  return all.map((t, i) => {
    let s = t.key ?? '';
    if (t.value) s += `=${t.value}`;
    if (t.effect) s += `:${t.effect}`;
    if (era.tolerationOpExists && t.operator === 'Exists' && !t.value)
      s += t.key || t.effect ? ' op=Exists' : 'op=Exists';
    if (t.tolerationSeconds !== undefined) s += ` for ${t.tolerationSeconds}s`;
    return `${i === 0 ? 'Tolerations:' : ''}\t${s}`;
  });
}

interface OwnerReference {
  kind?: string;
  name?: string;
  controller?: boolean;
}

/** printController: "Kind/name" of the owner reference that is the controller. */
export function controlledBy(ownerReferences: readonly OwnerReference[] | undefined) {
  const c = ownerReferences?.find((o) => o.controller === true);
  return c ? `${c.kind ?? ''}/${c.name ?? ''}` : undefined;
}

/** The built-in PriorityClasses' values (the Priority admission plugin); another is not modelled. */
const SYSTEM_PRIORITIES: Readonly<Record<string, number>> = {
  'system-node-critical': 2000001000,
  'system-cluster-critical': 2000000000,
};

/** Priority and, when the pod names one, Priority Class Name. */
export function priorityLines(priorityClassName: string | undefined) {
  if (!priorityClassName) return ['Priority:\t0'];
  return [
    `Priority:\t${SYSTEM_PRIORITIES[priorityClassName] ?? 0}`,
    `Priority Class Name:\t${priorityClassName}`,
  ];
}

type EnvVar = NonNullable<ContainerSpec['env']>[number];
type EnvFrom = NonNullable<ContainerSpec['envFrom']>[number];

interface FieldRef {
  apiVersion?: string;
  fieldPath?: string;
}

interface ResourceFieldRef {
  resource?: string;
  divisor?: string | number;
}

/** A valueFrom source the schema accepts without modelling it (fieldRef, resourceFieldRef). */
function sourceOf<T extends object>(from: object, key: string): T | undefined {
  const ref = (from as Record<string, unknown>)[key];
  return typeof ref === 'object' && ref !== null ? (ref as T) : undefined;
}

/**
 * resourcehelper.ExtractContainerResourceValue: CPU in whole divisors rounded up, memory in
 * bytes over the divisor rounded up; a request missing takes the limit (SetDefaults_Pod).
 * Other resources are not modelled: empty.
 */
function resourceValue(
  ref: ResourceFieldRef,
  resources: ResourceRequirementsLike | undefined,
): string {
  const [kind, name] = (ref.resource ?? '').split('.');
  const list =
    kind === 'limits'
      ? resources?.limits
      : kind === 'requests'
        ? effectiveRequests(resources)
        : undefined;
  if (!list || (name !== 'cpu' && name !== 'memory')) return '';
  const v = list[name] ?? 0;
  const [amount, per] =
    name === 'cpu'
      ? [toMillicores(v), toMillicores(ref.divisor ?? 1)]
      : [toBytes(v), toBytes(ref.divisor ?? 1)];
  if (!amount.ok || !per.ok || per.value === 0) return '';
  return String(Math.ceil(amount.value / per.value));
}

/** What describe's EnvValueFrom resolves a fieldRef to, for the paths it reads off the pod. */
export type FieldValue = (fieldPath: string) => string;

/**
 * describeContainerEnvFrom (when there is any) and describeContainerEnvVars: a value line by
 * line, a key of a Secret or ConfigMap by reference, a fieldRef resolved with its path.
 */
export function environmentLines(
  env: readonly EnvVar[] | undefined,
  envFrom: readonly EnvFrom[] | undefined,
  field: FieldValue,
  resources?: ResourceRequirementsLike,
) {
  const out: string[] = [];
  if (envFrom?.length) {
    out.push(`${L2}Environment Variables from:`);
    for (const e of envFrom) {
      const [from, ref] = e.configMapRef
        ? ['ConfigMap', e.configMapRef]
        : e.secretRef
          ? ['Secret', e.secretRef]
          : ['', undefined];
      const what = e.prefix ? `${from} with prefix '${e.prefix}'` : from;
      out.push(`${L3}${ref?.name ?? ''}\t${what}\tOptional: ${ref?.optional === true}`);
    }
  }
  if (!env?.length) {
    out.push(`${L2}Environment:\t<none>`);
    return out;
  }
  out.push(`${L2}Environment:`);
  for (const e of env) {
    const from = e.valueFrom;
    const fieldRef = from && sourceOf<FieldRef>(from, 'fieldRef');
    const resourceRef = from && sourceOf<ResourceFieldRef>(from, 'resourceFieldRef');
    if (!from) {
      (e.value ?? '')
        .split('\n')
        .forEach((s, i) => out.push(i === 0 ? `${L3}${e.name}:\t${s}` : `${L3}\t${s}`));
    } else if (fieldRef) {
      const path = fieldRef.fieldPath ?? '';
      out.push(`${L3}${e.name}:\t${field(path)} (${fieldRef.apiVersion ?? 'v1'}:${path})`);
    } else if (resourceRef) {
      const ref = resourceRef;
      let value = resourceValue(ref, resources);
      // A limit not set reads as the node's allocatable.
      if (value === '0' && (ref.resource === 'limits.cpu' || ref.resource === 'limits.memory'))
        value = 'node allocatable';
      out.push(`${L3}${e.name}:\t${value} (${ref.resource ?? ''})`);
    } else if (from.secretKeyRef) {
      const r = from.secretKeyRef;
      out.push(
        `${L3}${e.name}:\t<set to the key '${r.key}' in secret '${r.name}'>\tOptional: ${r.optional === true}`,
      );
    } else if (from.configMapKeyRef) {
      const r = from.configMapKeyRef;
      out.push(
        `${L3}${e.name}:\t<set to the key '${r.key}' of config map '${r.name}'>\tOptional: ${r.optional === true}`,
      );
    }
  }
  return out;
}
