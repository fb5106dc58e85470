import { describe, expect, it } from 'vitest';
import { honourRetryAfter, parseRetryAfter } from './retry-after.js';

const now = Date.parse('2026-03-01T12:00:00Z');

describe('Retry-After', () => {
  it('reads delay-seconds and HTTP dates', () => {
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Sun, 01 Mar 2026 12:05:00 GMT', now)).toBe(300_000);
    expect(parseRetryAfter('Sun, 01 Mar 2026 11:00:00 GMT', now)).toBe(0);
    for (const bad of [undefined, '', 'soon', '-5', '1.5']) expect(parseRetryAfter(bad, now)).toBeUndefined();
  });

  it('waits for the later of the schedule and the receiver, within the retry window', () => {
    const at = new Date(now);
    const scheduled = new Date(now + 60_000);
    const windowEnd = new Date(now + 3_600_000);
    expect(honourRetryAfter(scheduled, at, undefined, windowEnd)).toEqual(scheduled);
    expect(honourRetryAfter(scheduled, at, 10_000, windowEnd)).toEqual(scheduled);
    expect(honourRetryAfter(scheduled, at, 600_000, windowEnd)).toEqual(new Date(now + 600_000));
    expect(honourRetryAfter(scheduled, at, 86_400_000, windowEnd)).toEqual(windowEnd);
  });
});
