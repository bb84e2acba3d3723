/** The run's lanes and CPU history survive packing, structured clone and unpacking unchanged. */
import { describe, expect, it } from 'vitest';
import { buildRunView } from '../buildRunView';
import { parseScenario } from '../../sim';
import {
  cpusBuffers,
  lanesBuffers,
  packCpus,
  packLanes,
  unpackCpus,
  unpackLanes,
} from './packColumns';

describe('packColumns', () => {
  const files = import.meta.glob<string>('/presets/*.yaml', {
    query: '?raw',
    import: 'default',
    eager: true,
  });
  const parsed = parseScenario(files['/presets/static-vs-none.yaml'] ?? '');
  if (!parsed.ok) throw new Error('static-vs-none does not parse');
  const view = buildRunView(parsed.scenario);

  it('lanes: every lane, column, group and flow as before', () => {
    const back = unpackLanes(structuredClone(packLanes(view.lanes)));
    expect(view.lanes.flows.length).toBeGreaterThan(0);
    expect(back.lanes.length).toBe(view.lanes.lanes.length);
    back.lanes.forEach((l, i) => {
      const o = view.lanes.lanes[i]!;
      expect({ ...l }).toEqual({ ...o });
      expect(l.start).toBeInstanceOf(Float64Array);
      expect([...l.kind]).toEqual([...o.kind]);
    });
    expect(back.flows).toEqual(view.lanes.flows);
    expect(back.labels).toEqual(view.lanes.labels);
    expect(back.spanCount).toBe(view.lanes.spanCount);
    // A group holds the very lanes of the list (the timeline finds them by identity).
    back.groups.forEach((g, i) => {
      expect(g.id).toBe(view.lanes.groups[i]!.id);
      expect(g.lanes.map((l) => back.lanes.indexOf(l))).toEqual(
        view.lanes.groups[i]!.lanes.map((l) => view.lanes.lanes.indexOf(l)),
      );
    });
  });

  it('CPU history: each CPU’s change steps and states as before', () => {
    const back = unpackCpus(structuredClone(packCpus(view.cpus)));
    expect([...view.cpus.steps.values()].some((s) => s.length > 0)).toBe(true);
    expect([...back.steps.keys()]).toEqual([...view.cpus.steps.keys()]);
    for (const [id, steps] of view.cpus.steps) expect([...back.steps.get(id)!]).toEqual([...steps]);
    expect(back.states).toEqual(view.cpus.states);
    expect(back.pool).toEqual(view.cpus.pool);
    // The shared pool changes here, and holds two containers at a time: as before.
    expect(view.cpus.pool.length).toBeGreaterThan(1);
    expect(view.cpus.pool.some((p) => p.members.length > 1)).toBe(true);
    expect(back.owners).toEqual(view.cpus.owners);
  });

  it('transferring the packed buffers moves copies: the run keeps its own columns, the page gets the same', () => {
    const before = view.lanes.lanes.map((l) => [...l.start]);
    const lanes = packLanes(view.lanes);
    const cpus = packCpus(view.cpus);
    // offsets, flows and the six columns; a CPU's offsets and change steps.
    expect(lanesBuffers(lanes).length).toBe(8);
    expect(cpusBuffers(cpus).length).toBe(6);
    const back = unpackLanes(structuredClone(lanes, { transfer: lanesBuffers(lanes) }));
    const backCpus = unpackCpus(structuredClone(cpus, { transfer: cpusBuffers(cpus) }));
    // The packed arrays are gone (moved), the run's own are untouched.
    expect(lanes.offsets.length).toBe(0);
    expect(view.lanes.lanes.map((l) => [...l.start])).toEqual(before);
    back.lanes.forEach((l, i) => expect({ ...l }).toEqual({ ...view.lanes.lanes[i]! }));
    expect(back.flows).toEqual(view.lanes.flows);
    for (const [id, steps] of view.cpus.steps)
      expect([...backCpus.steps.get(id)!]).toEqual([...steps]);
  });
});
