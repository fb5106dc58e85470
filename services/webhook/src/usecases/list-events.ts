import type { common } from '@vrp/contracts';
import { validationError } from '@vrp/errors';
import { EVENT_TYPES } from '@vrp/webhook-verify';
import { EVENT_DELIVERY_STATUSES } from '../domain/delivery-status.js';
import { queryEvents, type EventRow } from '../db/events.js';
import type { Deps } from '../deps.js';
import { createdAtRange } from '../db/keyset.js';

export interface ListEventsInput {
  merchantId: string;
  eventType: string;
  deliveryStatuses: string[];
  /** Only events about this resource ('' for any). */
  resourceId?: string;
  createdAt?: common.TimeRange;
  page?: common.PageRequest;
}

/** One keyset page of the merchant's events, filtered by type, delivery status, resource and creation time. */
export async function listEvents(deps: Pick<Deps, 'sql'>, input: ListEventsInput): Promise<{ items: EventRow[]; hasMore: boolean }> {
  if (input.eventType && !(EVENT_TYPES as readonly string[]).includes(input.eventType)) {
    throw validationError('event_type', `must be one of ${EVENT_TYPES.join(', ')}`);
  }
  const statuses = input.deliveryStatuses.map((s) => s.toLowerCase());
  const unknown = statuses.find((s) => !(EVENT_DELIVERY_STATUSES as readonly string[]).includes(s));
  if (unknown !== undefined) throw validationError('delivery_status', `must be one of ${EVENT_DELIVERY_STATUSES.join(', ')}`);
  const filters = {
    merchantId: input.merchantId,
    eventType: input.eventType,
    deliveryStatuses: statuses,
    resourceId: input.resourceId ?? '',
    createdAt: createdAtRange(input.createdAt),
  };
  return queryEvents(deps.sql, filters, input.page);
}
