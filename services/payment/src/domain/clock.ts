/**
 * Where the service reads the time from; tests inject a fixed one to cover date rules exactly.
 * Given a merchant, the merchant's time: in sandbox its clock may run ahead (docs/api.md, "Sandbox
 * clock"). Without one, the wall clock's (operational timers: hand-overs, resubmission).
 */
export interface Clock {
  now(merchantId?: string): Date;
}

/** The wall clock. */
export const systemClock: Clock = { now: () => new Date() };
