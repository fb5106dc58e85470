/** Where the service reads the time from; tests inject a fixed one to cover date rules exactly. */
export interface Clock {
  now(): Date;
}

/** The wall clock. */
export const systemClock: Clock = { now: () => new Date() };
