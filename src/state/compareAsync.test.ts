/**
 * Compare with the engine in a worker (runs answer later): run B goes through its own lane
 * of `buildRun`, lands on its own, and a B overtaken by a newer B, or by Compare turned
 * off, is dropped; A's runs and B's runs do not cancel each other.
 */
import { describe, expect, it } from 'vitest';
import { buildRunView, scenarioOpenAt } from './buildRunView';
import { loadBundledPreset } from '../ui/app/catalog';
import { createAppStore, type RunLane } from './store';
import type { RunView, Scenario } from './types';

function asyncStore() {
  const calls: { s: Scenario; lane: RunLane; land(): void }[] = [];
  const store = createAppStore({
    buildRun: (s, opts) =>
      new Promise<RunView>((resolve) => {
        calls.push({ s, lane: opts.lane ?? 'A', land: () => resolve(buildRunView(s)) });
      }),
    loadPreset: loadBundledPreset,
    openAt: scenarioOpenAt,
  });
  const landAll = async () => {
    for (let i = 0; i < 10; i++) {
      for (const c of calls.splice(0)) c.land();
      await new Promise((r) => setTimeout(r, 0));
    }
  };
  return { store, calls, landAll };
}

const policy = (s: Scenario | undefined | null) => s?.node.kubelet.cpuManagerPolicy;

describe('Compare with an asynchronous engine', () => {
  it('runs B in lane B and shows it only when it lands', async () => {
    const { store, calls, landAll } = asyncStore();
    store.getState().loadPreset('static-vs-none');
    await landAll();
    const runA = store.getState().run;
    const on = store.getState().setCompare({ cpuManagerPolicy: 'none' });
    expect(calls.map((c) => c.lane)).toEqual(['B']);
    expect(store.getState().simulatingB).toBe(true);
    expect(store.getState().compare).toBeNull();
    calls.splice(0)[0]!.land();
    expect(await on).toBe('ran');
    const s = store.getState();
    expect(policy(s.compare?.scenario)).toBe('none');
    expect(s.compare?.run.endT).toBeGreaterThan(0);
    expect(s.simulatingB).toBe(false);
    expect(s.run).toBe(runA);
  });

  it('a newer B drops the older one; an edit of A in flight is not touched by B', async () => {
    const { store, calls, landAll } = asyncStore();
    store.getState().loadPreset('static-vs-none');
    await landAll();
    const first = store.getState().setCompare({ cpuManagerPolicy: 'none' });
    const a = store.getState().replaceScenario({ ...store.getState().scenario!, horizon: 60_000 });
    const second = store.getState().setCompare({ cpuManagerPolicy: 'static' });
    // B's second run lands first, then the stale first B, then A.
    const [b1, ra, b2] = calls.splice(0);
    expect([b1!.lane, ra!.lane, b2!.lane]).toEqual(['B', 'A', 'B']);
    b2!.land();
    expect(await second).toBe('ran');
    b1!.land();
    expect(await first).toBe('dropped');
    expect(policy(store.getState().compare?.scenario)).toBe('static');
    ra!.land();
    expect(await a).toBe('ran');
    expect(store.getState().scenario?.horizon).toBe(60_000);
    expect(policy(store.getState().compare?.scenario)).toBe('static');
  });

  it('turning Compare off drops a B still in flight', async () => {
    const { store, calls, landAll } = asyncStore();
    store.getState().loadPreset('static-vs-none');
    await landAll();
    const on = store.getState().setCompare({});
    void store.getState().setCompare(null);
    expect(store.getState().simulatingB).toBe(false);
    calls.splice(0)[0]!.land();
    expect(await on).toBe('dropped');
    expect(store.getState().compare).toBeNull();
  });

  it("a preset picked with Compare on runs A, then B with B's settings, then opens at 0", async () => {
    const { store, calls, landAll } = asyncStore();
    store.getState().loadPreset('static-vs-none');
    await landAll();
    const on = store.getState().setCompare({ cpuManagerPolicy: 'none' });
    calls.splice(0)[0]!.land();
    await on;
    store.getState().seekCursor(5);
    store.getState().loadPreset('hello-pod');
    expect(calls.map((c) => c.lane)).toEqual(['A']);
    calls.splice(0)[0]!.land();
    await new Promise((r) => setTimeout(r, 0));
    expect(calls.map((c) => c.lane)).toEqual(['B']);
    expect(calls[0]!.s.metadata.name).toBe(store.getState().scenario?.metadata.name);
    expect(policy(calls[0]!.s)).toBe('none');
    await landAll();
    const s = store.getState();
    expect(s.presetId).toBe('hello-pod');
    expect(s.compare?.scenario.metadata.name).toBe(s.scenario?.metadata.name);
    expect(policy(s.compare?.scenario)).toBe('none');
    expect(s.cursor).toBe(0);
  });

  it('undo of an edit of B puts the earlier B back through lane B', async () => {
    const { store, calls, landAll } = asyncStore();
    store.getState().loadPreset('static-vs-none');
    await landAll();
    void store.getState().setCompare({});
    await landAll();
    const b0 = store.getState().compare!.scenario;
    void store.getState().editCompareScenario((s) => ({ ...s, horizon: s.horizon * 2 }));
    await landAll();
    expect(store.getState().compare!.scenario.horizon).toBe(b0.horizon * 2);
    const undo = store.getState().undo();
    expect(calls.map((c) => c.lane)).toEqual(['B']);
    await landAll();
    expect(await undo).toBe('ran');
    expect(store.getState().compare!.scenario).toBe(b0);
    expect(store.getState().future).toHaveLength(1);
  });
});
