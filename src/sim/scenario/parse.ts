/**
 * Text (YAML or JSON) to a validated Scenario. Every problem names its field path and,
 * when the text came from a file, its line and column, so the editor and the CLI can
 * point at it. Nothing is thrown: the result says what is wrong.
 */
import {
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  parseDocument,
  visit,
  type Alias,
  type Document,
  type Node as YamlNode,
} from 'yaml';
import type { z } from 'zod';
import { LIMITS, scenarioSchema, type Scenario } from './schema';
import { nodeHardwareProblems } from '../model/nodeHardware';
import { versionProblems } from './versionCheck';
import { overLimitMessage, requestsOverLimits } from '../model/qos';

export interface ScenarioProblem {
  /** "pods[0].manifest.spec.containers[1].image", or "" for the document. */
  path: string;
  message: string;
  line?: number;
  column?: number;
}

export type ParseResult =
  { ok: true; scenario: Scenario } | { ok: false; problems: ScenarioProblem[] };

export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else out += out ? `.${String(p)}` : String(p);
  }
  return out;
}

export function formatProblem(p: ScenarioProblem): string {
  const where =
    p.line !== undefined ? `line ${p.line}${p.column !== undefined ? `:${p.column}` : ''}: ` : '';
  return `${where}${p.path ? `${p.path}: ` : ''}${p.message}`;
}

function depth(v: unknown, limit: number, d = 0): number {
  if (d > limit || v === null || typeof v !== 'object') return d;
  let max = d;
  for (const x of Object.values(v as Record<string, unknown>)) {
    max = Math.max(max, depth(x, limit, d + 1));
    if (max > limit) break;
  }
  return max;
}

type Locate = (path: PropertyKey[], at?: 'key' | 'value') => { line?: number; column?: number };

/**
 * Where a field sits inside its pod manifest, as kubectl names it ("spec.containers[0]
 * .startUpProbe"), or undefined when the path is not inside a manifest.
 */
function manifestPath(path: readonly PropertyKey[]): string | undefined {
  const i = path.lastIndexOf('manifest');
  return i < 0 ? undefined : formatPath(path.slice(i + 1));
}

function zodProblems(error: z.ZodError, locate: Locate): ScenarioProblem[] {
  return error.issues.flatMap((issue) => {
    const path = issue.path;
    if (issue.code === 'unrecognized_keys') {
      // One problem per field, at the field's own line, worded as
      // `kubectl apply --validate=strict` words it inside a pod.
      return issue.keys.map((k) => {
        const full = [...path, k];
        const name = manifestPath(full) ?? formatPath(full);
        return {
          path: formatPath(full),
          message: `unknown field "${name}"`,
          ...locate(full, 'key'),
        };
      });
    }
    let message = issue.message;
    if (
      issue.code === 'invalid_union' &&
      'note' in issue &&
      issue.note === 'No matching discriminator'
    )
      message = `unknown kind (expected one of the documented kinds)`;
    return [{ path: formatPath(path), message, ...locate(path) }];
  });
}

