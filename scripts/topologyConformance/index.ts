/**
 * The topology, memory and device manager vectors (tests/fixtures/topology/): one runner per
 * file schema, each case run as the kubelet release the file's Go tables were read at (or as
 * another release, to see which cases that release's behaviour changes).
 */
import { minorOf } from '../../src/sim/policies/topologymanager/optionReleases';
import { CaseError, obj, type Json } from './common';
import { DEVICE_RUNNERS } from './devices';
import { MEMORY_RUNNERS } from './memory';
import { TOPOLOGY_RUNNERS, type Runner } from './topology';

export interface CaseResult {
  readonly name: string;
  readonly pass: boolean;
  readonly detail: string;
}

interface SchemaRunner {
  /** The release the file's tables come from (tests/fixtures/topology/README.md). */
  readonly release: string;
  readonly runnerOf: (c: Json) => Runner | undefined;
  readonly label: string;
}

const byKind = (table: Record<string, Runner>) => (c: Json) =>
  typeof c.kind === 'string' ? table[c.kind] : undefined;
const byTestFunction = (table: Record<string, Runner>) => (c: Json) => {
  const src = c.source as Json | undefined;
  return typeof src?.testFunction === 'string' ? table[src.testFunction] : undefined;
};

export const TOPOLOGY_SCHEMAS: Readonly<Record<string, SchemaRunner>> = {
  'kubeletscope/topology-vectors/topology-merge@1': {
    release: '1.34',
    runnerOf: byKind(TOPOLOGY_RUNNERS),
    label: 'kind',
  },
  'kubeletscope/topology-vectors/topology-policy-options@1': {
    release: '1.34',
    runnerOf: byKind(TOPOLOGY_RUNNERS),
    label: 'kind',
  },
  'kubeletscope/topology-vectors/memory-static@1': {
    release: '1.30',
    runnerOf: byTestFunction(MEMORY_RUNNERS),
    label: 'test function',
  },
  'kubeletscope/topology-vectors/device-hints@1': {
    release: '1.34',
    runnerOf: byTestFunction(DEVICE_RUNNERS),
    label: 'test function',
  },
};

/** Whether a vectors file is one of these (told apart by its `schema`). */
export function isTopologyVectors(data: unknown): boolean {
  return (
    typeof data === 'object' &&
    data !== null &&
    typeof (data as Json).schema === 'string' &&
    ((data as Json).schema as string) in TOPOLOGY_SCHEMAS
  );
}

function caseName(c: Json, i: number): string {
  const src = (c.source ?? {}) as Json;
  const base = typeof c.name === 'string' && c.name !== '' ? c.name : `case #${i}`;
  const where = [src.testFunction, src.table].filter((x) => typeof x === 'string').join('/');
  const index = typeof c.index === 'number' ? ` #${c.index}` : '';
  return where ? `${where}: ${base}${index}` : `${base}${index}`;
}

function runOne(runner: Runner, c: Json, minor: number): string | null {
  try {
    return runner(c, minor);
  } catch (e) {
    return `could not run: ${e instanceof Error ? e.message : String(e)}`;
  }
}

/**
 * Runs every case of a file. `release` ("1.N") overrides the file's own; a case that passes as
 * the file's release and fails as another says so.
 */
export function runTopologyVectors(
  data: unknown,
  release?: string,
): { release: string; fileRelease: string; results: CaseResult[] } {
  const file = obj(data, 'vectors file');
  const schema = TOPOLOGY_SCHEMAS[String(file.schema)];
  if (!schema) throw new CaseError(`unknown schema ${JSON.stringify(file.schema)}`);
  const cases = file.cases;
  if (!Array.isArray(cases)) throw new CaseError('vectors file has no "cases" array');
  const minor = minorOf(release ?? schema.release);
  const own = minorOf(schema.release);
  const results = cases.map((raw, i): CaseResult => {
    const c = typeof raw === 'object' && raw !== null ? (raw as Json) : {};
    const name = caseName(c, i);
    const runner = schema.runnerOf(c);
    if (!runner)
      return {
        name,
        pass: false,
        detail: `unsupported case ${schema.label} ${JSON.stringify(c.kind ?? (c.source as Json | undefined)?.testFunction)}`,
      };
    const d = runOne(runner, c, minor);
    if (d === null) return { name, pass: true, detail: '' };
    const asOwn = minor === own ? d : runOne(runner, c, own);
    return {
      name,
      pass: false,
      detail:
        asOwn === null
          ? `${d} (passes as ${schema.release}: the behaviour differs in 1.${minor})`
          : d,
    };
  });
  return { release: `1.${minor}`, fileRelease: schema.release, results };
}
