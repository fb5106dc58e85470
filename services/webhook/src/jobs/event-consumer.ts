import { timestampDate } from '@bufbuild/protobuf/wkt';
import { AckPolicy, DeliverPolicy, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import { decodeDomainEvent, type EventBus } from '@vrp/outbox';
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

/** How many events from the stream are being recorded at the same time. */
const RECORD_CONCURRENCY = 64;
/** Creates the durable pull consumer if it does not exist yet (idempotent). */
export async function ensureConsumer(options: EventConsumerOptions): Promise<void> {
  const { jsm } = options.bus;
  const exists = await jsm.consumers.info(options.stream, options.durableName).then(
    () => true,
    () => false,
  );
  if (exists) return;
  await jsm.consumers
    .add(options.stream, {
      durable_name: options.durableName,
      ack_policy: AckPolicy.Explicit,
      ack_wait: nanos(options.ackWaitMs ?? 30_000),
      // Never give up on an event: one the database could not take yet is redelivered later.
      max_deliver: -1,
      deliver_policy: DeliverPolicy.All,
      filter_subject: `${options.subjectPrefix}.>`,
    })
    .catch(async (err) => {
      // Another replica may have created it between the two calls.
      await jsm.consumers.info(options.stream, options.durableName).catch(() => {
        throw err;
      });
    });
}

/**
 * Records every domain event of the stream for delivery (the event, deduplicated on its id, plus
 * its deliveries), then acknowledges it. Messages that arrive while a recording is under way are
 * recorded together in one statement (a Batcher: at rest each goes alone at once). A message
 * that cannot be recorded is negatively acknowledged with a growing delay and comes back.
 */
export class EventConsumer {
  private messages?: ConsumerMessages;
  private running = false;
  private loop?: Promise<void>;
  private readonly recorder = new Batcher<NewEvent, number | null>((events) => recordEvents(this.deps, events), {
    maxBatch: 64,
    maxInFlight: 2,
  });

  constructor(
    private readonly deps: Pick<Deps, 'db' | 'sql' | 'config' | 'clocks' | 'afterCommit' | 'recorded' | 'undeliverable' | 'logger'>,
    private readonly options: EventConsumerOptions,
  ) {}

  async start(): Promise<void> {
    await ensureConsumer(this.options);
    this.running = true;
    this.loop = this.run();
  }

  /** Stops pulling, lets the message in hand finish, and returns once the loop has ended. */
  async stop(): Promise<void> {
    this.running = false;
    // Ends the iteration in run(), after the message in hand; close() would wait for that
    // iteration to drain, which never happens if run() has not started iterating yet.
    this.messages?.stop();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (this.running) {
      try {
        const consumer = await this.options.bus.js.consumers.get(this.options.stream, this.options.durableName);
        this.messages = await consumer.consume({ max_messages: 64 });
        // Stopped while subscribing: end the iteration below at once.
        if (!this.running) this.messages.stop();
        // Events are independent of one another: up to RECORD_CONCURRENCY are recorded at once.
        const inFlight = new Set<Promise<void>>();
        try {
          for await (const m of this.messages) {
            const recording: Promise<void> = this.handle(m).finally(() => inFlight.delete(recording));
            inFlight.add(recording);
            if (inFlight.size >= RECORD_CONCURRENCY) await Promise.race(inFlight);
          }
        } finally {
          await Promise.all(inFlight);
        }
      } catch (err) {
        if (this.running) this.deps.logger.warn('event consumer interrupted; resuming', { err });
      }
      if (this.running) await new Promise((r) => setTimeout(r, 500));
    }
  }

  private async handle(m: JsMsg): Promise<void> {
    let event;
    try {
      event = decodeDomainEvent(m.data);
    } catch (err) {
      this.deps.logger.error('undecodable message on the event stream; dropped', { err, subject: m.subject, seq: m.seq });
      m.term();
      return;
    }
    // Rendering depends only on the message: one that cannot be rendered never will be.
    let data;
    try {
      data = renderEventData(event);
    } catch (err) {
      this.deps.logger.error('event could not be rendered for delivery; dropped', {
        err,
        event_id: event.eventId,
        event_type: event.eventType,
        subject: m.subject,
        seq: m.seq,
      });
      m.term();
      return;
    }
    try {
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
          this.recorder.call({
            // Taken here, in the event's own trace, which its deliveries continue.
            traceparent: currentTraceparent() ?? null,
            id: recorded.eventId,
            merchantId: recorded.merchantId,
            eventType: recorded.eventType,
            createdAt: recorded.createdAt ? timestampDate(recorded.createdAt) : this.deps.clocks.now(recorded.merchantId),
            data: recorded.data,
            test: false,
          }),
      );
      m.ack();
      // Deliveries made due wake the workers (and the stream's readers); an event nothing is
      // subscribed to only wakes the readers: a worker would look and find nothing.
      if (due) this.deps.afterCommit();
      else if (due === 0) this.deps.recorded.notify();
    } catch (err) {
      const delay = Math.min(1000 * 2 ** Math.min(m.info.deliveryCount, 6), 60_000);
      this.deps.logger.warn('could not record event; will retry', { err, event_id: event.eventId, delay_ms: delay });
      m.nak(delay);
    }
  }
}
