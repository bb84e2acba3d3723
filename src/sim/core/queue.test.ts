import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  queueCancel,
  queueInOrder,
  queuePeek,
  queuePop,
  queuePush,
  type Queue,
  type QueueEntry,
} from './queue';

function drain(q: Queue<string>): string[] {
  const out: string[] = [];
  for (let e = queuePop(q); e; e = queuePop(q)) out.push(e.event);
  return out;
}

describe('event queue', () => {
  it('orders by time, then by insertion sequence at equal times', () => {
    const q: Queue<string> = [];
    let seq = 0;
    for (const [t, name] of [
      [5, 'c'],
      [1, 'a'],
      [5, 'd'],
      [1, 'b'],
      [0, 'z'],
    ] as const) {
      queuePush(q, { t, seq: seq++, target: 'x', event: name, cause: -1 });
    }
    expect(drain(q)).toEqual(['z', 'a', 'b', 'c', 'd']);
  });

  it('pops any pushed sequence in (t, seq) order (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 50 }), { maxLength: 200 }), (times) => {
        const q: Queue<string> = [];
        times.forEach((t, seq) =>
          queuePush(q, { t, seq, target: 'x', event: `${t}:${seq}`, cause: -1 }),
        );
        const popped: [number, number][] = [];
        for (let e = queuePop(q); e; e = queuePop(q)) popped.push([e.t, e.seq]);
        const sorted = [...popped].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
        expect(popped).toEqual(sorted);
        expect(popped).toHaveLength(times.length);
      }),
    );
  });

  it('lists the entries in pop order and leaves the heap as it was (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 30 }), { maxLength: 150 }), (times) => {
        const q: Queue<string> = [];
        // Some entries pushed with a seq below the others', as `returned` events are.
        times.forEach((t, seq) =>
          queuePush(q, {
            t,
            seq: seq % 3 ? seq : seq - 2 ** 52,
            target: 'x',
            event: '',
            cause: -1,
          }),
        );
        const heap = [...q];
        const listed = queueInOrder(q);
        expect(q).toEqual(heap);
        const popped: unknown[] = [];
        for (let e = queuePop(q); e; e = queuePop(q)) popped.push(e);
        // The same entry objects (a checkpoint shares them), in pop order.
        expect(listed.length).toBe(popped.length);
        listed.forEach((e, i) => expect(e).toBe(popped[i]));
        expect(listed.map((e) => [e.t, e.seq])).toEqual(
          [...heap].sort((a, b) => a.t - b.t || a.seq - b.seq).map((e) => [e.t, e.seq]),
        );
      }),
    );
  });

  it('cancels keyed entries of one target and keeps heap order', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.integer({ min: 0, max: 20 }), fc.constantFrom('k1', 'k2', undefined)),
          { maxLength: 100 },
        ),
        (entries) => {
          const q: Queue<string> = [];
          entries.forEach(([t, key], seq) =>
            queuePush(q, { t, seq, target: seq % 2 ? 'a' : 'b', event: `${seq}`, key, cause: -1 }),
          );
          queueCancel(q, 'a', 'k1');
          const rest: [number, number][] = [];
          for (let e = queuePop(q); e; e = queuePop(q)) {
            expect(e.target === 'a' && e.key === 'k1').toBe(false);
            rest.push([e.t, e.seq]);
          }
          expect(rest).toEqual([...rest].sort((x, y) => x[0] - y[0] || x[1] - y[1]));
          const expected = entries.filter(
            ([, key], seq) => !(seq % 2 === 1 && key === 'k1'),
          ).length;
          expect(rest).toHaveLength(expected);
        },
      ),
    );
  });
  it('pushes, pops and single-key cancels agree with a sorted list (property)', () => {
    // Unique keys: every cancel takes one entry out where it sits (queueCancel's heap delete).
    const op = fc.oneof(
      fc.record({ op: fc.constant('push' as const), t: fc.integer({ min: 0, max: 40 }) }),
      fc.record({ op: fc.constant('pop' as const) }),
      fc.record({ op: fc.constant('cancel' as const), pick: fc.nat() }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 300 }), (ops) => {
        const q: Queue<string> = [];
        let model: QueueEntry<string>[] = [];
        let seq = 0;
        for (const o of ops) {
          if (o.op === 'push') {
            const e = { t: o.t, seq, target: 'm', event: '', key: `k${seq}`, cause: -1 };
            seq++;
            queuePush(q, e);
            model.push(e);
            model.sort((a, b) => a.t - b.t || a.seq - b.seq);
          } else if (o.op === 'pop') {
            expect(queuePop(q)).toBe(model.shift());
          } else if (model.length > 0) {
            const gone = model[o.pick % model.length]!;
            expect(queueCancel(q, 'm', gone.key!)).toBe(1);
            model = model.filter((e) => e !== gone);
          }
          expect(queuePeek(q)).toBe(model[0]);
        }
        expect(queueInOrder(q)).toEqual(model);
      }),
    );
  });
});
