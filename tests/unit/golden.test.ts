/**
 * Golden traces of the preset scenarios: the Kubernetes Events and the klog lines at V(4).
 * UPDATE_GOLDEN=1 rewrites the files; each rewritten golden must be read against
 * the kubelet facts before it is committed.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatKlog, logsAt, parseScenario, simulate } from '../../src/sim/index';
import { PRESET_IDS } from '../../src/sim/scenario/presets';
import type { KubeletVersionName } from '../../src/sim/versions/names';

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

function eventsOf(
  name: string,
  version?: KubeletVersionName,
  featureGates?: Readonly<Record<string, boolean>>,
) {
  const parsed = parseScenario(readFileSync(`presets/${name}.yaml`, 'utf8'));
  if (!parsed.ok) throw new Error(`${name}: ${JSON.stringify(parsed.problems)}`);
  const node = parsed.scenario.node;
  const scenario = {
    ...parsed.scenario,
    node: {
      ...node,
      ...(version === undefined ? {} : { kubeletVersion: version }),
      ...(featureGates === undefined
        ? {}
        : {
            kubelet: {
              ...node.kubelet,
              featureGates: { ...node.kubelet.featureGates, ...featureGates },
            },
          }),
    },
  };
  const run = simulate(scenario);
  const events = run.trace.events
    .map(
      (e) =>
        `${(e.t / 1000).toFixed(3)}s\t${e.type}\t${e.reason}\t${e.object}\t${e.fieldPath ?? '-'}\t${e.message}`,
    )
    .join('\n');
  return { run, events };
}

/** Compares with the golden file; a missing golden fails unless UPDATE_GOLDEN=1 writes it. */
function matchGolden(path: string, got: string): void {
  if (update) {
    mkdirSync(path.slice(0, path.lastIndexOf('/')), { recursive: true });
    writeFileSync(path, got);
  }
  expect(existsSync(path), `${path} is missing: run UPDATE_GOLDEN=1 and read it`).toBe(true);
  expect(got).toBe(readFileSync(path, 'utf8'));
}

function render(
  name: string,
  version?: KubeletVersionName,
  featureGates?: Readonly<Record<string, boolean>>,
): { events: string; log: string } {
  const { run, events } = eventsOf(name, version, featureGates);
  const log = logsAt(run.trace.logs, run.trace.steps.t.length, 4).map(formatKlog).join('\n');
  return { events: events + '\n', log: log + '\n' };
}

describe('golden traces', () => {
  for (const name of GOLDEN_SCENARIOS) {
    it(name, () => {
      const got = render(name);
      const base = `tests/golden/${name}`;
      matchGolden(`${base}.events.txt`, got.events);
      matchGolden(`${base}.log.txt`, got.log);
    });
  }
});

// The app's presets: each one's Events and klog at V(4) are pinned too, so a change to the
// engine that alters what a preset shows or logs is a reviewed change.
describe('golden Events and klog of the app presets', () => {
  // The golden scenarios among them are pinned above, events and log.
  const golden: readonly string[] = GOLDEN_SCENARIOS;
  for (const id of PRESET_IDS.filter((p) => !golden.includes(p))) {
    it(id, () => {
      const got = render(id);
      matchGolden(`tests/golden/presets/${id}.events.txt`, got.events);
      matchGolden(`tests/golden/presets/${id}.log.txt`, got.log);
    });
  }
});

/**
 * Minors across the changelog (the printf era, the structured-logging migration, the pod
 * lifecycle rework, Created/Started texts, contextual logging, today) and 1.3: the version presets
 * on each (what the Kubelet version picker shows), and a few more presets on the older minors.
 */
export const GOLDEN_VERSIONS = ['1.37', '1.35', '1.33', '1.28', '1.22', '1.18', '1.3'] as const;

describe('golden Events and klog of the version presets on each kubelet version', () => {
  for (const id of ['v1-18-prestart-cpuset', 'v1-3-infra-container', 'start-order-across-versions'])
    for (const v of GOLDEN_VERSIONS)
      it(`${id} on ${v}`, () => {
        const got = render(id, v);
        matchGolden(`tests/golden/versions/${id}.${v}.events.txt`, got.events);
        matchGolden(`tests/golden/versions/${id}.${v}.log.txt`, got.log);
      });
});

describe('golden Events and klog of presets on older minors', () => {
  for (const id of ['hello-pod', 'crashloop-backoff', 'poststart-failure', 'static-vs-none'])
    for (const v of GOLDEN_VERSIONS.filter((x) => x !== '1.37' && x !== '1.3'))
      it(`${id} on ${v}`, () => {
        const got = render(id, v);
        matchGolden(`tests/golden/versions/${id}.${v}.events.txt`, got.events);
        matchGolden(`tests/golden/versions/${id}.${v}.log.txt`, got.log);
      });
});

// Pod-level resources across the releases that differ: the static policy pins the pod (1.33,
// gate on: the golden's run turns it on), skips it (1.34 at -v 2, 1.35 at -v 0, 1.36+ naming
// PodLevelResourceManagers). The pull credential check: off in 1.34, so no second pull.
// RestartAllContainers on 1.35 with its gates on: no requeue after the reset, no last state. The
// presets' own goldens (above) are the current kubelet's.
describe('golden Events and klog of presets on the releases around their features', () => {
  const cases = [
    ['pod-level-resources', '1.35', { PodLevelResources: true }],
    ['pod-level-resources', '1.34', { PodLevelResources: true }],
    ['pod-level-resources', '1.33', { PodLevelResources: true }],
    ['image-pull-credentials', '1.34', undefined],
    // RestartAllContainers with its alpha gate (and dependency) on: no requeue after the reset.
    [
      'restart-all-on-exit',
      '1.35',
      { RestartAllContainersOnContainerExits: true, NodeDeclaredFeatures: true },
    ],
  ] as const;
  for (const [id, v, gates] of cases)
    it(`${id} on ${v}`, () => {
      const got = render(id, v, gates);
      matchGolden(`tests/golden/versions/${id}.${v}.events.txt`, got.events);
      matchGolden(`tests/golden/versions/${id}.${v}.log.txt`, got.log);
    });
});
