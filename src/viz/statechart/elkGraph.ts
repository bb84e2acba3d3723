/**
 * A statechart as an ELK graph (compound states hold their children, each transition an
 * edge with its label in the lowest state containing both ends), and ELK's answer read back
 * as absolute boxes and polylines to draw. The layout itself is elkjs's layered algorithm,
 * run by the panel (elkjs is loaded only there); this file only shapes data, DOM-free.
 */
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import { transitionLabel, type StateChart } from './chartModel';

/** Text metrics of the chart's 11 px UI font, estimated (no DOM to measure in). */
export const CHART_FONT_PX = 11;
const CHAR_W = 6.6;
const LINE_H = 15;
export const textWidth = (s: string): number => Math.ceil(s.length * CHAR_W);

const STATE_H = 30;
const STATE_PAD_X = 14;
const TITLE_H = 24;
const INITIAL_ID = (parent: string): string => `${parent}#initial`;
const INITIAL_SIZE = 10;

export interface ChartBox {
  readonly id: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface ChartEdgeGeometry {
  /** Transition id (chartModel) plus "→target" when one transition has several targets. */
  readonly id: string;
  readonly transition: string | null;
  readonly points: readonly { x: number; y: number }[];
  readonly label: (ChartBox & { readonly text: string }) | null;
}

export interface ChartLayout {
  readonly width: number;
  readonly height: number;
  readonly states: ReadonlyMap<string, ChartBox>;
  /** Initial-state dots, keyed by the parent state id ("#root" for the machine). */
  readonly initials: ReadonlyMap<string, ChartBox>;
  readonly edges: readonly ChartEdgeGeometry[];
}

const ROOT = '#root';

/** The lowest state (or the root) that contains both a and b. */
function commonContainer(chart: StateChart, a: string, b: string): string {
  const parentOf = new Map(chart.states.map((s) => [s.id, s.parent]));
  const chain = (id: string): string[] => {
    const out: string[] = [];
    let p = parentOf.get(id) ?? null;
    while (p) {
      out.push(p);
      p = parentOf.get(p) ?? null;
    }
    return out;
  };
  const ofA = chain(a);
  const ofB = new Set(chain(b));
  // A transition from a compound state to its own child is drawn inside that state.
  if (ofA.includes(b)) return b;
  if (ofB.has(a)) return a;
  return ofA.find((p) => ofB.has(p)) ?? ROOT;
}

/**
 * The ELK graph of a chart. `labels` overrides a transition's label text (e.g. a named
 * delay resolved to "after 120 ms" for an instance).
 */
export function elkGraph(
  chart: StateChart,
  labels: ReadonlyMap<string, string> = new Map(),
): ElkNode {
  const nodes = new Map<string, ElkNode>();
  const root: ElkNode = {
    id: ROOT,
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      // Definition order reads top-down: the initial state first, loops back go upward.
      'elk.layered.cycleBreaking.strategy': 'MODEL_ORDER',
      'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
      'elk.layered.spacing.nodeNodeBetweenLayers': '34',
      'elk.spacing.nodeNode': '22',
      'elk.spacing.edgeLabel': '4',
      'elk.edgeLabels.inline': 'false',
      'elk.layered.edgeLabels.sideSelection': 'SMART_DOWN',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.padding': '[top=12,left=12,bottom=12,right=12]',
      'elk.json.shapeCoords': 'ROOT',
      'elk.json.edgeCoords': 'ROOT',
    },
    children: [],
    edges: [],
  };
  nodes.set(ROOT, root);
  const withInitial = (parentId: string, initial: string | null): void => {
    if (!initial) return;
    const parent = nodes.get(parentId)!;
    parent.children!.push({ id: INITIAL_ID(parentId), width: INITIAL_SIZE, height: INITIAL_SIZE });
    parent.edges!.push({
      id: `${INITIAL_ID(parentId)}->`,
      sources: [INITIAL_ID(parentId)],
      targets: [initial],
    });
  };
  withInitial(ROOT, chart.initial);
  for (const s of chart.states) {
    const compound = s.type === 'compound' || s.type === 'parallel';
    const node: ElkNode = compound
      ? {
          id: s.id,
          children: [],
          edges: [],
          layoutOptions: {
            'elk.padding': `[top=${TITLE_H + 6},left=12,bottom=12,right=12]`,
            'elk.nodeSize.constraints': 'MINIMUM_SIZE',
            'elk.nodeSize.minimum': `(${textWidth(s.key) + 2 * STATE_PAD_X}, ${STATE_H * 2})`,
          },
        }
      : { id: s.id, width: textWidth(s.key) + 2 * STATE_PAD_X, height: STATE_H };
    nodes.set(s.id, node);
    nodes.get(s.parent ?? ROOT)!.children!.push(node);
    if (compound) withInitial(s.id, s.initial);
  }
  for (const t of chart.transitions) {
    const targets = t.targets.length > 0 ? t.targets : [t.source];
    targets.forEach((target, i) => {
      const text = labels.get(t.id) ?? transitionLabel(t);
      const edge: ElkExtendedEdge = {
        id: targets.length > 1 ? `${t.id}→${i}` : t.id,
        sources: [t.source],
        targets: [target],
        labels: [{ id: `${t.id}→${i}#label`, text, width: textWidth(text) + 6, height: LINE_H }],
      };
      const container = nodes.get(commonContainer(chart, t.source, target)) ?? root;
      (container.edges ??= []).push(edge);
    });
  }
  return root;
}

/** ELK's laid-out graph (absolute coordinates) as boxes and polylines to draw. */
export function readLayout(chart: StateChart, laid: ElkNode): ChartLayout {
  const states = new Map<string, ChartBox>();
  const initials = new Map<string, ChartBox>();
  const edges: ChartEdgeGeometry[] = [];
  const transitionIds = new Set(chart.transitions.map((t) => t.id));
  const box = (n: ElkNode): ChartBox => ({
    id: n.id,
    x: n.x ?? 0,
    y: n.y ?? 0,
    width: n.width ?? 0,
    height: n.height ?? 0,
  });
  const walk = (n: ElkNode): void => {
    for (const c of n.children ?? []) {
      if (c.id.endsWith('#initial')) initials.set(c.id.slice(0, -'#initial'.length), box(c));
      else states.set(c.id, box(c));
      walk(c);
    }
    for (const e of n.edges ?? []) {
      const points: { x: number; y: number }[] = [];
      for (const s of e.sections ?? []) {
        if (points.length === 0) points.push(s.startPoint);
        for (const b of s.bendPoints ?? []) points.push(b);
        points.push(s.endPoint);
      }
      const l = e.labels?.[0];
      const base = e.id.split('→')[0] ?? e.id;
      edges.push({
        id: e.id,
        transition: transitionIds.has(base) ? base : null,
        points,
        label: l ? { ...box({ ...l, id: l.id ?? `${e.id}#label` }), text: l.text ?? '' } : null,
      });
    }
  };
  walk(laid);
  return { width: laid.width ?? 0, height: laid.height ?? 0, states, initials, edges };
}
