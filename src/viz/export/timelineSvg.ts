/**
 * The timeline window as a standalone SVG, built from the same DOM-free view model the
 * canvas draws (lanes, rows, the time scale), not from a screenshot: lane labels on the
 * left, spans in their kind's colour, the time axis, the playhead, and a caption with
 * the scenario's name and the cursor's time.
 */
import { formatClock, formatDuration } from '../formatTime';
import { makeTimeScale, timeTicks, type TimeWindow } from '../timeScale';
import type { TimeWarp } from '../timeWarp';
import type { LaneModel } from '../timeline/laneModel';
import { layoutRows } from '../timeline/rowLayout';
import { SPAN_KINDS, SPAN_KIND_COLOR, SPAN_KIND_LABEL } from '../timeline/spanKinds';
import { visibleRange } from '../timeline/windowQuery';
import { captionText, esc, n } from './svgMarkup';

export interface TimelineSvgInput {
  readonly model: LaneModel;
  readonly window: TimeWindow;
  readonly warp: TimeWarp;
  readonly cursorT: number;
  readonly scenarioName: string;
  readonly collapsedGroups?: readonly string[];
  /** Width of the plot (without the label column), px. */
  readonly plotWidth?: number;
}

export interface SvgPicture {
  readonly svg: string;
  readonly width: number;
  readonly height: number;
}

const LABEL_W = 180;
const CAPTION_H = 30;
const AXIS_H = 22;
const FONT = "font-family='system-ui, -apple-system, Segoe UI, Roboto, sans-serif'";

