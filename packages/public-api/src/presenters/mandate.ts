import { mandate, payment } from '@vrp/contracts';
import { formatAmount } from '@vrp/money';
import { enumString, isoTimestamp, member, requiredEnum, requiredTimestamp, storedMetadata } from '../format.js';
import type { MandateJson } from '../resources.js';
import {
  LIMIT_ALIGNMENTS,
  LIMIT_PERIODS,
  MANDATE_STATUSES,
  MANDATE_FREQUENCIES,
  REVOCATION_REASONS,
  SUSPENSION_REASONS,
} from '../vocabulary.js';

export { MANDATE_STATUSES, MANDATE_FREQUENCIES };

export type { MandateJson };

const { MandateStatus, Frequency, RevokedBy, Period, Alignment } = mandate;

type LimitJson = NonNullable<MandateJson['controls']>['periodic_limits'][number];

function limitOf(l: mandate.PeriodicLimit, currency: string): LimitJson {
  return {
    period: requiredEnum(Period, l.period, 'PERIOD_') as (typeof LIMIT_PERIODS)[number],
    alignment: requiredEnum(Alignment, l.alignment, 'ALIGNMENT_') as (typeof LIMIT_ALIGNMENTS)[number],
    max_amount: l.maxAmountMinor === undefined ? null : formatAmount(l.maxAmountMinor, currency),
    max_payments: l.maxPayments ?? null,
  };
}

/** A mandate's or a mandate request's controls as the API shows them. */
export function controlsOf(m: { controls?: mandate.Controls | undefined; currency: string }): MandateJson['controls'] {
  const c = m.controls;
  if (!c) return null;
  return {
    valid_from: isoTimestamp(c.validFrom),
    valid_to: isoTimestamp(c.validTo),
    periodic_limits: c.periodicLimits.map((l) => limitOf(l, m.currency)),
  };
}

/** Each limit's current period with what is used and what remains (caps never go below zero remaining). */
function usageOf(m: mandate.Mandate, usage: readonly payment.PeriodUsage[]): NonNullable<MandateJson['usage']> {
  const limits = m.controls?.periodicLimits ?? [];
  return usage.flatMap((u) => {
    const limit = limits[u.limitIndex];
    if (!limit) return [];
    const { period, alignment } = limitOf(limit, m.currency);
    const left = (cap: bigint | undefined, used: bigint) => (cap === undefined ? undefined : cap > used ? cap - used : 0n);
    // The cap of this period: pro-rated in a calendar limit's first period (older answers carry none: the limit's own).
    const amountCap = u.maxAmountMinor ?? limit.maxAmountMinor;
    const amountLeft = left(amountCap, u.amountUsedMinor);
    const paymentsLeft = left(limit.maxPayments === undefined ? undefined : BigInt(limit.maxPayments), BigInt(u.paymentsUsed));
    return [
      {
        period,
        alignment,
        period_start: requiredTimestamp(u.periodStart, 'usage.period_start'),
        period_end: requiredTimestamp(u.periodEnd, 'usage.period_end'),
        max_amount: amountCap === undefined ? null : formatAmount(amountCap, m.currency),
        amount_used: formatAmount(u.amountUsedMinor, m.currency),
        payments_used: u.paymentsUsed,
        amount_remaining: amountLeft === undefined ? null : formatAmount(amountLeft, m.currency),
        payments_remaining: paymentsLeft === undefined ? null : Number(paymentsLeft),
      },
    ];
  });
}

/**
 * Turns a contract Mandate into exactly the JSON the API returns for it; with `usage` (answers
 * about one mandate) also what its periodic limits have used in their current periods.
 */
export function presentMandate(m: mandate.Mandate, usage?: readonly payment.PeriodUsage[]): MandateJson {
  return {
    id: m.id,
    customer_id: m.customerId,
    status: requiredEnum(MandateStatus, m.status, 'MANDATE_STATUS_'),
    description: m.description,
    metadata: storedMetadata(m.metadata),
    limits: {
      maximum_amount: formatAmount(m.maximumAmountMinor, m.currency),
      currency: m.currency,
      frequency: requiredEnum(Frequency, m.frequency, 'FREQUENCY_'),
    },
    created_at: requiredTimestamp(m.createdAt, 'mandate.created_at'),
    revoked_at: isoTimestamp(m.revokedAt),
    revoked_by: enumString(RevokedBy, m.revokedBy, 'REVOKED_BY_'),
    suspended_at: isoTimestamp(m.suspendedAt),
    revocation_reason: m.revocationReason ? member(REVOCATION_REASONS, m.revocationReason, 'mandate.revocation_reason') : null,
    suspension_reason: m.suspensionReason ? member(SUSPENSION_REASONS, m.suspensionReason, 'mandate.suspension_reason') : null,
    vrp_type: m.vrpType === mandate.VrpType.SWEEPING ? 'sweeping' : 'commercial',
    controls: controlsOf(m),
    ...(usage ? { usage: usageOf(m, usage) } : {}),
    mandate_request_id: m.mandateRequestId || null,
    authorisation: authorisationOf(m),
  };
}

/** The customer's authorisation link, while the mandate waits for it (pending_sca) and has one. */
function authorisationOf(m: mandate.Mandate): MandateJson['authorisation'] {
  if (m.status !== MandateStatus.PENDING_SCA || !m.authorisation?.url) return null;
  return { url: m.authorisation.url, expires_at: requiredTimestamp(m.authorisation.expiresAt, 'mandate.authorisation.expires_at') };
}
