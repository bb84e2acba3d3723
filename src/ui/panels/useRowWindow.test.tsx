// @vitest-environment jsdom
/**
 * The Events table's row window: a long table draws the newest rows in view plus a margin
 * and stands in for the rest with spacer rows; a short one is drawn whole.
 */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { useRowWindow } from './useRowWindow';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Table({ count }: { count: number }) {
  const { ref, first, end, before, after } = useRowWindow<HTMLDivElement>(count);
  return (
    <div ref={ref}>
      <table>
        <tbody>
          {before > 0 && <tr className="row-spacer" style={{ height: before }} />}
          {Array.from({ length: end - first }, (_, i) => (
            <tr key={first + i} data-row={first + i} />
          ))}
          {after > 0 && <tr className="row-spacer" style={{ height: after }} />}
        </tbody>
      </table>
    </div>
  );
}

function draw(count: number) {
  const host = document.createElement('div');
  const root = createRoot(host);
  act(() => root.render(<Table count={count} />));
  const rows = [...host.querySelectorAll('tr[data-row]')].map((r) =>
    Number(r.getAttribute('data-row')),
  );
  const spacers = [...host.querySelectorAll<HTMLElement>('tr.row-spacer')].map(
    (r) => r.style.height,
  );
  act(() => root.unmount());
  return { rows, spacers };
}

describe('useRowWindow', () => {
  it('draws a short table whole', () => {
    const { rows, spacers } = draw(50);
    expect(rows).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(spacers).toEqual([]);
  });

  it('draws only the newest rows of a long one, the rest as one spacer of their height', () => {
    const { rows, spacers } = draw(5000);
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.length).toBeLessThan(100);
    expect(rows[rows.length - 1]).toBe(4999);
    expect(rows).toEqual(Array.from({ length: rows.length }, (_, i) => 5000 - rows.length + i));
    expect(spacers).toHaveLength(1);
    expect(parseFloat(spacers[0]!)).toBeGreaterThan((5000 - rows.length) * 10);
  });
});
