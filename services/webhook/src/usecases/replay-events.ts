import type { common } from '@vrp/contracts';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { ApiError, notFound, validationError } from '@vrp/errors';
import { findEndpoint } from '../db/endpoints.js';
import { acceptReplay } from '../db/replay.js';
import { EVENT_DELIVERY_STATUSES } from '../domain/delivery-status.js';
import type { Deps } from '../deps.js';

/** Most events one replay queues; the oldest matching ones go first. */
export const MAX_REPLAY = 10_000;

export interface ReplayFilter {
  merchantId: string;
  deliveryStatus: string;
  endpointId: string;
  createdAt?: common.TimeRange | undefined;
}

/**
 * Bulk replay: accepts the redelivery of the merchant's events matching the filter (at most
 * MAX_REPLAY, oldest first, recorded before now), like a manual retry of each — attempted
 * whatever the circuit breakers say, attempt numbers continuing; with `endpointId`, only
 * deliveries to that endpoint (which must exist) are re-armed. It answers at once with how many
 * events matched; the re-arming is recorded work that the replay runner carries out in the
 * background (jobs/replay-runner.ts), resumed after a restart. A merchant's replays are accepted
 * at most once per WEBHOOK_REPLAY_INTERVAL (a minute): sooner is 429 rate_limited with
 * Retry-After, so a loop of replays cannot flood its endpoints.
 */
export async function replayEvents(deps: Pick<Deps, 'sql' | 'config' | 'afterCommit'>, filter: ReplayFilter): Promise<number> {
  if (filter.deliveryStatus && !(EVENT_DELIVERY_STATUSES as readonly string[]).includes(filter.deliveryStatus)) {
    throw validationError('delivery_status', `delivery_status must be one of ${EVENT_DELIVERY_STATUSES.join(', ')}`);
  }
  if (filter.endpointId && !(await findEndpoint(deps.sql, filter.merchantId, filter.endpointId)))
    throw notFound('webhook endpoint', filter.endpointId);
  const accepted = await acceptReplay(
    deps.sql,
    {
      merchantId: filter.merchantId,
      deliveryStatus: filter.deliveryStatus,
      endpointId: filter.endpointId,
      createdFrom: filter.createdAt?.gte ? timestampDate(filter.createdAt.gte) : null,
      createdTo: filter.createdAt?.lte ? timestampDate(filter.createdAt.lte) : null,
    },
    deps.config.replayIntervalMs,
    MAX_REPLAY,
  );
  if (!accepted.accepted) {
    const retryAfter = Math.max(1, Math.ceil((accepted.opensAt.getTime() - Date.now()) / 1000));
    throw new ApiError('rate_limited', 'A bulk replay was accepted less than a minute ago; retry after the time in Retry-After.', {
      retryAfter,
    });
  }
  deps.afterCommit();
  return accepted.count;
}
