/**
 * The NUMA diagram at the cursor as a standalone SVG, from the same layout the page draws
 * (layoutTopology) and the same CPU history (cpuStateAt): lstopo's boxes, each CPU filled
 * by who holds it, named as on the page ("CPU 3: exclusive to default/web/app"), a legend
 * of the exclusive owners, and the caption.
 */
import { formatClock } from '../formatTime';
import { cpuStateAt, describeCpuState, poolAt, type CpuHistory } from '../topology/cpuHistory';
import { layoutTopology, type TopoBox } from '../topology/layoutTopology';
import { ownerStyle } from '../topology/ownerStyle';
import type { TopologyInput } from '../topology/topologyInput';
import { captionText, esc, n } from './svgMarkup';
import type { SvgPicture } from './timelineSvg';

export interface TopologySvgInput {
  readonly topology: TopologyInput;
  readonly cpus: CpuHistory;
  /** Steps applied (the store's cursor) and the playhead's time. */
  readonly cursor: number;
  readonly cursorT: number;
  readonly scenarioName: string;
}

const CAPTION_H = 30;
const FONT = "font-family='system-ui, -apple-system, Segoe UI, Roboto, sans-serif'";
// lstopo's colours (light theme), as the page's tokens draw them.
const BOX: Record<TopoBox['kind'], [string, string]> = {
  machine: ['#ffffff', '#57606a'],
  package: ['#e6efe6', '#6c8f6c'],
  numa: ['#f4dde4', '#b0778a'],
  l3: ['#dfe3e8', '#8c959f'],
  core: ['#c9ced4', '#8c959f'],
};
const FILL = { idle: '#ffffff', shared: '#dbe9f7', reserved: '#b8bec5' } as const;

function boxLabel(b: TopoBox): string {
  switch (b.kind) {
    case 'machine':
      return b.label;
    case 'package':
      return `Package P#${b.os}`;
    case 'numa':
      return `NUMANode P#${b.os}`;
    case 'l3':
      return `L3 P#${b.os}`;
    case 'core':
      return `Core P#${b.os}`;
  }
}

