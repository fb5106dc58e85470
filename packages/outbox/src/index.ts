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
export {
  DUPLICATE_WINDOW_NS,
  connectEventBus,
  ensureEventStream,
  type EventBus,
  type EventStreamReconciled,
  type EventStreamSettings,
} from './jetstream.js';
export {
  DropEvent,
  startDurableConsumer,
  type ConsumedMessage,
  type DurableConsumer,
  type DurableConsumerOptions,
} from './durable-consumer.js';
export { OutboxRelay, RELAY_SESSION_SETTINGS, nextBatchSql, type OutboxRelayOptions } from './relay.js';
export { outboxLagSql } from './lag.js';
export { insertOutboxEvent } from './write.js';
