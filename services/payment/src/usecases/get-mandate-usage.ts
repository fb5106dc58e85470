import { required } from '@vrp/errors';
import { fetchMandateTerms } from '../clients/mandate-terms.js';
import { consentAnchor } from '../domain/collection-rules.js';
import { effectiveAmountCap, effectivePeriodBounds, periodBounds, usageKey, type PeriodBounds } from '../domain/periodic-limits.js';
import { usageOf } from '../db/period-usage.js';
import type { Deps } from '../deps.js';

export interface LimitUsage {
  limitIndex: number;
  bounds: PeriodBounds;
  amountUsedMinor: bigint;
  paymentsUsed: number;
  /** The amount cap that applies in this period (pro-rated in a calendar limit's first period); undefined without one. */
  maxAmountMinor: bigint | undefined;
}

/**
 * What each periodic limit of the merchant's mandate has used in its current period (payments that
 * have not failed); a pro-rated first period is shown from the consent's start, with its pro-rated cap.
 */
export async function getMandateUsage(deps: Deps, merchantId: string, mandateId: string): Promise<LimitUsage[]> {
  const terms = await fetchMandateTerms(deps.mandates, required('merchant_id', merchantId), required('mandate_id', mandateId));
  if (terms.periodicLimits.length === 0) return [];
  const now = deps.clocks.now(merchantId);
  const anchor = consentAnchor(terms);
  const proRate = terms.proRateFirstPeriod === true;
  const periods = terms.periodicLimits.map((limit) => ({
    bounds: effectivePeriodBounds(limit, anchor, now, proRate),
    key: usageKey(limit, periodBounds(limit.period, limit.alignment, anchor, now)),
  }));
  const used = await usageOf(
    deps.sql,
    mandateId,
    periods.map((p) => p.key),
  );
  return periods.map(({ bounds, key }, limitIndex) => ({
    limitIndex,
    bounds,
    maxAmountMinor: effectiveAmountCap(terms.periodicLimits[limitIndex]!, anchor, now, proRate),
    amountUsedMinor: used.get(key)?.amountMinor ?? 0n,
    paymentsUsed: used.get(key)?.payments ?? 0,
  }));
}
