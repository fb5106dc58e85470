import { describe, expect, it } from 'vitest';
import { isId, newId } from './index.js';

describe('newId', () => {
  it('has the type prefix and a 26-char ULID body', () => {
    const id = newId('mandate');
    expect(id).toMatch(/^MD[0-9A-Z]{26}$/);
    expect(isId('mandate', id)).toBe(true);
    expect(isId('payment', id)).toBe(false);
  });

  it('sorts by creation, also within one millisecond', () => {
    const ids = Array.from({ length: 1000 }, () => newId('payment', 1_700_000_000_000));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    expect(newId('payment', 1_800_000_000_000) > ids[999]!).toBe(true);
  });
});
