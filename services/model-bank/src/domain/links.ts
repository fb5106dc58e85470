import { PAYOUTS_PATH, RESOURCE_TYPES, VRP_BASE_PATH } from '@vrp/open-banking';
import type { EventResource } from './notifications.js';

/** A consent as an event's subject, linked where the client reads it. */
export function consentResource(issuer: string, id: string): EventResource {
  return { type: RESOURCE_TYPES.consent, id, link: `${issuer}${VRP_BASE_PATH}/domestic-vrp-consents/${id}`, version: 'v4.0' };
}

/** A domestic VRP as an event's subject. */
export function paymentResource(issuer: string, id: string): EventResource {
  return { type: RESOURCE_TYPES.vrp, id, link: `${issuer}${VRP_BASE_PATH}/domestic-vrps/${id}`, version: 'v4.0' };
}

/** A payout (the model bank's extension) as an event's subject. */
export function payoutResource(issuer: string, id: string): EventResource {
  return { type: RESOURCE_TYPES.payout, id, link: `${issuer}${PAYOUTS_PATH}/${id}`, version: 'v1' };
}