export function timelineSvg(p: TimelineSvgInput): SvgPicture {
  const plotW = p.plotWidth ?? 960;
  const rows = layoutRows(p.model, new Set(p.collapsedGroups ?? []));
  const scale = makeTimeScale(p.window, plotW, p.warp);
  const top = CAPTION_H + AXIS_H;
  const width = LABEL_W + plotW;
  const height = Math.ceil(top + rows.height + 8);
  const caption = captionText(p.scenarioName, formatClock(p.cursorT));
  const out: string[] = [];
  out.push(
    `<svg xmlns='http://www.w3.org/2000/svg' width='${width}' height='${n(height)}' viewBox='0 0 ${width} ${n(height)}' role='img' aria-label='${esc(caption)}' ${FONT} font-size='11'>`,
    `<title>${esc(caption)}</title>`,
    "<defs><pattern id='gap-hatch' width='6' height='6' patternUnits='userSpaceOnUse' patternTransform='rotate(45)'><rect width='6' height='6' fill='#f6f8fa'/><path d='M0 0V6' stroke='#d0d7de' stroke-width='1.5'/></pattern></defs>",
    `<rect width='100%' height='100%' fill='#ffffff'/>`,
    `<text class='caption' x='8' y='20' font-size='14' font-weight='600' fill='#1b1f24'>${esc(caption)}</text>`,
  );
  // Time axis.
  out.push(`<g class='axis' transform='translate(${LABEL_W},${CAPTION_H})'>`);
  out.push(
    `<line x1='0' x2='${plotW}' y1='${AXIS_H - 0.5}' y2='${AXIS_H - 0.5}' stroke='#8c959f'/>`,
  );
  for (const tk of timeTicks(scale))
    out.push(
      `<line x1='${n(tk.x)}' x2='${n(tk.x)}' y1='${AXIS_H - 6}' y2='${AXIS_H}' stroke='#8c959f'/><text x='${n(tk.x + 3)}' y='${AXIS_H - 8}' fill='#57606a'>${esc(tk.label)}</text>`,
    );
  out.push('</g>');
  // Rows: group headers, then each lane's label and spans (clipped to the plot).
  out.push(
    `<clipPath id='plot'><rect x='${LABEL_W}' y='${top}' width='${plotW}' height='${n(rows.height)}'/></clipPath>`,
  );
  const { start: t0, end: t1 } = p.window;
  for (const row of rows.rows) {
    const y = top + row.y;
    if (row.kind === 'group') {
      out.push(
        `<g class='group'><rect x='0' y='${n(y)}' width='${width}' height='${row.h}' fill='#eef1f4'/><text x='6' y='${n(y + row.h / 2 + 4)}' font-weight='600' fill='#1b1f24'>${esc(row.label)}</text></g>`,
      );
      continue;
    }
    const lane = p.model.lanes[row.lane];
    if (!lane) continue;
    out.push(`<g class='lane' data-group='${esc(lane.group)}' data-lane='${esc(lane.label)}'>`);
    out.push(
      `<text x='14' y='${n(y + row.h / 2 + 4)}' fill='#1b1f24'>${esc(lane.label)}</text>`,
      `<line x1='0' x2='${width}' y1='${n(y + row.h - 0.5)}' y2='${n(y + row.h - 0.5)}' stroke='#e4e8ec'/>`,
    );
    out.push(`<g clip-path='url(#plot)'>`);
    const [first, last] = visibleRange(lane, t0, t1);
    let lastX1 = -Infinity;
    for (let i = first; i < last; i++) {
      let x0 = scale.x(lane.start[i]!);
      let x1 = scale.x(lane.end[i]!);
      if (lane.instants || x1 - x0 < 1) {
        x0 -= lane.instants ? 1.5 : 0;
        x1 = x0 + (lane.instants ? 3 : 1);
      }
      // Spans under a pixel behind the previous one add nothing to the picture.
      if (x1 <= lastX1 + 0.25) continue;
      lastX1 = x1;
      const kind = SPAN_KINDS[lane.kind[i]!] ?? 'wait';
      const label = (p.model.titles ?? p.model.labels)[lane.label_[i]!] ?? '';
      out.push(
        `<rect x='${n(LABEL_W + x0)}' y='${n(y + 3)}' width='${n(Math.max(x1 - x0, 1))}' height='${row.h - 6}' fill='${SPAN_KIND_COLOR[kind]}'><title>${esc(`${label} (${SPAN_KIND_LABEL[kind]})`)}</title></rect>`,
      );
    }
    out.push('</g></g>');
  }
  // Collapsed idle gaps, as the page draws them: a hatched band over the lanes and its length on
  // the axis, so the axis's jump over them is marked (a label that would touch the one before
  // it is left out; every band keeps its length in its title).
  let lastRight = -Infinity;
  for (const g of p.warp.gaps) {
    if (g.end <= t0 || g.start >= t1) continue;
    const x0 = Math.max(0, scale.x(g.start));
    const x1 = Math.min(plotW, scale.x(g.end));
    const len = formatDuration(g.end - g.start);
    const mid = LABEL_W + (x0 + x1) / 2;
    const half = (len.length * 6 + 8) / 2;
    const labelled = mid - half >= lastRight + 2;
    if (labelled) lastRight = mid + half;
    out.push(
      `<g class='gap'><title>${esc(`${len} with nothing in progress, collapsed`)}</title>` +
        `<rect x='${n(LABEL_W + x0)}' y='${CAPTION_H}' width='${n(Math.max(2, x1 - x0))}' height='${n(height - CAPTION_H)}' fill='url(#gap-hatch)' stroke='#8c959f' stroke-dasharray='3 2'/>` +
        (labelled
          ? `<rect x='${n(mid - half)}' y='${CAPTION_H + 2}' width='${n(2 * half)}' height='13' rx='2' fill='#ffffff' stroke='#8c959f'/><text class='gap-len' x='${n(mid)}' y='${CAPTION_H + 12}' text-anchor='middle' font-size='10' fill='#57606a'>${esc(len)}</text>`
          : '') +
        '</g>',
    );
  }
  // The playhead.
  if (p.cursorT >= t0 && p.cursorT <= t1) {
    const x = LABEL_W + scale.x(p.cursorT);
    out.push(
      `<line class='playhead' x1='${n(x)}' x2='${n(x)}' y1='${CAPTION_H}' y2='${n(height)}' stroke='#cf222e' stroke-width='1.5'/>`,
    );
  }
  out.push('</svg>');
  return { svg: out.join(''), width, height };
}
