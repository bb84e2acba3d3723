/**
 * A statechart as data, read from an XState machine definition: every state node (nested
 * ones under their parent), every transition with its event, guard and delay, and each
 * compound state's initial child. DOM-free; the panel lays it out with elkjs and draws it.
 *
 * Works on whatever the definition declares: inline guards show as "[inline guard]" and
 * numeric delays as "after 120 ms"; named guards and named delays show by name, a named
 * delay as milliseconds once an instance's context resolves it (see resolveDelay).
 */
import type { AnyStateMachine } from 'xstate';

export interface ChartState {
  /** XState's node id: "startContainer.runtime.creatingSandbox". */
  readonly id: string;
  readonly key: string;
  /** State path relative to the machine, as the trace records it: "runtime.creatingSandbox". */
  readonly path: string;
  readonly parent: string | null;
  readonly type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  /** Id of the initial child of a compound state. */
  readonly initial: string | null;
}

export type ChartDelay =
  { readonly kind: 'ms'; readonly ms: number } | { readonly kind: 'named'; readonly name: string };

export interface ChartTransition {
  /** Unique within the chart: "<source id>:<event>:<n>". */
  readonly id: string;
  readonly source: string;
  /** Target state ids; none for a transition that runs actions and stays. */
  readonly targets: readonly string[];
  /** The event type as XState names it (also what the trace records). */
  readonly eventType: string;
  /** What to show for the event: "PULLED", "after 120 ms", "after createContainer", "always". */
  readonly event: string;
  readonly delay: ChartDelay | null;
  /** The guard's name ("image present"), "!a", "a && b", "inline guard", or null. */
  readonly guard: string | null;
  readonly reenter: boolean;
}

export interface StateChart {
  readonly machineId: string;
  /** The root's initial child. */
  readonly initial: string | null;
  readonly states: readonly ChartState[];
  readonly transitions: readonly ChartTransition[];
}

interface NodeLike {
  readonly id: string;
  readonly key: string;
  readonly path: readonly string[];
  readonly type: ChartState['type'];
  readonly states: Readonly<Record<string, NodeLike>>;
  readonly initial?: { readonly target?: readonly NodeLike[] };
  readonly transitions: ReadonlyMap<string, readonly TransitionLike[]>;
  readonly always?: readonly TransitionLike[];
  readonly after: readonly (TransitionLike & { readonly delay: unknown })[];
}

interface TransitionLike {
  readonly target?: readonly NodeLike[];
  readonly guard?: unknown;
  readonly eventType: string;
  readonly reenter?: boolean;
}

/** A guard as the reader should see it: its name; xstate's not/and/or spelled out. */
export function guardName(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && 'type' in guard && typeof guard.type === 'string')
    return guard.type;
  if (typeof guard === 'function') {
    const g = guard as { guards?: unknown; check?: { name?: string } };
    if (Array.isArray(g.guards)) {
      const parts = g.guards.map((x) => guardName(x) ?? '?');
      const op = g.check?.name ?? '';
      if (/not/i.test(op)) return `!${parts[0] ?? '?'}`;
      if (/or/i.test(op)) return parts.join(' || ');
      return parts.join(' && ');
    }
    return 'inline guard';
  }
  return 'inline guard';
}

function delayOf(d: unknown): ChartDelay | null {
  if (typeof d === 'number') return { kind: 'ms', ms: d };
  if (typeof d === 'string') return { kind: 'named', name: d };
  return null;
}

/** "after 120 ms", "after 1.5 s", "after createContainer". */
export function delayLabel(delay: ChartDelay): string {
  if (delay.kind === 'named') return `after ${delay.name}`;
  const ms = delay.ms;
  if (ms < 1000) return `after ${ms} ms`;
  const s = ms / 1000;
  return `after ${Number.isInteger(s) ? s : s.toFixed(1)} s`;
}

function eventText(eventType: string, delay: ChartDelay | null): string {
  if (delay) return delayLabel(delay);
  if (eventType === '') return 'always';
  if (eventType.startsWith('xstate.done.actor.')) return 'done';
  if (eventType.startsWith('xstate.error.actor.')) return 'error';
  if (eventType.startsWith('xstate.done.state.')) return 'done';
  return eventType;
}

/** "PULLED [image present]", "after 120 ms", "always [init containers done]". */
export function transitionLabel(t: Pick<ChartTransition, 'event' | 'guard'>): string {
  return t.guard ? `${t.event} [${t.guard}]` : t.event;
}

