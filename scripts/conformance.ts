/**
 * npm run conformance -- <vectors.json>
 * Runs every case of a vectors file (the format of tests/fixtures/cpu-assignment.json) through
 * the engine, prints PASS/FAIL per case and "N passed, M failed"; exits 1 if any case fails.
 */
import { readFileSync } from 'node:fs';
import { runConformance } from './conformanceCases';

const path = process.argv[2];
if (path === undefined) {
  console.error('usage: npm run conformance -- <vectors.json>');
  process.exit(2);
}
let data: unknown;
try {
  data = JSON.parse(readFileSync(path, 'utf8'));
} catch (e) {
  console.error(`cannot read ${path}: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(2);
}
const results = runConformance(data);
for (const r of results) console.log(r.pass ? `PASS ${r.name}` : `FAIL ${r.name}: ${r.detail}`);
const passed = results.filter((r) => r.pass).length;
const failed = results.length - passed;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
