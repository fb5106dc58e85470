import { describe, expect, it } from 'vitest';
import { acceptedRate, errorsAroundKill, spreadOf } from './checks.js';

describe('the scale test’s verdicts', () => {
  it('measures a spread by its replica farthest from an even share', () => {
    expect(spreadOf('payment', { a: 100, b: 100, c: 100 }).worstDeviation).toBe(0);
    expect(spreadOf('payment', { a: 120, b: 90, c: 90 }).worstDeviation).toBeCloseTo(0.2);
    expect(spreadOf('payment', { a: 0, b: 0, c: 0 }).worstDeviation).toBe(1);
  });

  it('excuses only the errors of requests in flight at the kill', () => {
    const around = errorsAroundKill(
      [
        { startedAt: 0, endedAt: 5, error: undefined },
        { startedAt: 5, endedAt: 15, error: 'cut off' },
        { startedAt: 8, endedAt: 12, error: undefined },
        { startedAt: 11, endedAt: 20, error: '503' },
        { startedAt: 1, endedAt: 4, error: '503' },
      ],
      10,
    );
    expect(around.inFlightAtKill).toBe(2);
    expect(around.errorsInFlight.map((r) => r.error)).toEqual(['cut off']);
    expect(around.errorsOtherwise.map((r) => r.error)).toEqual(['503', '503']);
    // A request that reached a replica still dying counts as in flight at its kill.
    expect(errorsAroundKill([{ startedAt: 11, endedAt: 20, error: 'reset' }], 10, 12).errorsInFlight).toHaveLength(1);
  });

  it('counts the accepted rate over its window only', () => {
    expect(acceptedRate([0, 500, 1000, 1500, 2000, 2500, 3000], 1000, 3000)).toBe(2);
  });
});
