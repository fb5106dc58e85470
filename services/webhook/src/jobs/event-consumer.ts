import { timestampDate } from '@bufbuild/protobuf/wkt';
import { DropEvent, startDurableConsumer, type ConsumedMessage, type DomainEvent, type DurableConsumer, type EventBus } from '@vrp/outbox';
import { Batcher } from '@vrp/grpc';
import { SpanKind, contextFromHeaders, currentTraceparent, inSpan } from '@vrp/tracing';
import type { Deps } from '../deps.js';
import { recordEvents, type NewEvent } from '../usecases/record-event.js';
import { renderEventData } from '../messages.js';

export interface EventConsumerOptions {
  bus: EventBus;
  stream: string;
  subjectPrefix: string;
  /** Durable name: the stream remembers what this service has acknowledged across restarts. */
  durableName: string;
  /** How long an unacknowledged message waits before JetStream redelivers it. */
  ackWaitMs?: number;
}

type EventConsumerDeps = Pick<Deps, 'sql' | 'config' | 'clocks' | 'afterCommit' | 'recorded' | 'undeliverable' | 'logger'>;

/** How many events from the stream are being recorded at the same time. */
const RECORD_CONCURRENCY = 64;

/**
 * Records every domain event of the stream for delivery (the event, deduplicated on its id, plus
 * its deliveries), then acknowledges it. Messages that arrive while a recording is under way are
 * recorded together in one statement (a Batcher: at rest each goes alone at once). A message
 * that cannot be recorded is negatively acknowledged with a growing delay and comes back.
 */
export function startEventConsumer(deps: EventConsumerDeps, options: EventConsumerOptions): Promise<DurableConsumer> {
  const recorder = new Batcher<NewEvent, number | null>((events) => recordEvents(deps, events), { maxBatch: 64, maxInFlight: 2 });
  return startDurableConsumer({
    bus: options.bus,
    stream: options.stream,
    durableName: options.durableName,
    filterSubject: `${options.subjectPrefix}.>`,
    ackWaitMs: options.ackWaitMs,
    maxMessages: 64,
    // Events are independent of one another: up to RECORD_CONCURRENCY are recorded at once.
    concurrency: RECORD_CONCURRENCY,
    name: 'event consumer',
    logger: deps.logger,
    retryWarning: 'could not record event; will retry',
    handle: (event, message) => recordEvent(deps, recorder, event, message),
  });
}

async function recordEvent(
  deps: EventConsumerDeps,
  recorder: Batcher<NewEvent, number | null>,
  event: DomainEvent,
  m: ConsumedMessage,
): Promise<void> {
  // Rendering depends only on the message: one that cannot be rendered never will be.
  let data;
  try {
    data = renderEventData(event);
  } catch (err) {
    throw new DropEvent('event could not be rendered for delivery; dropped', { cause: err });
  }
  // A consumer span of the trace the event's producer started (the relay's `traceparent` header).
  const recorded = { ...event, data };
  const due = await inSpan(
    `receive ${m.subject}`,
    {
      kind: SpanKind.CONSUMER,
      attributes: {
        'messaging.system': 'nats',
        'messaging.operation.type': 'process',
        'messaging.operation.name': 'receive',
        'messaging.destination.name': m.subject,
        'messaging.message.id': event.eventId,
      },
      parent: contextFromHeaders((name) => m.headers?.get(name) || undefined),
    },
    () =>
      recorder.call({
        // Taken here, in the event's own trace, which its deliveries continue.
        traceparent: currentTraceparent() ?? null,
        id: recorded.eventId,
        merchantId: recorded.merchantId,
        eventType: recorded.eventType,
        createdAt: recorded.createdAt ? timestampDate(recorded.createdAt) : deps.clocks.now(recorded.merchantId),
        data: recorded.data,
        test: false,
      }),
  );
  // Deliveries made due wake the workers (and the stream's readers); an event nothing is
  // subscribed to only wakes the readers: a worker would look and find nothing.
  if (due) deps.afterCommit();
  else if (due === 0) deps.recorded.notify();
}
