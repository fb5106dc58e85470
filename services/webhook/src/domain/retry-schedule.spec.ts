import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, nextAttemptAt, validateRetrySchedule, retryWindowMs, withinWindow } from './retry-schedule.js';

const DEFAULT = [1, 5, 15, 30, 60, 120, 240, 480].map((m) => m * 60_000);

describe('retry schedule', () => {
  it('accepts the default schedule and rejects wrong lengths or windows beyond 24 h', () => {
    expect(() => validateRetrySchedule(DEFAULT)).not.toThrow();
    expect(() => validateRetrySchedule(DEFAULT.slice(1))).toThrow(/exactly 8/);
    expect(() => validateRetrySchedule([...DEFAULT.slice(1), 10 * 3600_000])).toThrow(/24h/);
  });

  it('waits the scheduled time with at most 10% jitter either way', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(nextAttemptAt(now, 1, MAX_ATTEMPTS, DEFAULT, () => 0)!.getTime() - now.getTime()).toBe(54_000);
    expect(nextAttemptAt(now, 1, MAX_ATTEMPTS, DEFAULT, () => 0.5)!.getTime() - now.getTime()).toBe(60_000);
    expect(nextAttemptAt(now, 8, MAX_ATTEMPTS, DEFAULT, () => 0.999_999)!.getTime() - now.getTime()).toBeLessThanOrEqual(528 * 60_000);
  });

  it('stops after the budget of attempts', () => {
    const now = new Date();
    expect(nextAttemptAt(now, 9, MAX_ATTEMPTS, DEFAULT)).toBeNull();
    expect(nextAttemptAt(now, 10, 10, DEFAULT)).toBeNull();
    expect(nextAttemptAt(now, 10, 11, DEFAULT)).not.toBeNull();
  });

  it('bounds the retry window by the schedule with maximum jitter, and by 24 h', () => {
    expect(retryWindowMs(Array(8).fill(100))).toBe(880);
    expect(retryWindowMs(Array(8).fill(4 * 3600 * 1000))).toBe(24 * 3600 * 1000);
  });

  it('keeps the next attempt inside the retry window, and makes none once the window is over', () => {
    const end = new Date('2026-01-02T00:00:00Z');
    const before = new Date('2026-01-01T20:00:00Z');
    expect(withinWindow(new Date('2026-01-01T23:59:59.999Z'), before, end)).toEqual(new Date('2026-01-01T23:59:59.999Z'));
    expect(withinWindow(new Date('2026-01-02T04:00:00Z'), before, end)).toEqual(end);
    expect(withinWindow(new Date('2026-01-01T23:00:00Z'), new Date('2026-01-01T23:59:59.999Z'), end)).toEqual(
      new Date('2026-01-01T23:00:00Z'),
    );
    // A clock moved past the whole window: the attempts it skipped would all have been made.
    expect(withinWindow(new Date('2026-01-02T09:00:00Z'), end, end)).toBeNull();
    expect(withinWindow(new Date('2026-01-03T09:00:00Z'), new Date('2026-01-03T01:00:00Z'), end)).toBeNull();
    expect(withinWindow(null, before, end)).toBeNull();
  });
});
