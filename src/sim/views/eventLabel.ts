/**
 * A trace step's event as a person reads it: XState names an `after` transition's delayed event
 * "xstate.after.<delay>.<machine>.<state path>"; it reads as "after <delay>" (the named delay of
 * the machine's definition: "after syncTickerPeriod", "after pullTime").
 */
const AFTER = 'xstate.after.';

export function eventLabel(event: string): string {
  if (!event.startsWith(AFTER)) return event;
  const delay = event.slice(AFTER.length).split('.')[0];
  return delay ? `after ${delay}` : event;
}
