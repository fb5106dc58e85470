import { describe, expect, it } from 'vitest';
import { assertValidReason } from './refund-reason.js';

const param = (fn: () => unknown): string | undefined => {
  try {
    fn();
    return undefined;
  } catch (err) {
    expect((err as { code?: string }).code).toBe('validation_error');
    return (err as { param?: string }).param;
  }
};

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
  });
});