export function topologySvg(p: TopologySvgInput): SvgPicture {
  const layout = layoutTopology(p.topology, 900, 600, p.topology.machineLabel ?? 'Machine');
  const owners = new Map(p.cpus.owners.map((o, i) => [o, i]));
  const held = new Set<string>();
  const kinds = new Set<string>();
  const cells: string[] = [];
  // Reserved CPUs are part of the shared pool: the pool's colour, hatched, while it is in use.
  const pooled = poolAt(p.cpus, p.cursor).length > 0;
  for (const pu of layout.pus) {
    const st = cpuStateAt(p.cpus, pu.cpu, p.cursor);
    kinds.add(st.kind);
    const style = st.owner !== undefined ? ownerStyle(owners.get(st.owner) ?? 0) : null;
    if (st.kind === 'exclusive' && st.owner) held.add(st.owner);
    const fill =
      st.kind === 'exclusive' && style
        ? style.color
        : st.kind === 'assigned'
          ? FILL.idle
          : st.kind === 'reserved' && pooled
            ? FILL.shared
            : FILL[st.kind === 'exclusive' ? 'shared' : st.kind];
    const stroke = st.kind === 'assigned' && style ? style.color : '#57606a';
    const name = describeCpuState(pu.cpu, st, pooled);
    cells.push(
      `<g class='pu' data-cpu='${pu.cpu}' role='img' aria-label='${esc(name)}' transform='translate(${n(pu.x)},${n(pu.y + CAPTION_H)})'><title>${esc(name)}</title>` +
        `<rect width='${n(pu.w)}' height='${n(pu.h)}' rx='2' fill='${fill}' stroke='${stroke}'${st.kind === 'assigned' ? " stroke-dasharray='3 2'" : ''}/>` +
        (st.kind === 'reserved'
          ? `<rect width='${n(pu.w)}' height='${n(pu.h)}' rx='2' fill='url(#hatch-reserved)'/>`
          : '') +
        (layout.compact
          ? ''
          : `<text x='${n(pu.w / 2)}' y='${n(pu.h / 2 + 3.5)}' text-anchor='middle' fill='${st.kind === 'exclusive' ? '#ffffff' : '#1b1f24'}'>P#${pu.cpu}</text>`) +
        '</g>',
    );
  }
  // Legend: one swatch per container holding CPUs now, then each other state drawn now.
  const legend: string[] = [];
  const items: [string, string, boolean][] = [
    ...[...held].map((o): [string, string, boolean] => [
      ownerStyle(owners.get(o) ?? 0).color,
      o,
      false,
    ]),
    ...(kinds.has('shared')
      ? [[FILL.shared, 'shared pool', false] as [string, string, boolean]]
      : []),
    ...(kinds.has('reserved')
      ? [
          [
            pooled ? FILL.shared : FILL.reserved,
            'reserved (reservedSystemCPUs): in the shared pool, never exclusive',
            true,
          ] as [string, string, boolean],
        ]
      : []),
    ...(kinds.has('assigned')
      ? [[FILL.idle, 'idle, assigned (dashed border)', false] as [string, string, boolean]]
      : []),
    ...(kinds.has('idle') ? [[FILL.idle, 'idle', false] as [string, string, boolean]] : []),
  ];
  const legendY = CAPTION_H + layout.height + 10;
  items.forEach(([color, label, hatched], i) => {
    const y = legendY + i * 16;
    legend.push(
      `<rect x='8' y='${y}' width='12' height='12' fill='${color}' stroke='#57606a'/>` +
        (hatched
          ? `<rect x='8' y='${y}' width='12' height='12' fill='url(#hatch-reserved)'/>`
          : '') +
        `<text x='26' y='${y + 10}' fill='#1b1f24'>${esc(label)}</text>`,
    );
  });
  const width = Math.max(Math.ceil(layout.width), 360);
  const height = Math.ceil(legendY + items.length * 16 + 6);
  const caption = captionText(p.scenarioName, formatClock(p.cursorT));
  const boxes = layout.boxes.map((b) => {
    const [fill, stroke] = BOX[b.kind];
    const bar = b.kind === 'numa' || b.kind === 'l3';
    const ty = bar ? b.y + b.h / 2 + 4 : b.y + (b.kind === 'core' ? 10 : 12);
    const label = layout.compact && b.kind === 'core' ? '' : boxLabel(b);
    return (
      `<g class='box box-${b.kind}'><rect x='${n(b.x)}' y='${n(b.y + CAPTION_H)}' width='${n(b.w)}' height='${n(b.h)}' rx='3' fill='${fill}' stroke='${stroke}'/>` +
      (label
        ? `<text x='${n(b.x + 4)}' y='${n(ty + CAPTION_H)}' font-size='${b.kind === 'core' ? 9 : 11}' fill='#1b1f24'>${esc(label)}</text>`
        : '') +
      '</g>'
    );
  });
  const svg =
    `<svg xmlns='http://www.w3.org/2000/svg' width='${width}' height='${height}' viewBox='0 0 ${width} ${height}' role='img' aria-label='${esc(caption)}' ${FONT} font-size='10'>` +
    `<title>${esc(caption)}</title>` +
    "<defs><pattern id='hatch-reserved' width='6' height='6' patternUnits='userSpaceOnUse' patternTransform='rotate(45)'><path d='M0 0V6' stroke='#57606a' stroke-width='1.2'/></pattern></defs>" +
    `<rect width='100%' height='100%' fill='#ffffff'/>` +
    `<text class='caption' x='8' y='20' font-size='14' font-weight='600' fill='#1b1f24'>${esc(caption)}</text>` +
    boxes.join('') +
    cells.join('') +
    `<g class='legend'>${legend.join('')}</g></svg>`;
  return { svg, width, height };
}
