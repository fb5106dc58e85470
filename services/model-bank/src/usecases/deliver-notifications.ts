import { signEventNotification } from '@vrp/open-banking';
import type { KeyObject } from 'node:crypto';
import type { EventReceiver } from '../clients/event-receiver.js';
import { markDelivered, markFailed, takeDue } from '../db/notifications.js';
import { retryDelayMs } from '../domain/notifications.js';
import type { Deps } from '../deps.js';

/** How notifications are retried: exponential backoff from the first delay up to the longest, given up after a while. */
export interface RetryPolicy {
  firstRetryMs: number;
  maxBackoffMs: number;
  giveUpAfterMs: number;
  /** How long one POST may take. */
  timeoutMs: number;
}

const BATCH = 20;

/**
 * One pass of the notification sender: each due notification is signed now (PS256 by the bank's
 * key, typ secevent+jwt, its own jti, iat the time of sending) and POSTed to its client; a 202 is
 * delivered, anything else (or no answer) is tried again after the backoff. A notification is
 * taken under a lease, so one lost with a crashed sender is taken again: at least once.
 */
export async function deliverDue(
  deps: Deps,
  receiver: EventReceiver,
  signer: { key: KeyObject; kid: string },
  policy: RetryPolicy,
): Promise<number> {
  const due = await takeDue(deps.db, BATCH, policy.timeoutMs + 5000, policy.giveUpAfterMs);
  await Promise.all(
    due.map(async (delivery) => {
      let failure: string;
      try {
        const jwt = await signEventNotification({ ...delivery.claims, iat: Math.floor(Date.now() / 1000) }, signer);
        const status = await receiver.post(delivery.url, jwt, delivery.interactionId, policy.timeoutMs);
        if (status === 202) return markDelivered(deps.db, delivery.id);
        failure = `answered ${status}`;
      } catch (err) {
        failure = (err as Error).message;
      }
      deps.logger.info('event notification not delivered; will retry', { id: delivery.id, attempts: delivery.attempts, failure });
      await markFailed(deps.db, delivery.id, failure, retryDelayMs(delivery.attempts, policy.firstRetryMs, policy.maxBackoffMs));
    }),
  );
  return due.length;
}
