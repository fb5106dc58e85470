import type { z } from 'zod';
import { mandateResource, paymentResource, refundResource } from './resources.js';

/** What the catalogue says of one event type: the resource its `data` carries and when it is sent. */
export interface EventTypeEntry {
  data: z.ZodType;
  description: string;
}

/**
 * Every event type the platform sends, one line each: the one source of the list of types, of
 * each type's payload schema (and so of `VrpEvent`), of GET /v1/event-types and of the OpenAPI
 * document's `webhooks`. Adding an event type is adding its line here.
 */
export const EVENT_CATALOGUE = {
  'mandate.created': { data: mandateResource, description: 'A mandate was created (pending_sca).' },
  'mandate.activated': { data: mandateResource, description: 'A mandate became active (SCA confirmed, or reinstated after a suspension).' },
  'mandate.revoked': { data: mandateResource, description: 'A mandate was revoked by the merchant, the customer or the bank.' },
  'mandate.suspended': { data: mandateResource, description: 'A mandate was suspended; collections pause until it is reinstated.' },
  'payment.submitted': { data: paymentResource, description: 'A payment (or a retry of it) was submitted to the bank.' },
  'payment.settled': {
    data: paymentResource,
    description: 'The bank settled a payment (also sent when a rejected refund gives money back).',
  },
  'payment.failed': { data: paymentResource, description: 'The bank failed a payment; `failure_code` says why.' },
  'payment.refunded': { data: paymentResource, description: 'A refund was booked against a payment; `amount_refunded` is its new total.' },
  'refund.created': { data: refundResource, description: 'A refund was created and handed to the bank.' },
  'refund.settled': { data: refundResource, description: 'The bank settled a refund.' },
} as const satisfies Record<string, EventTypeEntry>;

/** One of the event types the platform sends. */
export type EventType = keyof typeof EVENT_CATALOGUE;

/** Every event type, in catalogue order. */
export const EVENT_TYPES = Object.keys(EVENT_CATALOGUE) as [EventType, ...EventType[]];