/** The statechart of one machine definition, states in definition order. */
export function chartOf(machine: AnyStateMachine): StateChart {
  const root = machine.root as unknown as NodeLike;
  const states: ChartState[] = [];
  const transitions: ChartTransition[] = [];
  const visit = (node: NodeLike, parent: string | null): void => {
    const children = Object.values(node.states);
    if (parent !== null)
      states.push({
        id: node.id,
        key: node.key,
        path: node.path.join('.'),
        parent: parent === root.id ? null : parent,
        type: node.type,
        initial: node.type === 'compound' ? (node.initial?.target?.[0]?.id ?? null) : null,
      });
    if (parent !== null) {
      const delays = new Map<string, unknown>(node.after.map((a) => [a.eventType, a.delay]));
      const add = (list: readonly TransitionLike[], eventType: string): void => {
        list.forEach((t, n) => {
          const delay = delays.has(eventType) ? delayOf(delays.get(eventType)) : null;
          transitions.push({
            id: `${node.id}:${eventType}:${n}`,
            source: node.id,
            targets: (t.target ?? []).map((s) => s.id),
            eventType,
            event: eventText(eventType, delay),
            delay,
            guard: guardName(t.guard),
            reenter: t.reenter === true,
          });
        });
      };
      for (const [eventType, list] of node.transitions) add(list, eventType);
      if (node.always) add(node.always, '');
    }
    for (const c of children) visit(c, node.id);
  };
  visit(root, null);
  return {
    machineId: root.id,
    initial: root.initial?.target?.[0]?.id ?? null,
    states,
    transitions,
  };
}

/** State ids of `chart` active for a recorded state string ("a.b", "a.b|c" for regions). */
export function activeStateIds(chart: StateChart, value: string | null): Set<string> {
  const out = new Set<string>();
  if (!value) return out;
  const byPath = new Map(chart.states.map((s) => [s.path, s]));
  for (const leaf of value.split('|')) {
    let s = byPath.get(leaf);
    while (s) {
      out.add(s.id);
      s = s.parent ? chart.states.find((x) => x.id === s!.parent) : undefined;
    }
  }
  return out;
}

/**
 * The declared transition a recorded step took: same event, its source active before the
 * step, its target (if any) active after, and the same guard when the trace names it. The
 * deepest source wins, as XState picks it. Null when none matches (e.g. the initial step).
 */
export function takenTransition(
  chart: StateChart,
  step: { event: string; from: string; to: string; guard: string | null },
): ChartTransition | null {
  const before = activeStateIds(chart, step.from);
  const after = activeStateIds(chart, step.to);
  const depth = new Map(chart.states.map((s) => [s.id, s.path.split('.').length]));
  const candidates = chart.transitions.filter(
    (t) =>
      t.eventType === step.event && before.has(t.source) && t.targets.every((id) => after.has(id)),
  );
  // The recorded guard picks among branches; if none declares it, the first that fits stands.
  const byGuard = step.guard ? candidates.filter((t) => t.guard === step.guard) : [];
  if (byGuard.length > 0) candidates.splice(0, candidates.length, ...byGuard);
  // Stable sort: of one source's branches, the first declared that fits, as XState tries them.
  candidates.sort((a, b) => (depth.get(b.source) ?? 0) - (depth.get(a.source) ?? 0));
  return candidates[0] ?? null;
}

/**
 * The transitions one recorded step went through: the event's transition and, when it led
 * into a state that moves on at once (`always`), the eventless ones after it, all in one
 * XState macrostep. The branch whose guard the trace names wins. Empty when none fits.
 */
export function takenPath(
  chart: StateChart,
  step: { event: string; from: string; to: string; guard: string | null },
): ChartTransition[] {
  const direct = takenTransition(chart, step);
  if (direct) return [direct];
  const before = activeStateIds(chart, step.from);
  const after = activeStateIds(chart, step.to);
  const eventless = (id: string) =>
    chart.transitions.filter((t) => t.source === id && t.eventType === '' && t.targets.length);
  const paths: ChartTransition[][] = [];
  const follow = (path: ChartTransition[], at: string, hops: number): void => {
    for (const t of eventless(at)) {
      const next = [...path, t];
      if (t.targets.every((id) => after.has(id))) paths.push(next);
      else if (hops > 0) follow(next, t.targets[0]!, hops - 1);
    }
  };
  for (const t of chart.transitions)
    if (t.eventType === step.event && before.has(t.source) && t.targets.length === 1)
      follow([t], t.targets[0]!, 2);
  const byGuard = step.guard ? paths.find((p) => p.some((t) => t.guard === step.guard)) : undefined;
  // No guard held: every branch taken was an unguarded one.
  const unguarded = step.guard ? undefined : paths.find((p) => p.every((t) => !t.guard));
  return byGuard ?? unguarded ?? paths[0] ?? [];
}
