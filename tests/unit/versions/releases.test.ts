/**
 * Each behaviour, text and layout change of the changelog differs exactly at its release: the
 * check holds on the release that brought it and fails on the release before (and, for the
 * changes a later release undid, the other way round). Runs presets and small scenarios on the
 * two minors either side of each row.
 */
import { describe, expect, it } from 'vitest';
import {
  describePod,
  formatKlog,
  logsAt,
  parseScenario,
  simulate,
  versionProblems,
  type SimulationRun,
} from '../../../src/sim/index';
import { readFileSync } from 'node:fs';
import type { Scenario } from '../../../src/sim/scenario/schema';
import { KUBELET_MINORS, type KubeletVersionName } from '../../../src/sim/versions/names';
import { profileOf } from '../../../src/sim/versions/changelog/profile';
import { pod, scenario } from '../kubelet/helpers';

const cache = new Map<string, SimulationRun>();

function parsed(text: string): Scenario {
  const p = parseScenario(text);
  if (!p.ok) throw new Error(JSON.stringify(p.problems));
  return p.scenario;
}

function on(s: Scenario, v: KubeletVersionName): Scenario {
  return { ...s, node: { ...s.node, kubeletVersion: v } };
}

/** A preset (or scenario text) run on `v`, once. */
function run(what: string, v: KubeletVersionName): SimulationRun {
  const key = `${what}@${v}`;
  let r = cache.get(key);
  if (!r) {
    const text = what.includes('\n') ? what : readFileSync(`presets/${what}.yaml`, 'utf8');
    r = simulate(on(parsed(text), v));
    cache.set(key, r);
  }
  return r;
}

const log = (r: SimulationRun, v = 4) =>
  logsAt(r.trace.logs, r.trace.steps.t.length, v).map(formatKlog).join('\n');
const events = (r: SimulationRun) => r.trace.events.map((e) => `${e.reason}: ${e.message}`);
const before = (v: KubeletVersionName): KubeletVersionName =>
  KUBELET_MINORS[KUBELET_MINORS.indexOf(v as (typeof KUBELET_MINORS)[number]) + 1]!;

const MISSING_EXECUTABLE = scenario({
  pods: pod('web', `containers:\n  - name: app\n    image: nginx:1.27\n    command: [x]`),
  faults: `  - kind: StartContainerError\n    target: default/web/app\n    times: 1`,
});

const HTTP_POSTSTART = scenario({
  pods: pod(
    'web',
    `containers:
  - name: app
    image: nginx:1.27
    lifecycle: { postStart: { httpGet: { path: /warm, port: 80 } } }`,
  ),
  faults: `  - kind: PostStartFail\n    target: default/web/app\n    times: 1`,
});

/** Two pods on the none policy: the first's containers leave the containerMap when it goes. */
const CONTAINER_MAP = scenario({
  kubelet: 'cpuManagerPolicy: none',
  pods: `${pod('a', 'containers:\n  - { name: app, image: nginx:1.27 }')}
  - at: 30s
    manifest:
      metadata: { name: b }
      spec:
        containers:
          - { name: app, image: nginx:1.27 }`,
  actions: '  - { kind: DeletePod, at: 10s, target: default/a, gracePeriodSeconds: 1 }',
  horizon: '45s',
});

const BAD_IMAGE = scenario({
  pods: pod('web', `containers:\n  - name: app\n    image: "nginx:1.27:bad"`),
});

