import { describe, expect, it } from 'vitest';
import { eventLabel, stepChange } from './eventLabel';

describe('eventLabel', () => {
  it('reads an after transition by its named delay', () => {
    expect(eventLabel('xstate.after.syncTickerPeriod.syncLoop.syncTicker.ticking')).toBe(
      'after syncTickerPeriod',
    );
    expect(eventLabel('xstate.after.1000.pleg.sleeping')).toBe('after 1000');
  });
  it('leaves other events as they are', () => {
    expect(eventLabel('CONFIG')).toBe('CONFIG');
  });
  it('reads an actor spawned into its first state as a start, not an XState name', () => {
    expect(eventLabel('xstate.init')).toBe('start');
    expect(stepChange('', 'waiting', 'xstate.init')).toBe('started in waiting');
    expect(stepChange('a', 'a', 'SYNC')).toBe('handled SYNC');
    expect(stepChange('a', 'b', 'SYNC', ' → ')).toBe('a → b');
  });
});
