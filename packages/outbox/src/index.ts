export {
  EVENT_TYPES,
  decodeDomainEvent,
  encodeDomainEvent,
  eventSubject,
  newDomainEvent,
  outboxRow,
  type DomainEvent,
  type EventResource,
  type EventType,
} from './domain-event.js';
export { DUPLICATE_WINDOW_NS, connectEventBus, ensureEventStream, type EventBus } from './jetstream.js';
export { NEXT_BATCH_SETTINGS, OutboxRelay, nextBatchSql, type OutboxRelayOptions } from './relay.js';
export { outboxLagSql } from './lag.js';
export { insertOutboxEvent } from './write.js';
