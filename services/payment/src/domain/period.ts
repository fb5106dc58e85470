/** A mandate's collection frequency: daily, weekly and monthly are limits, adhoc is none. */
export type Frequency = 'daily' | 'weekly' | 'monthly' | 'adhoc';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** ISO 8601 week-numbering year and week of a UTC date. */
export function isoWeek(date: Date): { year: number; week: number } {
  // The ISO week belongs to the year of its Thursday.
  const thursday = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const weekday = thursday.getUTCDay() || 7;
  thursday.setUTCDate(thursday.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((thursday.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return { year: thursday.getUTCFullYear(), week };
}

/**
 * The period a payment created at `at` counts against under `frequency`, or null for adhoc.
 * The database allows one payment that has not failed per (mandate, period key), so two
 * payments fall in the same period exactly when their keys are equal.
 */
export function periodKey(frequency: Frequency, at: Date): string | null {
  const y = at.getUTCFullYear();
  const m = pad(at.getUTCMonth() + 1);
  switch (frequency) {
    case 'daily':
      return `day:${y}-${m}-${pad(at.getUTCDate())}`;
    case 'weekly': {
      const { year, week } = isoWeek(at);
      return `week:${year}-W${pad(week)}`;
    }
    case 'monthly':
      return `month:${y}-${m}`;
    case 'adhoc':
      return null;
  }
}