/** [row, release, the check: true from the release on] */
const CASES: readonly [string, KubeletVersionName, (v: KubeletVersionName) => boolean][] = [
  // Events' texts
  [
    'Created: "Created container: app"',
    '1.32',
    (v) =>
      events(run('hello-pod', v)).includes('Created: Created container: app') ||
      events(run('hello-pod', v)).includes('Created: Container created'),
  ],
  [
    'Created/Started: "Container created", "Container started"',
    '1.35',
    (v) => events(run('hello-pod', v)).includes('Started: Container started'),
  ],
  [
    'Pulled (present): "… and can be accessed by the pod"',
    '1.35',
    (v) => events(run('hello-pod', v)).some((e) => e.endsWith('and can be accessed by the pod')),
  ],
  [
    'Pulled: the pull time with "including waiting"',
    '1.26',
    (v) => events(run('uncached-image', v)).some((e) => e.includes('including waiting')),
  ],
  [
    'Pulled: the image size',
    '1.30',
    (v) => events(run('uncached-image', v)).some((e) => e.includes('Image size:')),
  ],
  [
    'BackOff: names the container and the pod',
    '1.26',
    (v) =>
      events(run('crashloop-backoff', v)).some((e) =>
        /^BackOff: Back-off restarting failed container \S+ in pod /.test(e),
      ),
  ],
  // klog
  [
    'structured klog (KEP-1602)',
    '1.21',
    (v) => log(run('hello-pod', v)).includes('"SyncLoop ADD"'),
  ],
  [
    '"Observed pod startup duration" with pull sessions',
    '1.36',
    (v) => log(run('hello-pod', v)).includes('imagePullSessionsCount='),
  ],
  [
    '"Creating container in pod" names the container',
    '1.34',
    (v) =>
      log(run('hello-pod', v)).includes(
        '"Creating container in pod" containerType="container" container="app"',
      ),
  ],
  [
    'podActions through String()',
    '1.28',
    (v) => log(run('hello-pod', v)).includes('podActions="KillPod: '),
  ],
  [
    '"Allocate start" (contextual logging of the static policy)',
    '1.35',
    (v) => log(run('static-vs-none', v)).includes('"Allocate start"'),
  ],
  [
    '"Unhandled Error" for HandleError',
    '1.31',
    (v) => log(run('poststart-failure', v), 0).includes('"Unhandled Error"'),
  ],
  [
    'Event broadcaster lines are structured ("Event occurred")',
    '1.19',
    (v) => log(run('hello-pod', v), 3).includes('"Event occurred"'),
  ],
  // behaviours
  [
    'goQuotedUrlErrors: Get "http://…"',
    '1.19',
    (v) => events(run(HTTP_POSTSTART, v)).some((e) => e.includes('Get "http://')),
  ],
  [
    'preCreateContainerCpuset: no UpdateContainerResources before StartContainer',
    '1.21',
    (v) => !run('v1-18-prestart-cpuset', v).trace.strings.includes('updatingContainerResources'),
  ],
  [
    'podLifecycleRework: SyncTerminatingPod',
    '1.22',
    (v) => /"[sS]yncTerminatingPod enter"/.test(log(run('delete-grace-period', v))),
  ],
  [
    'postStartHookEventGeneric: "PostStartHook failed"',
    '1.26',
    (v) =>
      events(run('poststart-failure', v)).some(
        (e) => e === 'FailedPostStartHook: PostStartHook failed',
      ),
  ],
  [
    'runc12StartError: "runc create failed"',
    '1.26',
    (v) => events(run(MISSING_EXECUTABLE, v)).some((e) => e.includes('runc create failed')),
  ],
  [
    'imageParseErrorSaysName: "couldn\'t parse image name"',
    '1.28',
    (v) => JSON.stringify(run(BAD_IMAGE, v).trace.events).includes("couldn't parse image name"),
  ],
  [
    'prevPullErrMsg: the image back-off carries the pull error',
    '1.32',
    (v) =>
      /"Container start failed in pod" .*containerMessage="Back-off pulling image [^\n]*: ErrImagePull: /.test(
        log(run('image-pull-backoff', v), 3),
      ),
  ],
  [
    'cpuContainerMapPass: "containerMap: removing container"',
    '1.22',
    (v) =>
      (
        log(run(CONTAINER_MAP, v), 2).match(
          /removeStaleState: removing|RemoveStaleState: (containerMap: )?removing container/gi,
        ) ?? []
      ).length > 0,
  ],
  // gates
  [
    'DisableCPUQuotaWithExclusiveCPUs: "Disabled CFS quota"',
    '1.33',
    (v) => log(run('static-vs-none', v)).includes('"Disabled CFS quota"'),
  ],
  [
    'SidecarContainers beta, on',
    '1.29',
    (v) =>
      versionProblems(on(parsed(readFileSync('presets/sidecar-startup-probe.yaml', 'utf8')), v))
        .length === 0,
  ],
  [
    'KubeletEnsureSecretPulledImages beta, on',
    '1.35',
    (v) => profileOf(v).gates.KubeletEnsureSecretPulledImages?.default === true,
  ],
  [
    'KubeletCrashLoopBackOffMax declared (alpha)',
    '1.32',
    (v) => profileOf(v).gates.KubeletCrashLoopBackOffMax !== undefined,
  ],
  [
    'KubeletCrashLoopBackOffMax beta, on',
    '1.35',
    (v) => profileOf(v).gates.KubeletCrashLoopBackOffMax?.default === true,
  ],
  [
    'ChangeContainerStatusOnKubeletRestart deprecated, off',
    '1.35',
    (v) => profileOf(v).gates.ChangeContainerStatusOnKubeletRestart?.stage === 'deprecated',
  ],
  // kubectl describe
  [
    'describe: Service Account line',
    '1.25',
    (v) =>
      /^Service Account:/m.test(
        describePod(run('hello-pod', v), 'default/web', run('hello-pod', v).trace.steps.t.length),
      ),
  ],
  [
    'describe: Events with the field path',
    '1.35',
    (v) =>
      describePod(
        run('hello-pod', v),
        'default/web',
        run('hello-pod', v).trace.steps.t.length,
      ).includes('spec.containers{app}: '),
  ],
];

describe('each change differs exactly at its release', () => {
  it.each(CASES)('%s (%s)', (_row, release, check) => {
    expect(check(release), `on ${release}`).toBe(true);
    expect(check(before(release)), `on ${before(release)}`).toBe(false);
  });
});

describe('a change a later release undid', () => {
  it('probes start after the volumes in 1.22, at admission again in 1.23, after the volumes from 1.24', () => {
    const b = (v: KubeletVersionName) => profileOf(v).behaviours.probesAfterVolumes;
    expect([b('1.21'), b('1.22'), b('1.23'), b('1.24'), b('1.37')]).toEqual([
      false,
      true,
      false,
      true,
      true,
    ]);
  });
});
