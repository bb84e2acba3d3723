/**
 * A draggable divider between two areas (a WAI-ARIA window splitter): pointer drag,
 * or arrow keys when focused; the value is the first area's share in percent.
 */
import { useRef } from 'react';

interface Props {
  readonly orientation: 'vertical' | 'horizontal';
  /** Share of the first area, 0..100. */
  readonly value: number;
  readonly min?: number;
  readonly max?: number;
  readonly label: string;
  readonly onChange: (v: number) => void;
}

export function Splitter({ orientation, value, min = 15, max = 85, label, onChange }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const clamp = (v: number) => Math.min(max, Math.max(min, v));
  const vertical = orientation === 'vertical';
  return (
    <div
      ref={ref}
      className={`splitter splitter-${orientation}`}
      role="separator"
      aria-orientation={orientation}
      aria-label={label}
      aria-valuenow={Math.round(value)}
      aria-valuemin={min}
      aria-valuemax={max}
      tabIndex={0}
      onPointerDown={(e) => {
        const el = ref.current;
        const parent = el?.parentElement;
        if (!el || !parent) return;
        el.setPointerCapture(e.pointerId);
        const r = parent.getBoundingClientRect();
        const move = (ev: PointerEvent) => {
          const v = vertical
            ? ((ev.clientX - r.left) / r.width) * 100
            : ((ev.clientY - r.top) / r.height) * 100;
          onChange(clamp(v));
        };
        const up = () => {
          el.removeEventListener('pointermove', move);
          el.removeEventListener('pointerup', up);
          el.removeEventListener('pointercancel', up);
        };
        el.addEventListener('pointermove', move);
        el.addEventListener('pointerup', up);
        el.addEventListener('pointercancel', up);
      }}
      onKeyDown={(e) => {
        const dec = vertical ? 'ArrowLeft' : 'ArrowUp';
        const inc = vertical ? 'ArrowRight' : 'ArrowDown';
        if (e.key === dec || e.key === inc) {
          e.preventDefault();
          e.stopPropagation();
          onChange(clamp(value + (e.key === inc ? 4 : -4)));
        }
      }}
    />
  );
}
