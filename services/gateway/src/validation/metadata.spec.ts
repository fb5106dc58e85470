import { describe, expect, it } from 'vitest';
import { parseMetadata } from './metadata.js';

const param = (value: unknown) => {
  try {
    parseMetadata(value);
    return 'ok';
  } catch (err) {
    return (err as { param?: string }).param;
  }
};

describe('parseMetadata', () => {
  it('accepts strings and numbers within the limits', () => {
    expect(parseMetadata({ plan: 'gold', seats: 3 })).toEqual({ plan: 'gold', seats: 3 });
    expect(parseMetadata(undefined)).toEqual({});
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
