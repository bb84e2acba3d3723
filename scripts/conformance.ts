/**
 * npm run conformance -- <vectors.json> [--kubelet-version 1.N]
 * Runs every case of a vectors file through the engine, prints PASS/FAIL per case and
 * "N passed, M failed"; exits 1 if any case fails. The file is told apart by its `schema`: the
 * topology, memory and device manager vectors (tests/fixtures/topology/) run as the kubelet
 * release their tables come from unless --kubelet-version names another; a file without one of
 * those schemas is CPU manager vectors (the format of tests/fixtures/cpu-assignment.json).
 */
import { readFileSync } from 'node:fs';
import { runConformance } from './conformanceCases';
import { isTopologyVectors, runTopologyVectors } from './topologyConformance/index';

function usage(msg: string): never {
  console.error(`${msg}\nusage: npm run conformance -- <vectors.json> [--kubelet-version 1.N]`);
  process.exit(2);
}

const args = process.argv.slice(2);
let path: string | undefined;
let release: string | undefined;
for (let i = 0; i < args.length; i++) {
  const a = args[i]!;
  if (a === '--kubelet-version') {
    release = args[++i];
    if (release === undefined || !/^1\.\d+$/.test(release))
      usage(`--kubelet-version takes a release such as 1.34 (got "${release ?? ''}")`);
  } else if (a.startsWith('--')) usage(`unknown option ${a}`);
  else if (path === undefined) path = a;
  else usage('one vectors file only');
}
if (path === undefined) usage('missing vectors file');
let data: unknown;
try {
  data = JSON.parse(readFileSync(path, 'utf8'));
} catch (e) {
  console.error(`cannot read ${path}: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(2);
}
let results: { name: string; pass: boolean; detail: string }[];
if (isTopologyVectors(data)) {
  const run = runTopologyVectors(data, release);
  console.log(
    `# ${String((data as { schema: string }).schema)} as kubelet ${run.release}` +
      (run.release === run.fileRelease ? '' : ` (the file's tables are ${run.fileRelease}'s)`),
  );
  results = run.results;
} else {
  if (release !== undefined) usage('--kubelet-version applies to the topology vectors only');
  results = runConformance(data);
}
for (const r of results) console.log(r.pass ? `PASS ${r.name}` : `FAIL ${r.name}: ${r.detail}`);
const passed = results.filter((r) => r.pass).length;
const failed = results.length - passed;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
