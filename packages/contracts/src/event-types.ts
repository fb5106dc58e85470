/**
 * The public resource event types: the `event_type` of every DomainEvent on the stream. Their one
 * source is the event catalogue beside the events' schemas (`@vrp/webhook-verify`'s
 * RESOURCE_EVENT_CATALOGUE): adding an event type is one line there.
 */
export { RESOURCE_EVENT_TYPES as EVENT_TYPES, type ResourceEventType as EventType } from '@vrp/webhook-verify';
