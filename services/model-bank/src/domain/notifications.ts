import { randomUUID } from 'node:crypto';
import { EVENT_TYPES, eventSubject, type ObEventNotification } from '@vrp/open-banking';

/** The resource an event is about. */
export interface EventResource {
  /** `http://openbanking.org.uk/rty` (domestic-vrp-consents, domestic-vrps, payouts). */
  type: string;
  id: string;
  /** Where the client reads it. */
  link: string;
  /** The version of the API the link belongs to. */
  version: string;
}

/** What else happened besides the resource changing. */
export type EventExtra = { kind: 'revoked'; reason: string } | { kind: 'linked-account'; reason: string } | undefined;

/** A notification to queue: its claims except `iat`, which the sender sets when it signs. */
export interface Notification {
  id: string;
  clientId: string;
  url: string;
  interactionId: string;
  claims: Omit<ObEventNotification, 'iat'>;
}

/**
 * The event notification telling `clientId` that `resource` changed at `toe`: a resource-update
 * event, with consent-authorization-revoked or account-access-consent-linked-account-update (and
 * its reason) when that is what happened. `txn` ties it to the request that caused it (its
 * x-fapi-interaction-id) or, for the bank's own moves, to the notification itself. Each has its own jti.
 */
export function notification(options: {
  issuer: string;
  clientId: string;
  url: string;
  resource: EventResource;
  toe: Date;
  txn?: string;
  extra?: EventExtra;
}): Notification {
  const { resource, extra } = options;
  const jti = randomUUID();
  const subject = eventSubject(resource.type, resource.id, resource.link, resource.version);
  const events: ObEventNotification['events'] = { [EVENT_TYPES.resourceUpdate]: { subject } };
  if (extra?.kind === 'revoked') events[EVENT_TYPES.consentAuthorizationRevoked] = { reason: extra.reason, subject };
  if (extra?.kind === 'linked-account') events[EVENT_TYPES.linkedAccountUpdate] = { reason: extra.reason, subject };
  return {
    id: jti,
    clientId: options.clientId,
    url: options.url,
    interactionId: randomUUID(),
    claims: {
      iss: options.issuer,
      jti,
      aud: options.clientId,
      sub: resource.link,
      txn: options.txn ?? jti,
      toe: Math.floor(options.toe.getTime() / 1000),
      events,
    },
  };
}

/** The delay before attempt `attempts + 1` of a delivery: doubling from `firstMs`, at most `maxMs`. */
export function retryDelayMs(attempts: number, firstMs: number, maxMs: number): number {
  return Math.min(maxMs, firstMs * 2 ** Math.max(0, attempts - 1));
}
