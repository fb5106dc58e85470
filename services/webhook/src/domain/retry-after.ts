/**
 * The wait a Retry-After header asks for, in ms: delay-seconds (`120`) or an HTTP date; undefined
 * when absent or unreadable. A date in the past means no wait.
 */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | undefined {
  if (!value) return undefined;
  const text = value.trim();
  if (/^\d{1,10}$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  if (Number.isNaN(at) || !/[a-z]/i.test(text)) return undefined;
  return Math.max(0, at - nowMs);
}

/**
 * When the next attempt is due once a receiver asked to wait: not before `scheduled` nor before
 * the receiver's Retry-After, but never past the end of the retry window (then the window's last
 * moment is used, so the delivery still gets its attempt before failing).
 */
export function honourRetryAfter(scheduled: Date, now: Date, retryAfterMs: number | undefined, windowEnd: Date): Date {
  if (retryAfterMs === undefined) return scheduled;
  const asked = Math.min(now.getTime() + retryAfterMs, windowEnd.getTime());
  return new Date(Math.max(scheduled.getTime(), asked));
}
