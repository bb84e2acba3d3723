import { describe, expect, it } from 'vitest';
import { eventLabel } from './eventLabel';

describe('eventLabel', () => {
  it('reads an after transition by its named delay', () => {
    expect(eventLabel('xstate.after.syncTickerPeriod.syncLoop.syncTicker.ticking')).toBe(
      'after syncTickerPeriod',
    );
    expect(eventLabel('xstate.after.1000.pleg.sleeping')).toBe('after 1000');
  });
  it('leaves other events as they are', () => {
    expect(eventLabel('CONFIG')).toBe('CONFIG');
    expect(eventLabel('xstate.init')).toBe('xstate.init');
  });
});
