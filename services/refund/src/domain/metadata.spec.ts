import { describe, expect, it } from 'vitest';
import { assertValidMetadata, assertValidReason } from './metadata.js';

const param = (fn: () => unknown): string | undefined => {
  try {
    fn();
    return undefined;
  } catch (err) {
    expect((err as { code?: string }).code).toBe('validation_error');
    return (err as { param?: string }).param;
  }
};

describe('assertValidMetadata', () => {
  it('accepts strings and numbers within the limits', () => {
    expect(param(() => assertValidMetadata({ order: 'A-1', attempt: 2, ['k'.repeat(40)]: 'v'.repeat(200) }))).toBeUndefined();
    expect(param(() => assertValidMetadata(undefined))).toBeUndefined();
  });

  it('refuses more than 20 keys', () => {
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v']));
    expect(param(() => assertValidMetadata(many))).toBe('metadata');
  });

  it('names the key at fault', () => {
    expect(param(() => assertValidMetadata({ ['k'.repeat(41)]: 'v' }))).toBe(`metadata[${'k'.repeat(41)}]`);
    expect(param(() => assertValidMetadata({ long: 'v'.repeat(201) }))).toBe('metadata[long]');
    expect(param(() => assertValidMetadata({ nested: { a: 1 } }))).toBe('metadata[nested]');
    expect(param(() => assertValidMetadata({ flag: true }))).toBe('metadata[flag]');
  });

  it('refuses non-objects', () => {
    expect(param(() => assertValidMetadata(['a']))).toBe('metadata');
    expect(param(() => assertValidMetadata('a'))).toBe('metadata');
  });
});

describe('assertValidReason', () => {
  it('bounds the reason length', () => {
    expect(param(() => assertValidReason('customer returned the goods'))).toBeUndefined();
    expect(param(() => assertValidReason('x'.repeat(501)))).toBe('reason');
  });

  it('refuses text Postgres cannot store: NUL and unpaired surrogates', () => {
    expect(param(() => assertValidReason('a\u0000b'))).toBe('reason');
    expect(param(() => assertValidReason('a\uD800b'))).toBe('reason');
    expect(param(() => assertValidReason('a\uDC00'))).toBe('reason');
    expect(param(() => assertValidReason('emoji \uD83D\uDE00 ok'))).toBeUndefined();
    expect(param(() => assertValidMetadata({ plan: 'a\u0000' }))).toBe('metadata[plan]');
    expect(param(() => assertValidMetadata({ 'k\u0000': 'v' }))).toBe('metadata[k\u0000]');
  });
});
