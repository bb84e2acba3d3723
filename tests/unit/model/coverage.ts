/**
 * Which of a machine's declared transitions a set of traces took, and what share of machine
 * steps changed state. A transition is identified by its source state, event and guard; a
 * trace step took it when the step's machine kind, source state (or a state inside it), event
 * and recorded guard match. Eventless (`always`) transitions run inside another event's step:
 * a guarded one is taken when its guard decided some step of the machine, an unguarded one when
 * some step of the machine ended in its target. An unguarded transition followed by guarded
 * eventless ones records the eventless guard, so it matches any recorded guard.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import type { Trace } from '../../../src/sim/index';

export interface DeclaredTransition {
  kind: string;
  source: string;
  event: string;
  guard: string;
  targets: string[];
  label: string;
}

function nodes(node: AnyStateNode, out: AnyStateNode[] = []): AnyStateNode[] {
  out.push(node);
  for (const c of Object.values(node.states)) nodes(c as AnyStateNode, out);
  return out;
}

function guardName(g: unknown): string {
  if (typeof g === 'string') return g;
  if (g && typeof g === 'object' && 'type' in g) return String(g.type);
  return '';
}

export function declaredTransitions(kind: string, machine: AnyStateMachine): DeclaredTransition[] {
  const out: DeclaredTransition[] = [];
  for (const n of nodes(machine.root)) {
    const source = n.path.join('.');
    const lists: [string, readonly { guard?: unknown; target?: readonly AnyStateNode[] }[]][] = [
      ...n.transitions.entries(),
    ];
    if (n.always) lists.push(['', n.always]);
    for (const [event, list] of lists)
      for (const t of list) {
        const guard = guardName(t.guard);
        const targets = (t.target ?? []).map((x) => x.path.join('.'));
        out.push({
          kind,
          source,
          event,
          guard,
          targets,
          label: `${kind}: ${source || '(root)'} --${event || 'always'}${guard ? ` [${guard}]` : ''}--> ${targets.join(',') || '(self)'}`,
        });
      }
  }
  return out;
}

/** Joins key parts: not '|', which a parallel machine's state string holds between regions. */
const SEP = '\t';

/** The labels of the declared transitions the traces took. */
export function takenTransitions(declared: DeclaredTransition[], traces: Trace[]): Set<string> {
  const seen = new Set<string>();
  const keys = new Set<string>();
  for (const tr of traces) {
    const { steps, strings, entities } = tr;
    for (let i = 0; i < steps.t.length; i++) {
      const kind = entities[steps.entity[i]!]!.kind;
      const ev = strings[steps.event[i]!]!;
      const from = strings[steps.from[i]!]!;
      const to = strings[steps.to[i]!]!;
      const guard = strings[steps.guard[i]!]!;
      keys.add([kind, from, ev, guard].join(SEP));
      // An unguarded transition followed by guarded eventless ones records their guard.
      keys.add([kind, from, ev, '*'].join(SEP));
      keys.add([kind, '*', ev, guard].join(SEP));
      if (guard) keys.add([kind, 'guard', guard].join(SEP));
      keys.add([kind, 'to', to].join(SEP));
      keys.add([kind, 'from', from, ev].join(SEP));
    }
  }
  // A parallel machine is in one state per region ('a.x|b.y').
  const within = (from: string, source: string) =>
    source === '' || from.split('|').some((f) => f === source || f.startsWith(`${source}.`));
  const fromStates = new Map<string, Set<string>>();
  for (const k of keys) {
    const [kind, tag, from, ev] = k.split(SEP);
    if (tag !== 'from') continue;
    const key = [kind, ev].join(SEP);
    if (!fromStates.has(key)) fromStates.set(key, new Set());
    fromStates.get(key)!.add(from!);
  }
  for (const d of declared) {
    let taken: boolean;
    if (d.event === '') {
      taken = d.guard
        ? keys.has([d.kind, 'guard', d.guard].join(SEP))
        : d.targets.some((t) =>
            [...keys].some((k) => {
              const to = [d.kind, 'to', ''].join(SEP);
              if (!k.startsWith(to)) return false;
              return k
                .slice(to.length)
                .split('|')
                .some((r) => r === t || r.startsWith(`${t}.`));
            }),
          );
    } else {
      const froms = fromStates.get([d.kind, d.event].join(SEP)) ?? new Set<string>();
      taken = [...froms].some(
        (f) => within(f, d.source) && keys.has([d.kind, f, d.event, d.guard || '*'].join(SEP)),
      );
      // The initial transition's event has no source state ('' before xstate.init).
      if (!taken && d.event === 'xstate.init')
        taken = keys.has([d.kind, '*', d.event, d.guard].join(SEP));
    }
    if (taken) seen.add(d.label);
  }
  return seen;
}

/** Machine steps (kinds in `machineKinds`) and how many changed their machine's state. */
export function stateChangeShare(
  traces: Trace[],
  machineKinds: ReadonlySet<string>,
): { steps: number; changed: number; byKind: Map<string, [number, number]> } {
  let steps = 0;
  let changed = 0;
  const byKind = new Map<string, [number, number]>();
  for (const tr of traces) {
    const s = tr.steps;
    for (let i = 0; i < s.t.length; i++) {
      const kind = tr.entities[s.entity[i]!]!.kind;
      if (!machineKinds.has(kind)) continue;
      const row = byKind.get(kind) ?? [0, 0];
      row[0]++;
      steps++;
      if (s.from[i] !== s.to[i]) {
        row[1]++;
        changed++;
      }
      byKind.set(kind, row);
    }
  }
  return { steps, changed, byKind };
}
