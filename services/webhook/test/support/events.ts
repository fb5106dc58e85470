import { EVENT_TYPES, type DomainEvent, type EventType } from '@vrp/outbox';
import { testDomainEvent } from '../../src/domain/test-resources.js';

export { EVENT_TYPES, type EventType };

/** A well-formed domain event of `type` for `merchantId`, as a publisher would emit it. */
export function domainEvent(type: EventType, merchantId: string): DomainEvent {
  return testDomainEvent(type, merchantId, new Date());
}