/** Faults and actions must name pods and containers that exist somewhere in the scenario. */
export function crossCheck(s: Scenario): ScenarioProblem[] {
  const problems: ScenarioProblem[] = [];
  const containers = new Map<string, Set<string>>();
  const manifests = [...s.pods.map((p, i) => ({ m: p.manifest, path: `pods[${i}].manifest` }))];
  s.actions.forEach((a, i) => {
    if (a.kind === 'AddPod') manifests.push({ m: a.manifest, path: `actions[${i}].manifest` });
  });
  for (const { m, path } of manifests) {
    const key = `${m.metadata.namespace}/${m.metadata.name}`;
    if (containers.has(key)) {
      problems.push({ path: `${path}.metadata.name`, message: `pod ${key} is defined twice` });
      continue;
    }
    const names = new Set<string>();
    for (const [list, c, i] of [
      ...(m.spec.initContainers ?? []).map((c, i) => ['initContainers', c, i] as const),
      ...m.spec.containers.map((c, i) => ['containers', c, i] as const),
    ]) {
      if (names.has(c.name))
        problems.push({
          path: `${path}.spec.${list}`,
          message: `container name "${c.name}" is used twice in pod ${key}`,
        });
      names.add(c.name);
      // The API server refuses the pod: kubectl apply says so before the kubelet sees it.
      for (const o of requestsOverLimits(c.resources))
        problems.push({
          path: `${path}.spec.${list}[${i}].resources.requests.${o.name}`,
          message: `The Pod "${m.metadata.name}" is invalid: spec.${list}[${i}].resources.requests: Invalid value: "${o.request}": ${overLimitMessage(o)}`,
        });
    }
    containers.set(key, names);
  }
  const checkTarget = (t: string, path: string) => {
    const [ns, pod, ctr] = t.split('/');
    const names = containers.get(`${ns}/${pod}`);
    if (!names) problems.push({ path, message: `no pod "${ns}/${pod}" in this scenario` });
    else if (ctr !== undefined && !names.has(ctr))
      problems.push({ path, message: `pod ${ns}/${pod} has no container "${ctr}"` });
  };
  s.faults.forEach((f, i) => checkTarget(f.target, `faults[${i}].target`));
  s.actions.forEach((a, i) => {
    if (a.kind === 'DeletePod' || a.kind === 'EvictPod') {
      if (a.target.split('/').length !== 2)
        problems.push({
          path: `actions[${i}].target`,
          message: `${a.kind} targets a pod: "<namespace>/<pod>"`,
        });
      else checkTarget(a.target, `actions[${i}].target`);
    }
    if (a.kind === 'ResizePod') {
      if (a.target.split('/').length !== 2)
        problems.push({
          path: `actions[${i}].target`,
          message: 'ResizePod targets a pod: "<namespace>/<pod>"',
        });
      else {
        checkTarget(a.target, `actions[${i}].target`);
        a.containers.forEach((c, j) =>
          checkTarget(`${a.target}/${c.name}`, `actions[${i}].containers[${j}].name`),
        );
      }
    }
  });
  return problems;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The list limits, checked on the raw value before the schema runs, so a 10,000-pod file is
 * refused with its count at once instead of after validating every pod.
 */
function listLimitProblems(value: Record<string, unknown>): ScenarioProblem[] {
  const node = isRecord(value.node) ? value.node : {};
  const topology = isRecord(node.topology) ? node.topology : {};
  const lists: [string, unknown, number, string][] = [
    ['pods', value.pods, LIMITS.maxPods, 'pods'],
    ['faults', value.faults, LIMITS.maxFaults, 'faults'],
    ['actions', value.actions, LIMITS.maxActions, 'actions'],
    ['node.images', node.images, LIMITS.maxImages, 'images'],
    ['node.topology.cpus', topology.cpus, LIMITS.maxCpus, 'CPUs'],
  ];
  const problems: ScenarioProblem[] = [];
  for (const [path, list, max, what] of lists)
    if (Array.isArray(list) && list.length > max)
      problems.push({
        path,
        message: `${list.length.toLocaleString('en')} ${what}; at most ${max.toLocaleString('en')} ${what}`,
      });
  return problems;
}

/** Validates an already-parsed value (from JSON, a permalink, or a preset object). */
export function validateScenario(value: unknown, locate: Locate = () => ({})): ParseResult {
  if (depth(value, LIMITS.maxDepth) > LIMITS.maxDepth) {
    return {
      ok: false,
      problems: [
        { path: '', message: `the document is nested more than ${LIMITS.maxDepth} levels deep` },
      ],
    };
  }
  if (isRecord(value)) {
    const tooMany = listLimitProblems(value);
    if (tooMany.length)
      return { ok: false, problems: tooMany.map((p) => ({ ...p, ...locate(pathKeys(p.path)) })) };
  }
  const parsed = scenarioSchema.safeParse(value);
  if (!parsed.success) return { ok: false, problems: zodProblems(parsed.error, locate) };
  const cross = [
    ...crossCheck(parsed.data),
    ...nodeHardwareProblems(parsed.data),
    ...versionProblems(parsed.data),
  ].map((p) => ({
    ...p,
    ...locate(pathKeys(p.path)),
  }));
  if (cross.length) return { ok: false, problems: cross };
  return { ok: true, scenario: parsed.data };
}

function pathKeys(path: string): PropertyKey[] {
  const keys: PropertyKey[] = [];
  for (const m of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g))
    keys.push(m[2] !== undefined ? Number(m[2]) : m[1]!);
  return keys;
}

/** UTF-8 length of a string, without encoding it. */
function utf8Bytes(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      n += 4; // a surrogate pair is one 4-byte character
      i++;
    } else n += 3;
  }
  return n;
}

/** "5.2 MB", or the exact byte count when rounding would hide that it is over the limit. */
function formatSize(bytes: number): string {
  const mb = bytes / 1_000_000;
  return mb >= (LIMITS.maxBytes / 1_000_000) * 1.05
    ? `${mb.toFixed(1)} MB`
    : `${bytes.toLocaleString('en')} bytes`;
}

