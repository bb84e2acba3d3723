/**
 * Golden traces of the preset scenarios: the Kubernetes Events and the klog lines at V(4).
 * UPDATE_GOLDEN=1 rewrites the files; each rewritten golden must be read against
 * ../shared/kubelet-facts.md before it is committed.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatKlog, logsAt, parseScenario, simulate } from '../../src/sim/index';

export const GOLDEN_SCENARIOS = [
  'hello-pod',
  'uncached-image',
  'two-init-containers',
  'sidecar-startup-probe',
  'poststart-hang-order',
  'poststart-failure',
  'crashloop-15m',
  'image-pull-backoff',
  'sandbox-failure',
  'serial-pulls',
  'parallel-pulls',
  'delete-grace-period',
] as const;

const update = process.env.UPDATE_GOLDEN === '1';

function render(name: string): { events: string; log: string } {
  const parsed = parseScenario(readFileSync(`presets/${name}.yaml`, 'utf8'));
  if (!parsed.ok) throw new Error(`${name}: ${JSON.stringify(parsed.problems)}`);
  const run = simulate(parsed.scenario);
  const events = run.trace.events
    .map(
      (e) =>
        `${(e.t / 1000).toFixed(3)}s\t${e.type}\t${e.reason}\t${e.object}\t${e.fieldPath ?? '-'}\t${e.message}`,
    )
    .join('\n');
  const log = logsAt(run.trace.logs, run.trace.steps.t.length, 4).map(formatKlog).join('\n');
  return { events: events + '\n', log: log + '\n' };
}

describe('golden traces', () => {
  for (const name of GOLDEN_SCENARIOS) {
    it(name, () => {
      const got = render(name);
      const base = `tests/golden/${name}`;
      if (update || !existsSync(`${base}.events.txt`)) {
        mkdirSync('tests/golden', { recursive: true });
        writeFileSync(`${base}.events.txt`, got.events);
        writeFileSync(`${base}.log.txt`, got.log);
      }
      expect(got.events).toBe(readFileSync(`${base}.events.txt`, 'utf8'));
      expect(got.log).toBe(readFileSync(`${base}.log.txt`, 'utf8'));
    });
  }
});
