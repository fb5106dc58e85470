import { decodeJwt } from 'jose';
import type { ObEventNotification } from '@vrp/open-banking';

export { EVENT_TYPES, RESOURCE_TYPES, eventSubject, signEventNotification } from '@vrp/open-banking';

/** A notification's claims, read without checking anything (to find what a test sent or received). */
export function decodeEventNotificationUnsafe(token: string): ObEventNotification {
  return decodeJwt(token) as unknown as ObEventNotification;
}
