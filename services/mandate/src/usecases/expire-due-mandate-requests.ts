import { expireDueMandateRequestsWithEvents } from '../db/mandate-request-ends.js';
import type { Deps } from '../deps.js';

/**
 * Expires up to `limit` requests whose time ran out on their merchant's clock, each with its
 * mandate_request.expired event, in one transaction. Returns how many (a full batch means more may
 * be due). The connector ends their journeys at the bank on the same clock by itself.
 */
export async function expireDueMandateRequests(deps: Deps, limit: number): Promise<number> {
  const expired = await expireDueMandateRequestsWithEvents(deps.sql, deps.subjectPrefix, new Date(), limit);
  if (expired.length > 0) deps.afterCommit();
  return expired.length;
}
