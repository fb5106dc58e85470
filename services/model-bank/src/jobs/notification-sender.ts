import type { KeyObject } from 'node:crypto';
import { startWorkLoop, type WorkLoop } from '@vrp/runtime';
import type { EventReceiver } from '../clients/event-receiver.js';
import type { Deps } from '../deps.js';
import { deliverDue, type RetryPolicy } from '../usecases/deliver-notifications.js';

/**
 * Sends queued event notifications: at once when a commit queues one (nudge), otherwise each
 * second for retries that fall due. A restart loses none: the queue is the database.
 */
export function startNotificationSender(
  deps: Deps,
  receiver: EventReceiver,
  signer: { key: KeyObject; kid: string },
  policy: RetryPolicy,
): WorkLoop {
  return startWorkLoop({
    name: 'event notifications',
    pass: () => deliverDue(deps, receiver, signer, policy),
    intervalMs: Math.min(1000, policy.firstRetryMs),
    logger: deps.logger,
  });
}
