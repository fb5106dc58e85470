import { describe, expect, it } from 'vitest';
import { assertStorableJson, MAX_BODY_DEPTH } from './storable-json.js';

const paramOf = (body: unknown) => {
  try {
    assertStorableJson(body);
    return undefined;
  } catch (err) {
    return (err as { code: string; param?: string }).code === 'validation_error' ? (err as { param?: string }).param : 'other';
  }
};

const nested = (levels: number): unknown => {
  let value: unknown = 'leaf';
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
};

describe('assertStorableJson', () => {
  it('accepts ordinary bodies, emoji and safe numbers', () => {
    expect(paramOf({ description: 'Gym \uD83D\uDCAA', metadata: { plan: 'gold', seats: 9007199254740991, ratio: 0.25 } })).toBeUndefined();
  });

  it('names the place of a NUL in a value or a key', () => {
    expect(paramOf({ reason: 'a\u0000b' })).toBe('reason');
    expect(paramOf({ metadata: { plan: 'x\u0000' } })).toBe('metadata[plan]');
    expect(paramOf({ metadata: { 'k\u0000': 'v' } })).toBe('metadata[k\u0000]');
    expect(paramOf({ enabled_events: ['payment.settled', '\u0000'] })).toBe('enabled_events[1]');
  });

  it('refuses unpaired surrogates, which would be rewritten on storage', () => {
    expect(paramOf({ metadata: { note: 'a\uD800' } })).toBe('metadata[note]');
    expect(paramOf({ metadata: { note: '\uDC00b' } })).toBe('metadata[note]');
  });

  it('refuses integers that lost precision and non-finite numbers', () => {
    expect(paramOf(JSON.parse('{"metadata": {"big": 12345678901234567890}}'))).toBe('metadata[big]');
    expect(paramOf(JSON.parse('{"metadata": {"huge": 1e400}}'))).toBe('metadata[huge]');
  });

  it(`refuses nesting deeper than ${MAX_BODY_DEPTH} levels without exhausting the stack`, () => {
    expect(paramOf(nested(MAX_BODY_DEPTH))).toBeUndefined();
    expect(paramOf(nested(MAX_BODY_DEPTH + 1))).toMatch(/^a(\[a\])*$/);
    expect(paramOf(JSON.parse('['.repeat(100_000) + ']'.repeat(100_000)))).toBeDefined();
  });
});
