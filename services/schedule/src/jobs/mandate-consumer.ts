import { timestampDate } from '@bufbuild/protobuf/wkt';
import { startDurableConsumer, type DomainEvent, type DurableConsumer, type EventBus } from '@vrp/outbox';
import type { Deps } from '../deps.js';
import { endMandateSchedules } from '../usecases/change-schedule.js';

/** Mandate events that end the mandate's schedules, with the cause schedule.cancelled carries. */
const ENDING: Record<string, 'mandate_revoked' | 'mandate_expired'> = {
  'mandate.revoked': 'mandate_revoked',
  'mandate.expired': 'mandate_expired',
};

export interface MandateConsumerOptions {
  bus: EventBus;
  stream: string;
  subjectPrefix: string;
  /** Durable name: the stream remembers what this service has acknowledged across restarts. */
  durableName: string;
}

/**
 * Follows the mandate events on the stream with a durable pull consumer (as the webhook service
 * follows every event), one at a time in stream order, and ends the schedules of a mandate that
 * was revoked or expired. Ending is idempotent, so a redelivered event changes nothing; one that
 * cannot be handled now is negatively acknowledged with a growing delay and comes back.
 */
export function startMandateConsumer(deps: Deps, options: MandateConsumerOptions): Promise<DurableConsumer> {
  return startDurableConsumer({
    bus: options.bus,
    stream: options.stream,
    durableName: options.durableName,
    filterSubject: `${options.subjectPrefix}.mandate.>`,
    ackWaitMs: 30_000,
    maxMessages: 64,
    name: 'mandate event consumer',
    logger: deps.logger,
    retryWarning: 'could not end the schedules of a mandate; will retry',
    handle: (event) => endSchedulesOf(deps, event),
  });
}

/** Ends the schedules of the mandate a revocation or expiry is about; other mandate events are skipped. */
async function endSchedulesOf(deps: Deps, event: DomainEvent): Promise<void> {
  const cause = ENDING[event.eventType];
  if (!cause || event.resource.case !== 'mandate') return;
  const at = event.createdAt ? timestampDate(event.createdAt) : deps.clocks.now(event.merchantId);
  await endMandateSchedules(deps, event.merchantId, event.resource.value.id, cause, at);
}
