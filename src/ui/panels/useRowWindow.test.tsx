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

/**
 * Rows of unequal heights, laid out one under another: the newest `short` rows are 10 px high,
 * the older ones 200 px (a few long Event messages that wrap).
 */
function withRowHeights(count: number, short: number, run: () => void) {
  const proto = HTMLElement.prototype as { getBoundingClientRect: () => DOMRect };
  const original = proto.getBoundingClientRect;
  const tall = count - short;
  proto.getBoundingClientRect = function (this: HTMLElement) {
    const i = Number(this.getAttribute('data-row'));
    const top = 200 * Math.min(i, tall) + 10 * Math.max(0, i - tall);
    const bottom = top + (i < tall ? 200 : 10);
    return { top, bottom, height: bottom - top } as DOMRect;
  };
  try {
    run();
  } finally {
    proto.getBoundingClientRect = original;
  }
}

describe('useRowWindow', () => {
  it('settles when rows of unequal heights make the measured average and the window alternate', () => {
    // At 22 px a row, 34 rows are drawn: 20 short and 14 tall, 88 px on average; at 88 px only
    // 20 are drawn, all short: 10 px; at 10 px 55 are: 131 px; and so on without end, which
    // React stops with "Maximum update depth exceeded" (the page's error screen).
    withRowHeights(5000, 20, () => {
      const { rows } = draw(5000);
      expect(rows[rows.length - 1]).toBe(4999);
    });
  });

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
