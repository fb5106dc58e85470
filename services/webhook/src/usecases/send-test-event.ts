import { ApiError, validationError } from '@vrp/errors';
import { EVENT_TYPES, type EventType } from '@vrp/outbox';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { testDomainEvent } from '../domain/test-resources.js';
import { renderEventData } from '../messages.js';
import type { Deps } from '../deps.js';
import { getEvent, type EventWithAttempts } from './get-event.js';
import { recordEvent } from './record-event.js';

/**
 * Sandbox only: records a realistic test event of `eventType` (marked `test`) and queues it for
 * the merchant's subscribed endpoints exactly like a real one. In production it does not exist.
 */
export async function sendTestEvent(
  deps: Pick<Deps, 'sql' | 'config' | 'clocks' | 'afterCommit' | 'undeliverable'>,
  merchantId: string,
  eventType: string,
): Promise<EventWithAttempts> {
  if (deps.config.env !== 'sandbox') throw new ApiError('not_found', 'Test events exist only in the sandbox.');
  if (!(EVENT_TYPES as readonly string[]).includes(eventType))
    throw validationError('event_type', `must be one of ${EVENT_TYPES.join(', ')}`);
  const event = testDomainEvent(eventType as EventType, merchantId, deps.clocks.now(merchantId));
  await recordEvent(deps, {
    id: event.eventId,
    merchantId,
    eventType,
    createdAt: timestampDate(event.createdAt!),
    data: renderEventData(event),
    test: true,
  });
  deps.afterCommit();
  return getEvent(deps, merchantId, event.eventId);
}
