import type { z } from 'zod';
import {
  exportResource,
  mandateRequestResource,
  mandateResource,
  paymentResource,
  refundResource,
  scheduleResource,
  webhookEndpointResource,
} from './resources.js';

/** What the catalogue says of one event type: the resource its `data` carries and when it is sent. */
export interface EventTypeEntry {
  data: z.ZodType;
  description: string;
}

/**
 * Every event about a merchant's resources, one line each: the events the services publish on
 * the stream (their list is the platform's EVENT_TYPES). With the operational events below, the
 * one source of each type's payload schema (and so of `VrpEvent`), of GET /v1/event-types and of
 * the OpenAPI document's `webhooks`. Adding an event type is adding its line here.
 */
export const RESOURCE_EVENT_CATALOGUE = {
  'mandate.created': { data: mandateResource, description: 'A mandate was created (pending_sca).' },
  'mandate.activated': { data: mandateResource, description: 'A mandate became active (SCA confirmed, or reinstated after a suspension).' },
  'mandate.revoked': {
    data: mandateResource,
    description: 'A mandate was revoked by the merchant, the customer or the bank; `revoked_by` and `revocation_reason` say who and why.',
  },
  'mandate.suspended': {
    data: mandateResource,
    description: 'A mandate was suspended (`suspension_reason` says why); collections pause until it is reinstated.',
  },
  'mandate.expired': {
    data: mandateResource,
    description: 'A mandate’s validity window ended (`controls.valid_to` passed); it takes no more payments.',
  },
  'payment.submitted': { data: paymentResource, description: 'A payment (or a retry of it) was submitted to the bank.' },
  'payment.settled': {
    data: paymentResource,
    description: 'The bank settled a payment (also sent when a rejected refund gives money back).',
  },
  'payment.failed': {
    data: paymentResource,
    description: 'The bank failed a payment; `failure` says why, where it came from and whether a retry can succeed.',
  },
  'payment.refunded': { data: paymentResource, description: 'A refund was booked against a payment; `amount_refunded` is its new total.' },
  'refund.created': { data: refundResource, description: 'A refund was created and handed to the bank.' },
  'refund.settled': { data: refundResource, description: 'The bank settled a refund.' },
  'refund.failed': {
    data: refundResource,
    description:
      'The bank rejected a refund; its amount is refundable again (payment.settled follows when the payment was fully refunded).',
  },
  'mandate_request.authorised': {
    data: mandateRequestResource,
    description: 'The customer approved the consent at their bank; `mandate_id` names the mandate now created.',
  },
  'mandate_request.declined': { data: mandateRequestResource, description: 'The customer declined the consent at their bank.' },
  'mandate_request.expired': {
    data: mandateRequestResource,
    description: 'The customer did not authorise the consent before `expires_at`.',
  },
  'schedule.created': { data: scheduleResource, description: 'A schedule was created; its first cycle is in `upcoming`.' },
  'schedule.paused': { data: scheduleResource, description: 'A schedule was paused: no cycle is collected until it is resumed.' },
  'schedule.resumed': { data: scheduleResource, description: 'A paused schedule was resumed.' },
  'schedule.cancelled': {
    data: scheduleResource,
    description: 'A schedule was cancelled; `cancel_cause` says whether by you or because its mandate was revoked or expired.',
  },
  'schedule.cycle_deferred': {
    data: scheduleResource,
    description: 'A cycle a mandate limit blocked moved to the earliest time the limit allows (`on_limit: defer`); `upcoming` shows it.',
  },
  'schedule.cycle_skipped': { data: scheduleResource, description: 'A cycle a mandate limit blocked was dropped (`on_limit: skip`).' },
  'schedule.completed': { data: scheduleResource, description: 'Every cycle of a schedule has been collected or dropped.' },
  'export.completed': {
    data: exportResource,
    description: 'An export’s file is complete: `row_count` rows, downloadable at `download_url` until `expires_at`.',
  },
} as const satisfies Record<string, EventTypeEntry>;

/**
 * Events about the webhook endpoints themselves, sent by the webhook service to the merchant's
 * other enabled endpoints and the event stream (never to the endpoint concerned).
 */
export const OPERATIONAL_EVENT_CATALOGUE = {
  'webhook_endpoint.disabled': {
    data: webhookEndpointResource,
    description: 'An endpoint was disabled (it answered 410 Gone, kept failing, or you disabled it); `disabled_reason` says why.',
  },
  'webhook_endpoint.enabled': { data: webhookEndpointResource, description: 'A disabled endpoint was enabled again.' },
} as const satisfies Record<string, EventTypeEntry>;

/** Every event type the platform sends: the resource events, then the operational ones. */
export const EVENT_CATALOGUE = { ...RESOURCE_EVENT_CATALOGUE, ...OPERATIONAL_EVENT_CATALOGUE };

/** One of the resource events (what the services publish on the stream). */
export type ResourceEventType = keyof typeof RESOURCE_EVENT_CATALOGUE;

/** Every resource event type, in catalogue order. */
export const RESOURCE_EVENT_TYPES = Object.keys(RESOURCE_EVENT_CATALOGUE) as [ResourceEventType, ...ResourceEventType[]];

/** One of the event types the platform sends. */
export type EventType = keyof typeof EVENT_CATALOGUE;

/** Every event type, in catalogue order. */
export const EVENT_TYPES = Object.keys(EVENT_CATALOGUE) as [EventType, ...EventType[]];
