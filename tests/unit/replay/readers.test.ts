import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eventRows, replayText, unusable } from '../../../src/replay';
import type { ReplayResult } from '../../../src/replay';

const dir = join(import.meta.dirname, '../../fixtures/replay');
const read = (f: string, year = 2026) => replayText(readFileSync(join(dir, f), 'utf8'), { year });
const whats = (r: ReplayResult) => r.events.map((e) => e.what);
const containers = (r: ReplayResult, pod: string) =>
  Object.fromEntries(
    [...(r.pods.get(pod)?.containers.values() ?? [])].map((c) => [
      c.name,
      { image: c.image, init: c.init },
    ]),
  );

describe('klog text, structured', () => {
  const r = read('klog-structured.log');
  it('recognises the start-up path by file and message', () => {
    expect(whats(r)).toEqual([
      'SyncLoopAdd',
      'PodFirstSync',
      'SyncPodEnter',
      'VolumeMountSucceeded',
      'NoSandbox',
      'CreatingSandbox',
      'CreatedSandbox',
      'CreatingContainer',
      'EventPulling',
      'EventPulled',
      'EventCreated',
      'EventStarted',
      'GenericPLEG',
      'PLEGContainerStarted',
      'SyncPodExit',
      'ProbeFailed',
      'ProbeSucceeded',
      'SyncLoopProbe',
      'PodStartupObserved',
    ]);
    expect(r.unknownMessages).toBe(1);
    expect(r.skipped).toBe(0);
    expect(r.formats).toEqual(['klog']);
  });
  it('times are µs-exact, relative to the first line', () => {
    const rows = eventRows(r);
    expect(rows[0]).toMatchObject({ t: 0, pod: 'default/nginx', what: 'SyncLoopAdd', line: 1 });
    expect(rows.find((e) => e.what === 'CreatedSandbox')!.t).toBe(1198.173);
    expect(rows[0]!.text).toBe(
      'I1129 18:13:10.314127    2775 kubelet.go:2433] "SyncLoop ADD" source="api" pods=["default/nginx"]',
    );
  });
  it('joins a multi-line value to its record and keeps reading after it', () => {
    const failed = r.events.find((e) => e.what === 'ProbeFailed')!;
    expect(failed.line).toBe(16);
    expect(failed.container).toBe('nginx');
    expect(r.events.find((e) => e.what === 'ProbeSucceeded')!.line).toBe(20);
  });
  it('learns the pod, its uid, its container and image; PLEG lines resolve by uid', () => {
    expect(r.pods.get('default/nginx')?.uid).toBe('6f0b7c1e-2a4d-4e55-9c1e-0d8f3e2b9a11');
    expect(containers(r, 'default/nginx')).toEqual({
      nginx: { image: 'nginx:1.27', init: false },
    });
    expect(r.events.find((e) => e.what === 'GenericPLEG')!.pod).toBe('default/nginx');
    // Its tells put it at 1.32–1.34 ("Created container: nginx"): it runs as the newest of them.
    expect([r.version.label, r.version.version]).toEqual(['1.32–1.34', '1.34']);
  });
});

describe('printf-era klog', () => {
  it('v1.18: SyncLoop (ADD, "api"), format.Pod names, Event(v1.ObjectReference…)', () => {
    const r = read('klog-printf-v118.log');
    expect(whats(r)).toEqual([
      'SyncLoopAdd',
      'ReceivingNewPod',
      'VolumeMountSucceeded',
      'NoSandbox',
      'CreatingSandbox',
      'CreatedSandbox',
      'PodIP',
      'CreatingContainer',
      'EventPulling',
      'EventPulled',
      'EventCreated',
      'EventStarted',
      'GenericPLEG',
      'PLEGContainerStarted',
      'ProbeFailed',
    ]);
    expect(r.events.every((e) => e.pod === 'shop/web')).toBe(true);
    expect(r.pods.get('shop/web')?.uid).toBe('3c8f5a0e-7d1b-4f6a-9e2d-5b4c3a2f1e0d');
    expect(containers(r, 'shop/web')).toEqual({ web: { image: 'nginx:1.17', init: false } });
    expect(r.version.version).toBe('1.18');
    expect(r.formats).toEqual(['klog-printf']);
  });
  it('v1.3: api.ObjectReference and docker-era Event texts', () => {
    const r = read('klog-v13.log');
    expect(r.version.version).toBe('1.3');
    expect(r.version.tells.join(' ')).toMatch(/docker id|api\.ObjectReference|lower case/);
    expect(eventRows(r).map((e) => e.t)).toEqual([0, 2500, 8500, 8800, 9100]);
  });
  it('v1.3: DockerManager lines (docker_manager.go) without any Event line', () => {
    const log = [
      'I1122 10:00:00.000000    1234 kubelet.go:2430] SyncLoop (ADD, "api"): "web_default(cf54df4f-d054-40e2-94e2-ca54d770e275)"',
      'I1122 10:00:00.000000    1234 docker_manager.go:1735] Need to restart pod infra container for "web_default(cf54df4f-d054-40e2-94e2-ca54d770e275)" because it is not found',
    ].join('\n');
    const r = replayText(log, { year: 2026 });
    expect(r.version.version).toBe('1.3');
    expect(r.version.tells.join(' ')).toContain('docker_manager.go');
  });
});

