import { describe, expect, it } from 'vitest';
import { AddressThrottle, type AddressPlace } from './address-throttle.js';

describe('the per-address throttle', () => {
  it('holds at most maxInFlight attempts to one address at once, and frees a place when one ends', () => {
    const throttle = new AddressThrottle({ maxInFlight: 2, perSecond: 100 }, () => 0);
    const a = throttle.tryAcquire('10.0.0.1') as AddressPlace;
    const b = throttle.tryAcquire('10.0.0.1') as AddressPlace;
    expect(throttle.tryAcquire('10.0.0.1')).toEqual({ retryInMs: 100 });
    expect(throttle.isFull('10.0.0.1')).toBe(true);
    // Another address is not affected.
    expect('release' in throttle.tryAcquire('10.0.0.2')).toBe(true);
    a.release();
    a.release();
    expect(throttle.isFull('10.0.0.1')).toBe(false);
    expect('release' in throttle.tryAcquire('10.0.0.1')).toBe(true);
    b.release();
  });

  it('starts at most perSecond attempts a second, after a burst of as many', () => {
    let now = 0;
    const throttle = new AddressThrottle({ maxInFlight: 1000, perSecond: 10 }, () => now);
    for (let i = 0; i < 10; i++) (throttle.tryAcquire('a') as AddressPlace).release();
    expect(throttle.tryAcquire('a')).toEqual({ retryInMs: 100 });
    now += 250;
    let started = 0;
    while ('release' in throttle.tryAcquire('a')) started++;
    expect(started).toBe(2);
    now += 10_000;
    started = 0;
    while ('release' in throttle.tryAcquire('a')) started++;
    expect(started).toBe(10);
  });

  it('forgets an address once it is idle with a full bucket', () => {
    let now = 0;
    const throttle = new AddressThrottle({ maxInFlight: 5, perSecond: 5 }, () => now);
    const place = throttle.tryAcquire('a') as AddressPlace;
    now += 1000;
    place.release();
    expect(throttle.tracked).toBe(0);
  });
});
