import { connector, mandate } from '@vrp/contracts';
import type { ServiceClient } from '@vrp/grpc';

const RECORDED: Partial<Record<connector.Outcome, mandate.MandateRequestOutcome>> = {
  [connector.Outcome.SUCCESS]: mandate.MandateRequestOutcome.AUTHORISED,
  [connector.Outcome.DECLINED]: mandate.MandateRequestOutcome.DECLINED,
  [connector.Outcome.EXPIRED]: mandate.MandateRequestOutcome.EXPIRED,
};

/**
 * Records with the mandate service how the bank says a mandate request's journey ended (an error
 * records nothing: the request keeps awaiting authorisation until it expires). `merchantId` empty:
 * the request's own merchant (the bank's redirect names no merchant). Returns the request and, on
 * success, the mandate.
 */
export async function recordJourneyOutcome(
  mandates: ServiceClient<typeof mandate.MandateService>,
  mandateRequestId: string,
  outcome: connector.Outcome,
  merchantId = '',
): Promise<mandate.RecordMandateRequestOutcomeResponse | undefined> {
  const recorded = RECORDED[outcome];
  if (recorded === undefined) return undefined;
  return mandates.recordMandateRequestOutcome({ merchantId, id: mandateRequestId, outcome: recorded });
}
