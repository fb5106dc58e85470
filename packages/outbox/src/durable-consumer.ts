import { AckPolicy, DeliverPolicy, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import type { LogFields, Logger } from '@vrp/logging';
import { decodeDomainEvent, type DomainEvent } from './domain-event.js';
import type { EventBus } from './jetstream.js';

/** What a handler sees of the message an event came in (its trace travels in the headers). */
export type ConsumedMessage = Pick<JsMsg, 'subject' | 'seq' | 'headers'>;

/**
 * Thrown by a handler for an event it can never handle (handling depends only on the message):
 * the consumer logs `message` as an error and terminates the message, which never comes back.
 */
export class DropEvent extends Error {
  override readonly name = 'DropEvent';
}

export interface DurableConsumerOptions {
  bus: EventBus;
  stream: string;
  /**
   * The durable consumer's name: the stream remembers what it acknowledged across restarts, and
   * every replica using the name shares it (each event goes to one of them).
   */
  durableName: string;
  /** The subjects it follows, e.g. `<prefix>.mandate.>`. */
  filterSubject: string;
  /** How long an unacknowledged message waits before JetStream redelivers it (default 30 s). */
  ackWaitMs?: number;
  /** How many messages a pull asks for at a time (default 64). */
  maxMessages?: number;
  /** How many events are handled at the same time; 1 (the default) handles them one by one, in stream order. */
  concurrency?: number;
  /** Names the consumer in its log lines, e.g. `revocation consumer`. */
  name: string;
  logger: Logger;
  /** The warning logged (with err, event_id and delay_ms) when handling failed and the event will come back. */
  retryWarning: string;
  /** Fields saying what an event is about, added to that warning. */
  retryFields?: (event: DomainEvent) => LogFields;
  /**
   * Handles one event. Resolving acknowledges the message, so it resolves only once the event's
   * effect is durable; throwing DropEvent terminates it; any other error negatively
   * acknowledges it with a growing delay (2 s, 4 s, … up to 60 s) and JetStream redelivers it.
   */
  handle(event: DomainEvent, message: ConsumedMessage): Promise<void>;
}

/** A running durable consumer. */
export interface DurableConsumer {
  /** Stops pulling, lets the messages in hand finish, and returns once the loop has ended. */
  stop(): Promise<void>;
}

/** How long the loop waits before subscribing again after the subscription ended. */
const RESUME_DELAY_MS = 500;

/**
 * How long each pull request lives. The client also waits this long between its checks of the
 * consumer after NATS came back and a check failed (JetStream still recovering its streams), and
 * its default of 30 s left a consumer idle for up to half a minute after a restart; heartbeats
 * come at half of it.
 */
const PULL_EXPIRES_MS = 5_000;

/**
 * Follows `filterSubject` on the event stream with a durable pull consumer (created if it does
 * not exist yet, never given up on: `max_deliver` -1, from the stream's first message) and hands
 * each decoded event to `handle`, acknowledging it after the handler succeeded. A subscription
 * that ends (NATS lost, the consumer deleted) is taken up again until stop().
 */
export async function startDurableConsumer(options: DurableConsumerOptions): Promise<DurableConsumer> {
  await ensureDurableConsumer(options);
  let running = true;
  let messages: ConsumerMessages | undefined;
  const concurrency = options.concurrency ?? 1;

  const run = async (): Promise<void> => {
    while (running) {
      try {
        const consumer = await options.bus.js.consumers.get(options.stream, options.durableName);
        messages = await consumer.consume({ max_messages: options.maxMessages ?? 64, expires: PULL_EXPIRES_MS });
        // Stopped while subscribing: end the iteration below at once.
        if (!running) messages.stop();
        const inFlight = new Set<Promise<void>>();
        try {
          for await (const m of messages) {
            const handling: Promise<void> = handleMessage(options, m).finally(() => inFlight.delete(handling));
            inFlight.add(handling);
            if (inFlight.size >= concurrency) await Promise.race(inFlight);
          }
        } finally {
          await Promise.all(inFlight);
        }
      } catch (err) {
        if (running) options.logger.warn(`${options.name} interrupted; resuming`, { err });
      }
      if (running) await new Promise((r) => setTimeout(r, RESUME_DELAY_MS));
    }
  };

  const loop = run();
  return {
    async stop() {
      running = false;
      // Ends the iteration in run(), after the messages in hand; close() would wait for that
      // iteration to drain, which never happens if run() has not started iterating yet.
      messages?.stop();
      await loop;
    },
  };
}

/** Creates the durable pull consumer if it does not exist yet (idempotent, safe between replicas). */
async function ensureDurableConsumer(options: DurableConsumerOptions): Promise<void> {
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
      // Never give up on an event: one that cannot be handled yet is redelivered later.
      max_deliver: -1,
      deliver_policy: DeliverPolicy.All,
      filter_subject: options.filterSubject,
    })
    .catch(async (err) => {
      // Another replica may have created it between the two calls.
      await jsm.consumers.info(options.stream, options.durableName).catch(() => {
        throw err;
      });
    });
}

/** Decodes one message, hands it to the handler and acknowledges, terminates or redelivers it. */
async function handleMessage(options: DurableConsumerOptions, m: JsMsg): Promise<void> {
  let event: DomainEvent;
  try {
    event = decodeDomainEvent(m.data);
  } catch (err) {
    options.logger.error('undecodable message on the event stream; dropped', { err, subject: m.subject, seq: m.seq });
    m.term();
    return;
  }
  try {
    await options.handle(event, m);
    m.ack();
  } catch (err) {
    if (err instanceof DropEvent) {
      options.logger.error(err.message, {
        err: err.cause,
        event_id: event.eventId,
        event_type: event.eventType,
        subject: m.subject,
        seq: m.seq,
      });
      m.term();
      return;
    }
    const delay = Math.min(1000 * 2 ** Math.min(m.info.deliveryCount, 6), 60_000);
    options.logger.warn(options.retryWarning, { err, event_id: event.eventId, delay_ms: delay, ...options.retryFields?.(event) });
    m.nak(delay);
  }
}
