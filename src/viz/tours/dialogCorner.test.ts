import { describe, expect, it } from 'vitest';
import { cornerRect, dialogCorner, overlapArea } from './dialogCorner';

const viewport = { width: 1280, height: 800 };
const size = { width: 460, height: 290 };

describe('dialogCorner', () => {
  it('stays bottom right when nothing it points at is there', () => {
    // Single run: the diagram is above the panels, clear of the dialog.
    const diagram = { x: 840, y: 160, width: 430, height: 330 };
    expect(dialogCorner(size, viewport, null, diagram)).toBe('bottom-right');
  });

  it("moves bottom left when the step points at run B's diagram (Compare at 1280×800)", () => {
    const runBDiagram = { x: 650, y: 505, width: 620, height: 245 };
    const cpu = { x: 760, y: 645, width: 36, height: 22 };
    expect(dialogCorner(size, viewport, cpu, runBDiagram)).toBe('bottom-left');
    const r = cornerRect('bottom-left', size, viewport, 12);
    expect(overlapArea(r, runBDiagram)).toBe(0);
  });

  it('keeps the target itself visible before the region around it', () => {
    // A region filling the view: every corner covers as much of it, but only bottom left
    // covers the CPU, so bottom right wins; with the CPU on the right, bottom left.
    const region = { x: 0, y: 0, width: 1280, height: 800 };
    const cpu = { x: 40, y: 700, width: 36, height: 22 };
    expect(dialogCorner(size, viewport, cpu, region)).toBe('bottom-right');
    const cpuRight = { x: 1200, y: 700, width: 36, height: 22 };
    expect(dialogCorner(size, viewport, cpuRight, region)).toBe('bottom-left');
  });

  it('goes to the top when both bottom corners cover the target', () => {
    const wide = { x: 0, y: 600, width: 1280, height: 60 };
    expect(dialogCorner(size, viewport, wide, wide)).toBe('top-right');
  });

  it('measures overlap as shared area', () => {
    expect(
      overlapArea({ x: 0, y: 0, width: 10, height: 10 }, { x: 5, y: 5, width: 10, height: 10 }),
    ).toBe(25);
    expect(
      overlapArea({ x: 0, y: 0, width: 10, height: 10 }, { x: 10, y: 0, width: 5, height: 5 }),
    ).toBe(0);
  });
});
