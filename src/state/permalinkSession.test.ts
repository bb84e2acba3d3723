/**
 * The store and links, over the real engine: a link restores the scenario and the
 * view exactly; a link that cannot be opened opens the default with a reason; and
 * scenario edits undo and redo.
 */
import { describe, expect, it } from 'vitest';
import { buildRunView, scenarioOpenAt } from './buildRunView';
import { loadBundledPreset } from '../ui/app/catalog';
import { viewStateOf } from './permalinkSession';
import { openLink, presetIdOf } from './permalinkLinks';
import { currentLink } from './currentLink';
import { createAppStore, type AppStore } from './store';
import { withCpuManagerPolicy } from './scenarioEdits';
import { perturb } from './perturbations';
import type { SimulationRun } from '../sim';

function newStore(): AppStore {
  return createAppStore({
    buildRun: buildRunView,
    loadPreset: loadBundledPreset,
    openAt: scenarioOpenAt,
  });
}

function viewOf(store: AppStore) {
  const s = store.getState();
  return {
    scenario: JSON.stringify(s.scenario),
    presetId: s.presetId,
    timeMs: s.timeMs,
    cursor: s.cursor,
    window: s.window,
    selection: s.selection,
    collapsed: s.collapsedPanels,
  };
}

describe('permalinks through the store', () => {
  it('restore scenario, cursor, zoom, selection and panels exactly', () => {
    const a = newStore();
    a.getState().loadPreset('static-vs-none');
    a.getState().editScenario((s) => withCpuManagerPolicy(s, 'none'));
    for (let i = 0; i < 7; i++) a.getState().stepForward();
    a.getState().zoomBy(0.5);
    const lanes = a.getState().run!.lanes;
    const lane = lanes.lanes.findIndex((l) => l.container === 'default/web/app' && !l.instants);
    a.getState().select({ kind: 'span', span: { lane, index: 0 }, container: 'default/web/app' });
    a.getState().togglePanel('log');
    const link = currentLink(a.getState())!;
    expect(link.fragment).toMatch(/^#s=2\./);

    const b = newStore();
    expect(openLink(b, link.fragment, 'hello-pod')).toBe(true);
    const va = viewOf(a);
    const vb = viewOf(b);
    expect(vb.scenario).toBe(va.scenario);
    expect(vb.presetId).toBe('static-vs-none');
    expect(vb.cursor).toBe(va.cursor);
    expect(vb.timeMs).toBe(va.timeMs);
    expect(vb.window.start).toBeCloseTo(va.window.start, -1);
    expect(vb.window.end).toBeCloseTo(va.window.end, -1);
    expect(vb.collapsed).toEqual(va.collapsed);
    expect(b.getState().selection).toMatchObject({ kind: 'span', span: { lane, index: 0 } });
    expect(b.getState().notice).toBeNull();
    // And the link of the restored page is the same link.
    expect(currentLink(b.getState())!.fragment).toBe(link.fragment);
  });

  it('carries a perturbation and stays short', () => {
    const a = newStore();
    a.getState().loadPreset('poststart-deadlock');
    const run = a.getState().run!.raw as SimulationRun;
    const c = run.scenario.pods[0]!.manifest;
    const key = `${c.metadata.namespace}/${c.metadata.name}`;
    a.getState().editScenario((s) =>
      perturb(
        s,
        'ContainerExit',
        { pod: key, container: `${key}/${c.spec.containers[0]!.name}` },
        3000,
        run,
      ),
    );
    const link = currentLink(a.getState(), 'https://example.test/kubeletscope/')!;
    expect(link.linkLength).toBeLessThan(2000);
    const b = newStore();
    void openLink(b, link.fragment, 'hello-pod');
    expect(b.getState().scenario!.faults).toEqual(a.getState().scenario!.faults);
  });

  it('a broken link opens the default scenario and says why', () => {
    const b = newStore();
    expect(openLink(b, '#s=1.AAAA$$$', 'hello-pod')).toBe(false);
    expect(b.getState().presetId).toBe('hello-pod');
    expect(b.getState().run).not.toBeNull();
    expect(b.getState().notice?.tone).toBe('error');
    expect(b.getState().notice?.text).toMatch(/could not be opened.*damaged/);
    expect(b.getState().notice?.text).toContain('the default scenario is shown instead');
  });

  it('a broken link with ?preset= beside it opens that preset, and the banner names it', () => {
    const b = newStore();
    expect(openLink(b, '#s=1.AAAA$$$', 'crashloop-backoff')).toBe(false);
    expect(b.getState().presetId).toBe('crashloop-backoff');
    expect(b.getState().notice?.text).toContain('the preset "crashloop-backoff" is shown instead');
  });

  it('names the preset a scenario came from, or custom', () => {
    const a = newStore();
    a.getState().loadPreset('crashloop-backoff');
    expect(presetIdOf(a.getState().scenario!)).toBe('crashloop-backoff');
    const renamed = { ...a.getState().scenario!, metadata: { name: 'mine' } };
    expect(presetIdOf(renamed)).toBe('custom');
  });

  it('view state rounds times to whole milliseconds', () => {
    const a = newStore();
    a.getState().loadPreset('hello-pod');
    a.getState().seekTime(1234.6, true);
    expect(viewStateOf(a.getState()).t).toBe(1235);
  });
});

describe('undo and redo of scenario edits', () => {
  it('steps back and forth through edits, and a new edit drops the redo list', () => {
    const st = newStore();
    st.getState().loadPreset('static-vs-none');
    const original = st.getState().scenario!;
    st.getState().editScenario((s) => withCpuManagerPolicy(s, 'none'));
    const edited = st.getState().scenario!;
    expect(edited.node.kubelet.cpuManagerPolicy).toBe('none');
    void st.getState().undo();
    expect(st.getState().scenario).toBe(original);
    expect(st.getState().run!.raw).not.toBeNull();
    void st.getState().redo();
    expect(st.getState().scenario).toBe(edited);
    void st.getState().undo();
    st.getState().editScenario((s) => ({ ...s, seed: 7 }));
    expect(st.getState().future).toEqual([]);
    expect(st.getState().past.map((e) => e.scenario)).toEqual([original]);
  });

  it('undoes a preset switch back to the previous preset', () => {
    const st = newStore();
    st.getState().loadPreset('hello-pod');
    st.getState().loadPreset('crashloop-backoff');
    void st.getState().undo();
    expect(st.getState().presetId).toBe('hello-pod');
    expect(st.getState().scenario!.metadata.name).toBe('Hello, pod');
  });

  it('an edit whose run fails is not remembered and leaves the last run on screen', () => {
    const st = createAppStore({
      buildRun: (s) => {
        if (s.seed === 666) throw new Error('boom');
        return buildRunView(s);
      },
      loadPreset: loadBundledPreset,
      openAt: scenarioOpenAt,
    });
    st.getState().loadPreset('hello-pod');
    const before = st.getState().scenario;
    st.getState().editScenario((s) => ({ ...s, seed: 666 }));
    expect(st.getState().scenario).toBe(before);
    expect(st.getState().runError).toMatch(/boom/);
    expect(st.getState().past).toEqual([]);
  });
});
