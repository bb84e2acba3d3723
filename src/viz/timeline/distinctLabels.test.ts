import { describe, expect, it } from 'vitest';
import { distinctLabels } from './distinctLabels';

describe('distinctLabels', () => {
  it('shows the part of pod names that differs', () => {
    const out = distinctLabels([
      'default/checkout-api-7f9c8d6b5-abcde',
      'default/checkout-api-7f9c8d6b5-xyz12',
      'default/web',
    ]);
    expect(out[0]).toBe('default/…6b5-abcde');
    expect(out[1]).toBe('default/…6b5-xyz12');
    expect(out[2]).toBe('default/web');
    expect(new Set(out).size).toBe(3);
  });
  it('leaves short or unrelated names alone', () => {
    expect(distinctLabels(['default/web', 'default/db'])).toEqual(['default/web', 'default/db']);
  });
});
