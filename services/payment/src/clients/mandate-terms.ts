import { timestampDate } from '@bufbuild/protobuf/wkt';
import { mandate } from '@vrp/contracts';
import { ApiError } from '@vrp/errors';
import type { ServiceClient } from '@vrp/grpc';
import type { MandateTerms } from '../domain/collection-rules.js';
import type { Frequency } from '../domain/period.js';
import type { Alignment, LimitPeriod, PeriodicLimit } from '../domain/periodic-limits.js';

export type MandateClient = ServiceClient<typeof mandate.MandateService>;

const { MandateStatus: MS, Frequency: F } = mandate;
const STATUS: Record<number, MandateTerms['status']> = {
  [MS.PENDING_SCA]: 'pending_sca',
  [MS.ACTIVE]: 'active',
  [MS.REVOKED]: 'revoked',
  [MS.SUSPENDED]: 'suspended',
  [MS.EXPIRED]: 'expired',
};
const FREQUENCY: Record<number, Frequency> = { [F.DAILY]: 'daily', [F.WEEKLY]: 'weekly', [F.MONTHLY]: 'monthly', [F.ADHOC]: 'adhoc' };
const { Period: P, Alignment: A } = mandate;
const PERIOD: Record<number, LimitPeriod> = {
  [P.DAY]: 'day',
  [P.WEEK]: 'week',
  [P.FORTNIGHT]: 'fortnight',
  [P.MONTH]: 'month',
  [P.HALF_YEAR]: 'half_year',
  [P.YEAR]: 'year',
};
const ALIGNMENT: Record<number, Alignment> = { [A.CALENDAR]: 'calendar', [A.CONSENT]: 'consent' };

function periodicLimitOf(l: mandate.PeriodicLimit): PeriodicLimit {
  const period = PERIOD[l.period];
  const alignment = ALIGNMENT[l.alignment];
  if (!period || !alignment)
    throw new ApiError('internal_error', `mandate service returned an unknown periodic limit (${l.period}/${l.alignment})`);
  return { period, alignment, maxAmountMinor: l.maxAmountMinor, maxPayments: l.maxPayments };
}

/** A mandate's terms as the payment service checks them. */
export function termsOfMandate(m: mandate.Mandate): MandateTerms {
  const frequency = FREQUENCY[m.frequency];
  if (!frequency) throw new ApiError('internal_error', `mandate service returned an unknown frequency (${m.frequency})`);
  return {
    status: STATUS[m.status] ?? 'unknown',
    currency: m.currency,
    maximumAmountMinor: m.maximumAmountMinor,
    frequency,
    createdAt: m.createdAt ? timestampDate(m.createdAt) : new Date(0),
    validFrom: m.controls?.validFrom ? timestampDate(m.controls.validFrom) : undefined,
    validTo: m.controls?.validTo ? timestampDate(m.controls.validTo) : undefined,
    periodicLimits: (m.controls?.periodicLimits ?? []).map(periodicLimitOf),
    proRateFirstPeriod: m.controls?.proRateFirstPeriod === true,
  };
}

/** A mandate as the mandate service answers for it now. */
export interface PulledMandate {
  terms: MandateTerms;
  /** Its version (raised by every lifecycle move). */
  version: bigint;
  /** Whether the mandate service fences a replica of these terms (see ReplicateMandate). */
  replicable: boolean;
}

/**
 * A merchant's mandate, read from the mandate service through its breaker. A mandate the
 * merchant does not have is `mandate_not_found` (422: it is a reference in the request body,
 * not the resource addressed); an open circuit is `service_unavailable`.
 */
export async function pullMandate(client: MandateClient, merchantId: string, mandateId: string): Promise<PulledMandate> {
  try {
    const { mandate: m, version, replicable } = await client.getMandate({ merchantId, id: mandateId });
    if (!m) throw new ApiError('internal_error', 'mandate service returned no mandate');
    return { terms: termsOfMandate(m), version, replicable };
  } catch (err) {
    if (err instanceof ApiError && (err.code === 'not_found' || err.code === 'validation_error')) {
      throw new ApiError('mandate_not_found', `No such mandate: '${mandateId}'`, { param: 'mandate_id', cause: err });
    }
    throw err;
  }
}

/** The terms of a merchant's mandate as the mandate service answers now (see pullMandate). */
export async function fetchMandateTerms(client: MandateClient, merchantId: string, mandateId: string): Promise<MandateTerms> {
  return (await pullMandate(client, merchantId, mandateId)).terms;
}
