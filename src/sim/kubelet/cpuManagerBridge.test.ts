/**
 * The containerMap held by pod UID (cpuManagerBridge.ts): removeStaleState still reports stale
 * containers in the order AddContainer added them across pods, drops them all, and keeps the
 * live ones; PostStopContainer still finds a container by id alone; a checkpoint's frozen map
 * is copied, not written.
 */
import { describe, expect, it } from 'vitest';
import { deepFreeze } from '../core/clone';
import { own, shareAll } from '../core/cow';
import { parseScenario } from '../scenario/parse';
import { setCPUSet } from '../policies/cpumanager/state';
import {
  cpuSnapshot,
  newResourceManagers,
  postStopContainer,
  preStartContainer,
  reconcile,
  startResourceManagers,
  type CpuDomain,
  type PodRef,
} from './cpuManagerBridge';

const scenario = (version: string) => {
  const r = parseScenario(`apiVersion: kubeletscope/v1
kind: Scenario
metadata: { name: t }
node:
  kubeletVersion: "${version}"
  topology: { sockets: 1, coresPerSocket: 2, threadsPerCore: 2 }
pods: []
`);
  if (!r.ok) throw new Error('scenario does not parse');
  return r.scenario;
};

const pod = (uid: string, names: string[]): PodRef => ({
  uid,
  manifest: {
    metadata: { name: uid, namespace: 'default' },
    spec: { containers: names.map((name) => ({ name, image: 'nginx:1.27' })) },
  } as unknown as PodRef['manifest'],
});

function setup(version = '1.34') {
  const rm = newResourceManagers(scenario(version));
  if (!rm.ok) throw new Error(rm.error);
  const started = startResourceManagers(rm.value);
  if (!started.ok) throw new Error(started.error);
  const cpu: CpuDomain = { ...started.value, containers: {} };
  // Interleaved across pods, and pod a's app twice (a restart): ids in AddContainer order.
  preStartContainer(cpu, 'a', 'app', 'id1');
  preStartContainer(cpu, 'b', 'app', 'id2');
  preStartContainer(cpu, 'a', 'side', 'id3');
  preStartContainer(cpu, 'b', 'app', 'id4');
  preStartContainer(cpu, 'c', 'app', 'id5');
  return { rm: rm.value, cpu };
}

describe('containerMap by pod', () => {
  it('reports stale containers in AddContainer order across pods and drops them', () => {
    const { rm, cpu } = setup();
    const out = reconcile(rm, cpu, [pod('c', ['app'])]);
    expect(out.map((r) => `${r.podUid}/${r.container}/${r.via}`)).toEqual([
      'a/app/containerMap',
      'b/app/containerMap',
      'a/side/containerMap',
      'b/app/containerMap',
    ]);
    expect(Object.keys(cpu.containers)).toEqual(['c']);
    expect(reconcile(rm, cpu, [pod('c', ['app'])])).toEqual([]);
  });

  it('keeps the live containers of a pod and drops its stale ones', () => {
    const { rm, cpu } = setup();
    const out = reconcile(rm, cpu, [pod('a', ['app']), pod('b', ['app']), pod('c', ['app'])]);
    expect(out.map((r) => `${r.podUid}/${r.container}`)).toEqual(['a/side']);
    expect(Object.keys(cpu.containers.a!)).toEqual(['id1']);
    expect(Object.keys(cpu.containers.b!)).toEqual(['id2', 'id4']);
  });

  it('1.18 walks no containerMap: nothing reported, the entries still go', () => {
    const { rm, cpu } = setup('1.18');
    expect(reconcile(rm, cpu, [])).toEqual([]);
    expect(cpu.containers).toEqual({});
  });

  it('PostStopContainer removes the hints of the pod’s container with that id', () => {
    const { cpu } = setup();
    const hint = { numaNodeAffinity: null, preferred: true };
    cpu.tm = { podTopologyHints: { b: { app: hint }, c: { app: hint } } };
    postStopContainer(cpu, 'b', 'id4');
    expect(cpu.tm.podTopologyHints.b?.app).toBeUndefined();
    expect(cpu.tm.podTopologyHints.c?.app).toBe(hint);
  });

  it('PostStopContainer leaves the hints alone for an id the pod does not have', () => {
    const { cpu } = setup();
    const hint = { numaNodeAffinity: null, preferred: true };
    cpu.tm = { podTopologyHints: { b: { app: hint }, c: { app: hint } } };
    // id4 is pod b's (setup): under pod c the container map has no such id.
    postStopContainer(cpu, 'c', 'id4');
    expect(cpu.tm.podTopologyHints.b?.app).toBe(hint);
    expect(cpu.tm.podTopologyHints.c?.app).toBe(hint);
  });

  it('writes to a checkpoint-frozen map go through copies', () => {
    const { rm, cpu } = setup();
    const holder = { cpu };
    shareAll();
    deepFreeze(holder.cpu);
    const mine = own(holder, 'cpu');
    preStartContainer(mine, 'a', 'late', 'id6');
    expect(reconcile(rm, mine, [pod('a', ['app'])]).length).toBe(5);
    expect(Object.keys(cpu.containers)).toEqual(['a', 'b', 'c']);
    expect(Object.keys(cpu.containers.a!)).toEqual(['id1', 'id3']);
    expect(Object.keys(mine.containers)).toEqual(['a']);
  });

  it('a snapshot is shared while the state is the same, and follows a new state', () => {
    const { cpu } = setup();
    const first = cpuSnapshot(cpu);
    expect(cpuSnapshot({ ...cpu })).toBe(first);
    expect(first.assignments).toEqual({});
    cpu.state = setCPUSet(cpu.state, 'a', 'app', [2, 3]);
    const next = cpuSnapshot(cpu);
    expect(next).not.toBe(first);
    expect(next.assignments).toEqual({ a: { app: '2-3' } });
    expect(first.assignments).toEqual({});
  });
});
