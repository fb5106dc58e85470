import type { DomainEvent } from '@vrp/outbox';
import { presentMandate, presentPayment, presentRefund } from '@vrp/public-api';

/**
 * The webhook body's `data` for an event: the resource exactly as its own public GET endpoint
 * returns it, as JSON text. Rendered once when the event is recorded, so every attempt sends
 * the same bytes.
 */
export function renderEventData(event: DomainEvent): string {
  const resource = event.resource;
  switch (resource.case) {
    case 'mandate':
      return JSON.stringify(presentMandate(resource.value));
    case 'payment':
      return JSON.stringify(presentPayment(resource.value));
    case 'refund':
      return JSON.stringify(presentRefund(resource.value));
    default:
      throw new Error(`event ${event.eventId} (${event.eventType}) carries no resource`);
  }
}
