/**
 * What guards and delays may read besides their event and context: a read-only view of the
 * world as the step begins. The engine sets it before each transition (runs are synchronous
 * and single-threaded, so one slot is enough) and a domain reads it through a typed accessor
 * (kubelet/view.ts). Guards stay pure: they read it, never change it.
 */
let current: unknown;

export function setGuardView(view: unknown): void {
  current = view;
}

/** The view of the step being taken; throws outside a step (a guard run by a model test). */
export function guardView<V>(): V {
  if (current === undefined) throw new Error('a guard read the world outside an engine step');
  return current as V;
}

/** True inside an engine step (model tests walk machines without one). */
export function hasGuardView(): boolean {
  return current !== undefined;
}
