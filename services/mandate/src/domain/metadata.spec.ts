import { describe, expect, it } from 'vitest';
import { validateMetadata } from './metadata.js';

function paramOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    return (err as { code: string; param?: string }).code === 'validation_error' ? (err as { param?: string }).param : 'wrong code';
  }
  return undefined;
}

describe('validateMetadata', () => {
  it('accepts strings and numbers up to every limit', () => {
    const full = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`.padEnd(40, 'x'), i % 2 ? 'v'.repeat(200) : i]));
    expect(validateMetadata(full)).toEqual(full);
    expect(validateMetadata(undefined)).toEqual({});
  });

  it('names the whole object when there are too many keys', () => {
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v']));
    expect(paramOf(() => validateMetadata(many))).toBe('metadata');
  });

  it('names the key at fault', () => {
    const long = 'k'.repeat(41);
    expect(paramOf(() => validateMetadata({ [long]: 'v' }))).toBe(`metadata[${long}]`);
    expect(paramOf(() => validateMetadata({ note: 'v'.repeat(201) }))).toBe('metadata[note]');
    expect(paramOf(() => validateMetadata({ flag: true }))).toBe('metadata[flag]');
    expect(paramOf(() => validateMetadata({ nested: { a: 1 } }))).toBe('metadata[nested]');
    expect(paramOf(() => validateMetadata({ gone: null }))).toBe('metadata[gone]');
    expect(paramOf(() => validateMetadata({ '': 'v' }))).toBe('metadata');
  });
});
