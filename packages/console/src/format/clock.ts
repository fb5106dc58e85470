/** The sandbox clock control's arithmetic (docs/api.md, "Sandbox clock"). */

export const CLOCK_UNITS = { minutes: 60, hours: 3600, days: 86_400 } as const;
export type ClockUnit = keyof typeof CLOCK_UNITS;

/** The API's bounds on one advance: at least a second, at most 400 days. */
export const MAX_ADVANCE_SECONDS = 400 * 86_400;

/**
 * The seconds to send for "advance by `amount` `unit`", or why not: a whole number of units,
 * within the API's bounds, so the user hears it before the API refuses it.
 */
export function advanceSeconds(amount: string, unit: ClockUnit): { seconds: number } | { error: string } {
  if (!/^\d{1,9}$/.test(amount.trim()) || Number(amount) < 1) return { error: 'Enter a whole number of at least 1.' };
  const seconds = Number(amount) * CLOCK_UNITS[unit];
  if (seconds > MAX_ADVANCE_SECONDS) return { error: 'One advance moves the clock at most 400 days.' };
  return { seconds };
}

/**
 * How far the sandbox clock is ahead of real time, in words ("2 days 3 hours ahead"), to the
 * nearest minute (the clock was read a moment before real time is).
 */
export function aheadOfRealTime(nowIso: string, realMs: number): string {
  const minutes = Math.round((Date.parse(nowIso) - realMs) / 60_000);
  if (!(minutes >= 1)) return 'in step with real time';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  const parts = [
    [days, 'day'],
    [hours, 'hour'],
    [mins, 'minute'],
  ]
    .filter(([n]) => (n as number) > 0)
    .slice(0, 2)
    .map(([n, word]) => `${n} ${word}${n === 1 ? '' : 's'}`);
  return `${parts.join(' ')} ahead of real time`;
}
