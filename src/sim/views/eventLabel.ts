/**
 * A trace step's event as a person reads it: XState names an `after` transition's delayed event
 * "xstate.after.<delay>.<machine>.<state path>"; it reads as "after <delay>" (the named delay of
 * the machine's definition: "after syncTickerPeriod", "after pullTime"). XState's own
 * "xstate.init" (an actor spawned into its initial state) reads as "start".
 */
const AFTER = 'xstate.after.';
const INIT = 'xstate.init';

/** What a step did, as a sentence's predicate: "started in waiting", "handled SYNC", "a to b". */
export function stepChange(from: string, to: string, event: string, arrow = ' to '): string {
  if (event === INIT) return `started in ${to}`;
  return from === to || from === '' ? `handled ${eventLabel(event)}` : `${from}${arrow}${to}`;
}

export function eventLabel(event: string): string {
  if (event === INIT) return 'start';
  if (!event.startsWith(AFTER)) return event;
  const delay = event.slice(AFTER.length).split('.')[0];
  return delay ? `after ${delay}` : event;
}