describe('JSON logs', () => {
  it('reads ts (epoch ms), caller, msg and flattened key/values', () => {
    const r = read('json.log');
    expect(whats(r)).toEqual([
      'SyncLoopAdd',
      'NoSandbox',
      'CreatingSandbox',
      'CreatedSandbox',
      'CreatingContainer',
      'EventStarted',
      'PLEGContainerStarted',
      'ErrorSyncingPod',
      'CpuReserved',
    ]);
    expect(r.events.filter((e) => e.pod).every((e) => e.pod === 'prod/api')).toBe(true);
    expect(eventRows(r)[3]!.t).toBe(698.173);
    expect(containers(r, 'prod/api')).toEqual({
      api: { image: 'example.com/api:2.0', init: false },
    });
    // "Reserved CPUs not available…" is the CPU manager's, node-wide.
    expect(r.events.at(-1)).toMatchObject({ pod: null, what: 'CpuReserved' });
    expect(r.unknownMessages).toBe(0);
    expect(r.formats).toEqual(['json']);
  });
});

describe('journald, syslog and host prefixes', () => {
  const r = read('prefixes.log');
  it('strips every prefix and keeps the klog µs time', () => {
    const adds = r.events.filter((e) => e.what === 'SyncLoopAdd').map((e) => e.pod);
    expect(adds).toEqual([
      'default/p1',
      'openshift/p2',
      'kube-system/p3',
      'cattle-system/p4',
      'default/p5',
      'default/p6',
      'default/p7',
    ]);
    const rows = eventRows(r);
    expect(rows.map((e) => e.t)).toEqual([
      0, 185.873, 685.873, 1685.873, 2685.873, 3685.873, 4685.873, 5685.873, 6685.873, 7685.873,
    ]);
    expect(r.node).toBe('node-a');
  });
  it('joins journald continuation lines of a multi-line value; other units are skipped', () => {
    const probe = r.events.find((e) => e.what === 'ProbeFailed')!;
    expect(probe).toMatchObject({ pod: 'default/p1', line: 10, container: 'app' });
    expect(r.skipped).toBe(1); // the systemd line
  });
});

describe('broken, cut and non-UTF-8 input', () => {
  it('skips and counts what it cannot read, keeps the rest', () => {
    const r = read('broken.log');
    expect(whats(r)).toEqual([
      'SyncLoopAdd',
      'CreatingSandbox',
      'SyncLoopAdd',
      'SyncLoopAdd',
      'SyncPodEnter',
    ]);
    // free text, the cut header, the impossible month 13, two broken JSON lines
    expect(r.skipped).toBe(5);
    expect(r.pods.get('default/cut')?.uid).toBe('deadbeef-0000-4000-8000-00000000cafe');
  });
  it('reads around invalid bytes', () => {
    const buf = readFileSync(join(dir, 'non-utf8.log'));
    const r = replayText(new TextDecoder('utf-8').decode(buf), { year: 2026 });
    expect(whats(r)).toEqual(['SyncLoopAdd', 'CreatingSandbox']);
    expect(r.skipped).toBe(1);
    expect(r.unknownMessages).toBe(1);
  });
  it('nothing recognisable gives one clear sentence', () => {
    const r = replayText('hello\nworld\n', { year: 2026 });
    expect(r.events).toHaveLength(0);
    expect(unusable(r)).toMatch(/^nothing recognisable in 2 lines: expected kubelet klog/);
    expect(unusable(replayText('', { year: 2026 }))).toBe('the input is empty');
  });
  it('bumps the year when the log crosses New Year', () => {
    const r = replayText(
      [
        'I1231 23:59:59.500000    1 kubelet.go:2433] "SyncLoop ADD" source="api" pods=["default/a"]',
        'I0101 00:00:00.250000    1 kubelet.go:2433] "SyncLoop ADD" source="api" pods=["default/b"]',
      ].join('\n'),
      { year: 2025 },
    );
    expect(eventRows(r).map((e) => e.t)).toEqual([0, 750]);
  });
});

