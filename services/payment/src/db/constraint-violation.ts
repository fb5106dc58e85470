/**
 * The name of the unique or CHECK constraint a Prisma/Postgres error reports as violated, if
 * any. Partial unique indexes carry business rules, so callers map the name to an API reason.
 */
export function violatedConstraint(err: unknown): string | undefined {
  // Straight from pg (the raw hot path): the error carries the SQLSTATE and the constraint.
  const direct = err as { code?: string; constraint?: string };
  if ((direct?.code === '23505' || direct?.code === '23514') && typeof direct.constraint === 'string') return direct.constraint;
  const cause = (err as { meta?: { driverAdapterError?: { cause?: { originalCode?: string; originalMessage?: string } } } })?.meta
    ?.driverAdapterError?.cause;
  if (!cause || (cause.originalCode !== '23505' && cause.originalCode !== '23514')) return undefined;
  return /constraint "([^"]+)"/.exec(cause.originalMessage ?? '')?.[1];
}

/** Partial unique index: one submitted payment per mandate. */
export const ONE_OPEN_PER_MANDATE = 'payments_one_open_per_mandate';
/** Partial unique index: one payment that has not failed per mandate and frequency period. */
export const ONE_PER_PERIOD = 'payments_one_per_period';
/** CHECKs of a periodic limit's counters: its caps (claims check them first; these are the backstop). */
export const PERIOD_CAPS = ['period_usage_amount_cap', 'period_usage_payments_cap'];
