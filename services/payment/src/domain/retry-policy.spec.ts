import { describe, expect, it } from 'vitest';
import { assertRetryable, RETRY_WINDOW_MS } from './retry-policy.js';

const createdAt = new Date('2026-11-01T10:00:00.000Z');
const failed = { status: 'failed' as const, retryCount: 0, createdAt };
const codeOf = (fn: () => void) => {
  try {
    fn();
    return 'ok';
  } catch (err) {
    return (err as { code: string }).code;
  }
};

describe('assertRetryable', () => {
  it('allows a failed payment with retries left inside the window', () => {
    expect(codeOf(() => assertRetryable(failed, createdAt))).toBe('ok');
  });

  it('allows exactly 7 days after creation and refuses one millisecond later', () => {
    const edge = new Date(createdAt.getTime() + RETRY_WINDOW_MS);
    expect(codeOf(() => assertRetryable(failed, edge))).toBe('ok');
    expect(codeOf(() => assertRetryable(failed, new Date(edge.getTime() + 1)))).toBe('retry_window_expired');
  });

  it('refuses payments that are not failed, then payments out of retries', () => {
    expect(codeOf(() => assertRetryable({ ...failed, status: 'settled' }, createdAt))).toBe('payment_not_failed');
    expect(codeOf(() => assertRetryable({ ...failed, retryCount: 2 }, createdAt))).toBe('ok');
    expect(codeOf(() => assertRetryable({ ...failed, retryCount: 3 }, createdAt))).toBe('retry_limit_reached');
  });
});