/**
 * JSON text (what permalinks and generated files hold) is read by JSON.parse first, about a
 * hundred times faster than the YAML parser, so a near-1 MB file of 10,000 pods is refused for
 * its count at once. Each problem's line is that of the list's key in the text.
 */
function jsonListLimits(text: string): ScenarioProblem[] | undefined {
  if (!/^\s*\{/.test(text)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined; // the YAML parser reports where it is malformed
  }
  if (!isRecord(value)) return undefined;
  const problems = listLimitProblems(value);
  if (!problems.length) return undefined;
  return problems.map((p) => {
    const key = new RegExp(`"${p.path.split('.').pop()!}"\\s*:\\s*\\[`).exec(text);
    if (!key) return p;
    const at = key.index;
    let line = 1;
    let lineStart = 0;
    for (let i = text.indexOf('\n'); i >= 0 && i < at; i = text.indexOf('\n', i + 1)) {
      line++;
      lineStart = i + 1;
    }
    return { ...p, line, column: at - lineStart + 1 };
  });
}

function aliasRange(doc: Document): number | undefined {
  let first: Alias | undefined;
  let unresolved: Alias | undefined;
  visit(doc, {
    Alias(_, node) {
      first ??= node;
      if (!node.resolve(doc)) {
        unresolved = node;
        return visit.BREAK;
      }
      return undefined;
    },
  });
  return (unresolved ?? first)?.range?.[0];
}

/** Parses YAML (JSON is YAML) text into a validated scenario. */
export function parseScenario(text: string): ParseResult {
  // Checked before the YAML parser runs: its cost grows with the text.
  const bytes = utf8Bytes(text);
  if (bytes > LIMITS.maxBytes) {
    return {
      ok: false,
      problems: [
        {
          path: '',
          message: `the scenario is ${formatSize(bytes)}; at most ${LIMITS.maxBytes / 1_000_000} MB (${LIMITS.maxBytes.toLocaleString('en')} bytes)`,
          line: 1,
        },
      ],
    };
  }
  const tooMany = jsonListLimits(text);
  if (tooMany) return { ok: false, problems: tooMany };
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, {
    lineCounter,
    prettyErrors: false,
    uniqueKeys: true,
  });
  if (doc.errors.length) {
    return {
      ok: false,
      problems: doc.errors.map((e) => {
        const pos = lineCounter.linePos(e.pos[0]);
        return { path: '', message: e.message.split('\n')[0]!, line: pos.line, column: pos.col };
      }),
    };
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 100 });
  } catch (e) {
    // Alias errors (unresolved, or too many: a "billion laughs") carry no position: point at the
    // first unresolved alias, or the first alias, so the editor can still mark a line.
    const at = aliasRange(doc);
    const pos = at === undefined ? { line: 1 } : lineCounter.linePos(at);
    return {
      ok: false,
      problems: [
        {
          path: '',
          message: (e as Error).message,
          line: pos.line,
          ...('col' in pos ? { column: pos.col } : {}),
        },
      ],
    };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return {
      ok: false,
      problems: [
        {
          path: '',
          message: 'a scenario is a mapping with apiVersion: kubeletscope/v1 and kind: Scenario',
          line: 1,
        },
      ],
    };
  }
  const locate: Locate = (path, at = 'value') => {
    // An unknown field is pointed at by its key, on its own line (its value may be a
    // block that starts below it).
    if (at === 'key' && path.length > 0) {
      const parent = doc.getIn(path.slice(0, -1) as (string | number)[], true);
      if (isMap(parent)) {
        const pair = parent.items.find(
          (it) => isScalar(it.key) && String(it.key.value) === String(path[path.length - 1]),
        );
        const range = pair && isScalar(pair.key) ? pair.key.range : undefined;
        if (range) {
          const pos = lineCounter.linePos(range[0]);
          return { line: pos.line, column: pos.col };
        }
      }
    }
    // The deepest node that exists on the path: a missing field points at its parent.
    for (let n = path.length; n >= 0; n--) {
      const node = doc.getIn(path.slice(0, n) as (string | number)[], true) as YamlNode | undefined;
      const range =
        node && (isMap(node) || isSeq(node) || 'range' in node) ? node.range : undefined;
      if (range) {
        const pos = lineCounter.linePos(range[0]);
        return { line: pos.line, column: pos.col };
      }
    }
    return {};
  };
  return validateScenario(value, locate);
}
