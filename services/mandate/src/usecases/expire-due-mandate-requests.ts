import { transaction } from '@vrp/sql';
import { expireDueMandateRequests as expireDue } from '../db/mandate-requests.js';
import type { Deps } from '../deps.js';
import { recordMandateRequestEvent } from '../db/events.js';

/**
 * Expires up to `limit` requests whose time ran out on their merchant's clock, each with its
 * mandate_request.expired event, in one transaction. Returns how many (a full batch means more may
 * be due). The connector ends their journeys at the bank on the same clock by itself.
 */
export async function expireDueMandateRequests(deps: Deps, limit: number): Promise<number> {
  const expired = await transaction(deps.sql, async (tx) => {
    const rows = await expireDue(tx, new Date(), limit);
    for (const row of rows) await recordMandateRequestEvent(tx, deps.subjectPrefix, row, row.endedAt!);
    return rows;
  });
  if (expired.length > 0) deps.afterCommit();
  return expired.length;
}
