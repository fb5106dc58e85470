import type { common } from '@vrp/contracts';
import { validationError } from '@vrp/errors';
import { EVENT_TYPES } from '@vrp/outbox';
import { pageOf } from '@vrp/pagination';
import { EVENT_DELIVERY_STATUSES } from '../domain/delivery-status.js';
import type { Event } from '../generated/prisma/client.js';
import type { Deps } from '../deps.js';
import { createdAtKeyset, createdAtRange } from './keyset.js';

export interface ListEventsInput {
  merchantId: string;
  eventType: string;
  deliveryStatuses: string[];
  createdAt?: common.TimeRange;
  page?: common.PageRequest;
}

/** One keyset page of the merchant's events, filtered by type, delivery status and creation time. */
export async function listEvents(deps: Pick<Deps, 'db'>, input: ListEventsInput): Promise<{ items: Event[]; hasMore: boolean }> {
  if (input.eventType && !(EVENT_TYPES as readonly string[]).includes(input.eventType)) {
    throw validationError('event_type', `must be one of ${EVENT_TYPES.join(', ')}`);
  }
  const statuses = input.deliveryStatuses.map((s) => s.toLowerCase());
  const unknown = statuses.find((s) => !(EVENT_DELIVERY_STATUSES as readonly string[]).includes(s));
  if (unknown !== undefined) throw validationError('delivery_status', `must be one of ${EVENT_DELIVERY_STATUSES.join(', ')}`);
  const query = createdAtKeyset(input.page);
  const rows = await deps.db.event.findMany({
    where: {
      AND: [
        { merchantId: input.merchantId },
        input.eventType ? { eventType: input.eventType } : {},
        statuses.length ? { deliveryStatus: { in: statuses } } : {},
        createdAtRange(input.createdAt),
        query.where,
      ],
    },
    orderBy: query.orderBy,
    take: query.take,
  });
  return pageOf(rows, query);
}
