import { describe, expect, it } from 'vitest';
import { validateMetadata } from './metadata.js';

const param = (value: unknown) => {
  try {
    validateMetadata(value);
    return 'ok';
  } catch (err) {
    return (err as { param?: string }).param;
  }
};

describe('validateMetadata', () => {
  it('accepts strings and numbers within the limits', () => {
    expect(validateMetadata({ plan: 'gold', seats: 3 })).toEqual({ plan: 'gold', seats: 3 });
    expect(validateMetadata(undefined)).toEqual({});
    expect(param(Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, 'v'])))).toBe('ok');
    expect(param({ ['k'.repeat(40)]: 'v'.repeat(200) })).toBe('ok');
  });

  it('names the offending key', () => {
    expect(param(Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v'])))).toBe('metadata');
    expect(param({ ['k'.repeat(41)]: 'v' })).toBe(`metadata[${'k'.repeat(41)}]`);
    expect(param({ a: 'v'.repeat(201) })).toBe('metadata[a]');
    expect(param({ a: true })).toBe('metadata[a]');
    expect(param({ a: { nested: 1 } })).toBe('metadata[a]');
    expect(param([])).toBe('metadata');
  });
});

describe('validateMetadata, the rules every service applies', () => {
  it('refuses text Postgres cannot store, in keys and values, naming the entry', () => {
    expect(param({ note: 'a\u0000b' })).toBe('metadata[note]');
    expect(param({ note: '\uD800' })).toBe('metadata[note]');
    expect(param({ ['k\u0000']: 'v' })).toBe('metadata[k\u0000]');
    expect(param({ note: '\uD83D\uDE00' })).toBe('ok');
  });

  it('refuses non-objects, non-finite numbers and nested values', () => {
    expect(param(['a'])).toBe('metadata');
    expect(param('a')).toBe('metadata');
    expect(param(null)).toBe('metadata');
    expect(param({ n: Number.POSITIVE_INFINITY })).toBe('metadata[n]');
    expect(param({ nested: { a: 1 } })).toBe('metadata[nested]');
    expect(param({ flag: true })).toBe('metadata[flag]');
  });
});
