/**
 * A customer's journey through the platform's authorisation link: open until the customer comes
 * back from the bank or its time runs out; then authorised, declined, expired, cancelled (the
 * consent was withdrawn) or failed (the bank's error, or a consent it did not confirm).
 */
export type Journey = 'open' | 'authorised' | 'declined' | 'expired' | 'cancelled' | 'failed';

/** How a journey ended, as the merchant's return address hears it. */
export type Outcome = 'success' | 'declined' | 'expired' | 'error';

/** The outcome an ended journey reports (a cancelled journey reads as expired to the customer). */
export function outcomeOf(journey: Exclude<Journey, 'open'>): Outcome {
  switch (journey) {
    case 'authorised':
      return 'success';
    case 'declined':
      return 'declined';
    case 'expired':
    case 'cancelled':
      return 'expired';
    case 'failed':
      return 'error';
  }
}

/** Whether an open journey has run out at `now` (the merchant's clock). */
export function hasExpired(expiresAt: Date, now: Date): boolean {
  return now.getTime() >= expiresAt.getTime();
}

/**
 * Where the customer goes when the journey ends: the merchant's return address with
 * `mandate_request_id` (when the journey belongs to a mandate request), `outcome`, and `mandate_id`
 * on success; empty when there is no return address (the caller renders a page of its own).
 */
export function returnUrl(returnUri: string | null, outcome: Outcome, ids: { mandateRequestId: string | null; mandateId: string }): string {
  if (!returnUri) return '';
  const url = new URL(returnUri);
  if (ids.mandateRequestId) url.searchParams.set('mandate_request_id', ids.mandateRequestId);
  url.searchParams.set('outcome', outcome);
  if (outcome === 'success') url.searchParams.set('mandate_id', ids.mandateId);
  return url.toString();
}
