/**
 * The public event types: the `event_type` of every DomainEvent on the stream and of every
 * webhook delivery. Their one source is the event catalogue beside the events' schemas
 * (`@vrp/webhook-verify`'s EVENT_CATALOGUE): adding an event type is one line there.
 */
export { EVENT_TYPES, type EventType } from '@vrp/webhook-verify';
