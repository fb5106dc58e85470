/** Pure formatting and query helpers of the console (unit-tested in format.spec.ts). */

const DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
  timeZone: 'UTC',
});

/** "24 Nov 2026, 01:42:10 UTC" for an RFC 3339 time; "—" when there is none. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${DATE_TIME.format(d)} UTC`;
}

/**
 * An amount as the API gives it (a decimal string in major units) with its currency. Money is
 * never turned into a float here: the API's string is shown as it is.
 */
export function formatAmount(amount: string, currency: string): string {
  return `${amount} ${currency}`;
}

export type Tone = 'good' | 'bad' | 'warn' | 'neutral';

const TONES: Record<string, Tone> = {
  active: 'good',
  settled: 'good',
  delivered: 'good',
  enabled: 'good',
  live: 'good',
  failed: 'bad',
  delivery_failed: 'bad',
  revoked: 'bad',
  disabled: 'bad',
  suspended: 'warn',
  retrying: 'warn',
  pending_sca: 'warn',
  submitted: 'neutral',
  pending: 'neutral',
  pending_settlement: 'neutral',
  refunded: 'neutral',
};

/** The colour family a status is shown in. */
export function toneOf(status: string): Tone {
  return TONES[status] ?? 'neutral';
}

/** Drops empty values: the query an API list call gets from a filter form. */
export function compactQuery(values: Record<string, string | undefined | null>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].trim() !== ''));
}

/**
 * A date picked in a form (YYYY-MM-DD, read as UTC) as the RFC 3339 time a created_at filter
 * wants: its first millisecond for a lower bound, its last for an upper bound.
 */
export function dayBound(day: string, bound: 'start' | 'end'): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const start = Date.parse(`${day}T00:00:00.000Z`);
  if (Number.isNaN(start)) return undefined;
  return new Date(bound === 'start' ? start : start + 86_400_000 - 1).toISOString();
}

/** Short, readable JSON for a payload shown as text. */
export function prettyJson(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

/** Count shown for a list walked up to a cap: "1000+" once the cap was reached with more left. */
export function cappedCount(count: number, more: boolean): string {
  return more ? `${count}+` : String(count);
}
