import * as crypto from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anyEqualConstantTime } from './constant-time.js';
import { computeSignature, signatureHeader, verifyWebhook, WebhookVerificationError } from './index.js';

vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  return { ...actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) };
});

const timingSafeEqual = vi.mocked(crypto.timingSafeEqual);
afterEach(() => timingSafeEqual.mockClear());

describe('anyEqualConstantTime', () => {
  it('compares with crypto.timingSafeEqual, every pair, always on equal-length buffers', () => {
    expect(anyEqualConstantTime(['aa', 'bbbb', 'c'], ['bbbb', 'dddd'])).toBe(true);
    expect(timingSafeEqual).toHaveBeenCalledTimes(6);
    for (const [a, b] of timingSafeEqual.mock.calls) {
      expect((a as Buffer).length).toBe((b as Buffer).length);
    }
  });

  it('does not stop at the first match', () => {
    expect(anyEqualConstantTime(['x', 'y'], ['x', 'z'])).toBe(true);
    expect(timingSafeEqual).toHaveBeenCalledTimes(4);
  });

  it('never counts a length mismatch as equal, even when one is a prefix of the other', () => {
    expect(anyEqualConstantTime(['abc'], ['abcd'])).toBe(false);
    expect(anyEqualConstantTime(['abcd'], ['abc'])).toBe(false);
    expect(anyEqualConstantTime([''], ['abc'])).toBe(false);
    expect(anyEqualConstantTime([], ['abc'])).toBe(false);
  });
});

describe('verifyWebhook compares in constant time', () => {
  it('runs every signature against every secret through timingSafeEqual, and accepts on any match', () => {
    const header = signatureHeader({ secrets: ['whsec_1', 'whsec_2'], timestamp: 100, body: '{}' });
    expect(verifyWebhook({ body: '{}', header, secrets: ['whsec_2', 'whsec_3', 'whsec_4'], now: 100 })).toEqual({ timestamp: 100 });
    expect(timingSafeEqual).toHaveBeenCalledTimes(6);
    // The same comparisons, no secret matching: refused, after comparing every pair all the same.
    timingSafeEqual.mockClear();
    expect(() => verifyWebhook({ body: '{}', header, secrets: ['whsec_3', 'whsec_4', 'whsec_5'], now: 100 })).toThrow(
      expect.objectContaining({ reason: 'signature_mismatch' }),
    );
    expect(timingSafeEqual).toHaveBeenCalledTimes(6);
  });

  it('handles a different-length signature with timingSafeEqual and no RangeError', () => {
    const sig = computeSignature('whsec_1', 100, '{}');
    let caught: unknown;
    try {
      verifyWebhook({ body: '{}', header: `t=100,v1=${sig.slice(0, 10)}`, secrets: 'whsec_1', now: 100 });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(WebhookVerificationError);
    expect((caught as WebhookVerificationError).reason).toBe('signature_mismatch');
    expect(timingSafeEqual).toHaveBeenCalledTimes(1);
  });
});
