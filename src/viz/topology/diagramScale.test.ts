import { describe, expect, it } from 'vitest';
import { diagramScale, MIN_TEXT_PX, smallestFont } from './diagramScale';
import { layoutTopology } from './layoutTopology';
import type { TopologyInput } from './topologyInput';

function machine(sockets: number, cores: number, threads: number): TopologyInput {
  const cpus = [];
  let id = 0;
  for (let s = 0; s < sockets; s++)
    for (let t = 0; t < threads; t++)
      for (let c = 0; c < cores; c++)
        cpus.push({ id: id++, socket: s, core: s * cores + c, numa: s, l3: s });
  const input: TopologyInput = { cpus, machineLabel: 'm' };
  return input;
}

describe('NUMA diagram scale', () => {
  for (const [n, sockets, cores] of [
    [64, 2, 16],
    [128, 2, 32],
    [256, 2, 64],
  ] as const)
    it(`${n} CPUs in a 1280-wide window: text never under ${MIN_TEXT_PX} px`, () => {
      const input = machine(sockets, cores, 2);
      // The diagram's box in a 1280×800 window is about 440×290.
      const layout = layoutTopology(input, 440, 290, 'm');
      const s = diagramScale(layout, 440, 290);
      expect(smallestFont(layout.compact) * s.scale).toBeGreaterThanOrEqual(MIN_TEXT_PX - 1e-9);
      // Fitting would have shrunk text below 9 px: it scrolls instead.
      if (smallestFont(layout.compact) * s.fit < MIN_TEXT_PX) expect(s.scrolls).toBe(true);
      // Zooming in grows it; zooming out never goes below the floor.
      expect(diagramScale(layout, 440, 290, 2).scale).toBeCloseTo(2 * s.scale);
      expect(diagramScale(layout, 440, 290, 0.1).scale).toBe(s.min);
    });
});

describe('fit shows the whole machine (issue 30, item 11)', () => {
  it('below the 9 px floor when it must, and says it does not scroll', () => {
    const layout = { width: 2000, height: 1500, compact: false };
    const legible = diagramScale(layout, 400, 300);
    expect(legible.scrolls).toBe(true);
    const whole = diagramScale(layout, 400, 300, 1, true);
    expect(whole.scrolls).toBe(false);
    expect(layout.width * whole.scale).toBeLessThanOrEqual(400);
    expect(layout.height * whole.scale).toBeLessThanOrEqual(300);
  });
});
