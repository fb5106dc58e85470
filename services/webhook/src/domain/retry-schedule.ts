/** At most 9 attempts: the first plus one per wait of the schedule. */
export const MAX_ATTEMPTS = 9;
/** Jitter spreads retries of many deliveries by up to ±10% of the wait. */
export const JITTER = 0.1;
const DAY_MS = 24 * 3600 * 1000;
/** Every attempt of a delivery happens within 24 h of the start of its retry window. */
export const RETRY_WINDOW_MS = DAY_MS;

/**
 * Throws unless `waits` has exactly 8 entries (the waits before attempts 2..9) that, even with
 * maximum jitter, all fit in the 24 h retry window of the API.
 */
export function validateRetrySchedule(waits: number[]): void {
  if (waits.length !== MAX_ATTEMPTS - 1) throw new Error(`must list exactly ${MAX_ATTEMPTS - 1} waits, got ${waits.length}`);
  const total = waits.reduce((a, b) => a + b, 0);
  if (total * (1 + JITTER) >= DAY_MS) throw new Error('must total less than 24h including 10% jitter');
}

/**
 * When the next attempt is due after `attemptsMade` attempts all failed: `now` plus the
 * schedule's wait with ±10% jitter (`random` in [0,1)). Null once `maxAttempts` are spent.
 * Attempts beyond the schedule (a manual retry's) reuse its last wait.
 */
export function nextAttemptAt(
  now: Date,
  attemptsMade: number,
  maxAttempts: number,
  waits: number[],
  random: () => number = Math.random,
): Date | null {
  if (attemptsMade >= maxAttempts || waits.length === 0) return null;
  const wait = waits[Math.min(Math.max(attemptsMade - 1, 0), waits.length - 1)]!;
  const jitter = 1 + JITTER * (2 * random() - 1);
  return new Date(now.getTime() + Math.round(wait * jitter));
}

/**
 * The next attempt kept inside the retry window: one that would fall after its end is made at
 * its last moment instead, and once the window is over (`now` at or past its end) there is none
 * and the delivery fails. A schedule that fits the window never needs either on its own time; a
 * delivery made late (a sandbox clock moved forward in steps) or a clock moved past the whole
 * window does.
 */
export function withinWindow(next: Date | null, now: Date, windowEnd: Date): Date | null {
  if (!next || now.getTime() >= windowEnd.getTime()) return null;
  return next.getTime() <= windowEnd.getTime() ? next : windowEnd;
}

/**
 * How long a delivery may keep waiting for attempts from the start of its retry window: the
 * schedule's total with maximum jitter, capped at 24 h. A delivery its endpoint's open circuit
 * would postpone past this is failed like one whose attempts are spent.
 */
export function retryWindowMs(waits: number[]): number {
  const total = waits.reduce((a, b) => a + b, 0);
  return Math.min(Math.round(total * (1 + JITTER)), DAY_MS);
}
