import type { JsonObject } from '@bufbuild/protobuf';
import { mandate as mpb } from '@vrp/contracts';
import { ApiError, required, validationError } from '@vrp/errors';
import { newId } from '@vrp/ids';
import { insertScheduleWithCycles } from '../db/schedule-changes.js';
import type { ScheduleView } from '../db/schedules.js';
import type { Deps } from '../deps.js';
import { chargeDateOf, dateOf } from '../domain/charge-dates.js';
import { amountIn, assertWithinCaps, instalmentPlan, intervalRule, type AmountCaps, type IntervalInput } from '../domain/schedule-input.js';

export interface CreateScheduleInput {
  merchantId: string;
  mandateId: string;
  amount: string;
  interval: IntervalInput;
  instalments: { chargeDate: string; amount: string }[];
  onLimit: 'defer' | 'skip';
  retryEnabled: boolean;
  maxRetries: number;
  metadata: JsonObject;
}

const FREQUENCY: Record<number, string> = {
  [mpb.Frequency.DAILY]: 'daily',
  [mpb.Frequency.WEEKLY]: 'weekly',
  [mpb.Frequency.MONTHLY]: 'monthly',
  [mpb.Frequency.ADHOC]: 'adhoc',
};

/** The mandate a schedule is for: 422 mandate_not_found when it is not the merchant's, mandate_not_active when it cannot collect. */
async function mandateFor(deps: Deps, merchantId: string, mandateId: string): Promise<mpb.Mandate> {
  let found: mpb.Mandate | undefined;
  try {
    found = (await deps.mandates.getMandate({ merchantId, id: mandateId })).mandate;
  } catch (err) {
    if (err instanceof ApiError && (err.code === 'not_found' || err.code === 'mandate_not_found')) found = undefined;
    else throw err;
  }
  if (!found) throw new ApiError('mandate_not_found', 'No such mandate.', { param: 'mandate_id' });
  if (found.status !== mpb.MandateStatus.ACTIVE && found.status !== mpb.MandateStatus.PENDING_SCA) {
    throw new ApiError('mandate_not_active', 'Schedules need an active (or pending) mandate.', { param: 'mandate_id' });
  }
  return found;
}

/**
 * Sets up a schedule under the merchant's mandate, by interval or by instalments, each amount
 * checked against the mandate's limits up front (422 naming the amount or the instalment). The
 * schedule, its first cycle (or every instalment) and `schedule.created` commit together; a
 * cycle due at once wakes the scheduler.
 */
export async function createSchedule(deps: Deps, input: CreateScheduleInput): Promise<ScheduleView> {
  const merchantId = required('merchant_id', input.merchantId);
  const mandateId = required('mandate_id', input.mandateId);
  const hasInterval = input.amount !== '' || input.interval.unit !== null;
  if (hasInterval === input.instalments.length > 0) {
    throw validationError(hasInterval ? 'instalments' : 'amount', 'give either amount with interval_unit, or instalments');
  }
  if (!Number.isInteger(input.maxRetries) || input.maxRetries < 0 || input.maxRetries > 3) {
    throw validationError('retry.max_retries', 'must be 0 to 3');
  }
  const mandate = await mandateFor(deps, merchantId, mandateId);
  const caps: AmountCaps = {
    maximumMinor: mandate.maximumAmountMinor,
    periodicMaxMinor: (mandate.controls?.periodicLimits ?? []).map((l) => l.maxAmountMinor),
  };
  const now = deps.clocks.now(merchantId);
  const today = dateOf(now);
  const id = newId('schedule', now.getTime());
  let amountMinor: bigint | null = null;
  let cycles: { chargeDate: string; seq: number; amountMinor: bigint }[];
  let rule = null;
  if (hasInterval) {
    if (!input.amount) throw validationError('amount', 'is required with interval_unit');
    amountMinor = amountIn('amount', input.amount, mandate.currency);
    assertWithinCaps('amount', amountMinor, caps);
    rule = intervalRule(input.interval, today);
    cycles = [{ chargeDate: chargeDateOf(rule, 0)!, seq: 0, amountMinor }];
  } else {
    cycles = instalmentPlan(input.instalments, mandate.currency, caps, today);
  }
  const view = await insertScheduleWithCycles(
    deps.sql,
    deps.subjectPrefix,
    {
      id,
      merchantId,
      mandateId,
      currency: mandate.currency,
      amountMinor,
      intervalUnit: rule?.unit ?? null,
      intervalCount: rule?.interval ?? null,
      dayOfMonth: rule?.dayOfMonth ?? null,
      startDate: rule?.startDate ?? cycles[0]!.chargeDate,
      endDate: rule?.endDate ?? null,
      cycleCount: rule?.count ?? null,
      instalments: !rule,
      onLimit: input.onLimit,
      retryEnabled: input.retryEnabled,
      maxRetries: input.retryEnabled ? input.maxRetries || 3 : 0,
      mandateFrequency: FREQUENCY[mandate.frequency] ?? 'adhoc',
      metadata: input.metadata,
      createdAt: now,
    },
    cycles,
    now,
  );
  deps.afterCommit();
  if (cycles[0]!.chargeDate <= today) deps.cyclesDue();
  return view;
}
