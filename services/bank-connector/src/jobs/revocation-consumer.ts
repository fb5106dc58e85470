import { mandate } from '@vrp/contracts';
import { isApiError } from '@vrp/errors';
import { startDurableConsumer, type DomainEvent, type DurableConsumer, type EventBus } from '@vrp/outbox';
import type { Deps } from '../deps.js';
import { cancelConsent } from '../usecases/cancel-consent.js';

export interface RevocationConsumerOptions {
  bus: EventBus;
  stream: string;
  subjectPrefix: string;
  /** Durable name: the stream remembers what the connector acknowledged across restarts. */
  durableName: string;
  /** How long an unacknowledged event waits before JetStream redelivers it (default 60 s: the bank may be slow). */
  ackWaitMs?: number;
}

/**
 * Deletes the consent at the bank when a merchant cancelled its mandate (mandate.revoked with
 * revoked_by merchant), from a durable JetStream consumer, one event at a time. An event is
 * acknowledged only after the bank answered, or when there is nothing to delete (no consent here,
 * deleted before, a revocation by the customer or the bank, which the bank knows of); otherwise
 * it is negatively acknowledged with a growing delay and comes back, so no merchant's cancel is lost.
 */
export function startRevocationConsumer(deps: Deps, options: RevocationConsumerOptions): Promise<DurableConsumer> {
  return startDurableConsumer({
    bus: options.bus,
    stream: options.stream,
    durableName: options.durableName,
    filterSubject: `${options.subjectPrefix}.mandate.revoked`,
    ackWaitMs: options.ackWaitMs ?? 60_000,
    maxMessages: 16,
    name: 'revocation consumer',
    logger: deps.logger,
    retryWarning: 'consent of a cancelled mandate not deleted yet; will retry',
    retryFields: (event) => ({ mandate_id: revokedMandate(event)?.id }),
    handle: (event) => deleteConsentOf(deps, event),
  });
}

/** The mandate a revocation is about. */
const revokedMandate = (event: DomainEvent) => (event.resource.case === 'mandate' ? event.resource.value : undefined);

/** Deletes the consent of a mandate its merchant cancelled; anything else needs nothing. */
async function deleteConsentOf(deps: Deps, event: DomainEvent): Promise<void> {
  const revoked = revokedMandate(event);
  if (!revoked || revoked.revokedBy !== mandate.RevokedBy.MERCHANT) return;
  try {
    await cancelConsent(deps, event.merchantId, revoked.id);
  } catch (err) {
    // Nothing left to delete.
    if (isApiError(err) && err.code === 'not_found') return;
    throw err;
  }
}