describe('kubectl describe pod', () => {
  it('reads the Events table by header columns, ages as negative times, and the containers', () => {
    const r = read('describe-pod.txt');
    expect(whats(r).filter((w) => w.startsWith('Event'))).toEqual([
      'EventScheduled',
      'EventPulling',
      'EventPulled',
      'EventCreated',
      'EventStarted',
      'EventPulling',
      'EventPulled',
      'EventCreated',
      'EventStarted',
      'EventUnhealthy',
    ]);
    const events = r.events.filter((e) => e.what.startsWith('Event'));
    expect(events[0]!.us).toBe(-300_000_000);
    // "4m10s (x3 over 4m17s)": the first of three was 4m17s ago.
    expect(events[9]!.us).toBe(-257_000_000);
    expect(containers(r, 'shop/checkout')).toEqual({
      migrate: { image: 'example.com/shop/migrate:1.4', init: true },
      app: { image: 'example.com/shop/checkout:3.1', init: false },
    });
    expect(r.pods.get('shop/checkout')?.containers.get('app')?.requests).toEqual({
      cpu: '2',
      memory: '1Gi',
    });
    expect(r.node).toBe('worker-3');
    expect(r.events.find((e) => e.what === 'EventCreated')?.container).toBe('migrate');
  });
  it('v1.3 header (FirstSeen … SubObjectPath) gives the v1.3 guess', () => {
    const r = read('describe-pod-v13.txt');
    expect(whats(r).filter((w) => w.startsWith('Event'))).toEqual([
      'EventScheduled',
      'EventPulling',
      'EventCreated',
    ]);
    expect(r.events.find((e) => e.what === 'EventPulling')!.container).toBe('redis');
    expect(r.version.version).toBe('1.3');
    expect(r.node).toBe('node-1');
  });
});

describe('kubectl get events', () => {
  it('table', () => {
    const r = read('events-table.txt');
    expect(r.events.map((e) => [e.what, e.pod, e.us])).toEqual([
      ['EventScheduled', 'default/worker-7d9f', -180e6],
      ['EventPulling', 'default/worker-7d9f', -180e6],
      ['EventPulled', 'default/worker-7d9f', -170e6],
      ['EventCreated', 'default/worker-7d9f', -170e6],
      ['EventStarted', 'default/worker-7d9f', -170e6],
    ]);
    expect(r.events[3]!.container).toBe('worker');
  });
  it('-o wide with NAMESPACE, SUBOBJECT and FIRST SEEN', () => {
    const r = read('events-wide.txt');
    expect(r.events.map((e) => [e.what, e.pod, e.container, e.us])).toEqual([
      ['EventPulling', 'default/nginx-a1', 'nginx', -40e6],
      ['EventPulled', 'default/nginx-a1', 'nginx', -35e6],
      ['EventBackOff', 'default/nginx-a1', 'nginx', -120e6],
    ]);
    expect(r.node).toBe('node-9');
  });
  it('-o json (core/v1 and events.k8s.io/v1), with the line of each item', () => {
    const r = read('events.json');
    expect(eventRows(r).map((e) => [e.t, e.what, e.line])).toEqual([
      [0, 'EventPulling', 5],
      [2000, 'EventPulled', 19],
      [2412.345, 'EventStarted', 33],
    ]);
    expect(r.pods.get('default/web')?.uid).toBe('9d1c2b3a-4e5f-4a6b-8c7d-0e1f2a3b4c5d');
    expect(r.formats).toEqual(['events-json']);
  });
  it('-o yaml', () => {
    const r = read('events.yaml');
    expect(r.events.map((e) => [e.what, e.container, e.line])).toEqual([
      ['EventStarted', 'init-perms', 3],
      ['EventPulled', 'postgres', 16],
    ]);
    expect(containers(r, 'data/db-0')).toEqual({
      'init-perms': { image: undefined, init: true },
      postgres: { image: 'postgres:16', init: false },
    });
  });
});

describe('documents', () => {
  it('kubectl get pod -o yaml: spec containers, creation, conditions, container start', () => {
    const r = read('pod.yaml');
    expect(r.events.map((e) => [e.what, e.us - r.originUs])).toEqual([
      ['PodCreated', 0],
      ['ConditionPodScheduled', 0],
      ['ConditionReady', 9e6],
      // The status as it was when printed (its latest time) and the start it records.
      ['ContainerState', 9e6],
      ['ContainerStartedAt', 8e6],
    ]);
    expect(r.pods.get('default/cache')?.containers.get('redis')).toMatchObject({
      image: 'redis:7.2',
      requests: { cpu: '1', memory: '256Mi' },
    });
    expect(r.node).toBe('node-7');
  });
  it('cpu_manager_state: policy, default set, assignments by pod uid', () => {
    const r = read('cpu_manager_state');
    expect(r.cpuManager).toEqual({ policy: 'static', defaultCpuSet: '0,2-8,10-15', maxCpu: 15 });
    expect(r.events.map((e) => [e.what, e.pod, e.container ?? null])).toEqual([
      ['CpuManagerState', null, null],
      ['CpuAssignment', null, 'app'],
    ]);
  });
});
