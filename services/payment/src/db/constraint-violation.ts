/**
 * The name of the unique or CHECK constraint a Postgres error reports as violated, if any
 * (pg's error carries the SQLSTATE and the constraint). Partial unique indexes carry business
 * rules, so callers map the name to an API reason.
 */
export function violatedConstraint(err: unknown): string | undefined {
  const e = err as { code?: string; constraint?: string } | undefined;
  if ((e?.code === '23505' || e?.code === '23514') && typeof e.constraint === 'string') return e.constraint;
  return undefined;
}

/** Partial unique index: one submitted payment per mandate. */
export const ONE_OPEN_PER_MANDATE = 'payments_one_open_per_mandate';
/** Partial unique index: one payment that has not failed per mandate and frequency period. */
export const ONE_PER_PERIOD = 'payments_one_per_period';
/** CHECKs of a periodic limit's counters: its caps (claims check them first; these are the backstop). */
export const PERIOD_CAPS = ['period_usage_amount_cap', 'period_usage_payments_cap'];
