/**
 * A tiny trace builder for view-maths tests: rows of (t, entity, event, from, to)
 * interned the way the engine's recorder does it.
 */
import { LogRecords, type Trace } from '../../sim';

export function makeTrace(
  entities: readonly { id: string; kind: string }[],
  rows: readonly (readonly [number, string, string, string, string])[],
  endT: number,
): Trace {
  const strings: string[] = [];
  const idx = new Map<string, number>();
  const intern = (s: string) => {
    let i = idx.get(s);
    if (i === undefined) {
      i = strings.length;
      strings.push(s);
      idx.set(s, i);
    }
    return i;
  };
  const ents = entities.map((e) => ({ ...e, created: 0 }));
  const entIdx = new Map(ents.map((e, i) => [e.id, i]));
  const steps = {
    t: [] as number[],
    entity: [] as number[],
    event: [] as number[],
    from: [] as number[],
    to: [] as number[],
    cause: [] as number[],
    guard: [] as number[],
  };
  for (const [t, ent, ev, from, to] of rows) {
    steps.t.push(t);
    steps.entity.push(entIdx.get(ent)!);
    steps.event.push(intern(ev));
    steps.from.push(intern(from));
    steps.to.push(intern(to));
    steps.cause.push(-1);
    steps.guard.push(intern(''));
  }
  return {
    steps,
    strings,
    entities: ents,
    events: [],
    logs: new LogRecords(),
    records: [],
    checkpoints: [],
    checkpointEvery: 256,
    endT,
    stopReason: 'idle',
  };
}
