import { timestampDate } from '@bufbuild/protobuf/wkt';
import { AckPolicy, DeliverPolicy, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import { decodeDomainEvent, type EventBus } from '@vrp/outbox';
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
 * follows every event) and ends the schedules of a mandate that was revoked or expired. Ending is
 * idempotent, so a redelivered event changes nothing; one that cannot be handled now is
 * negatively acknowledged with a growing delay and comes back.
 */
export class MandateConsumer {
  private messages?: ConsumerMessages;
  private running = false;
  private loop?: Promise<void>;

  constructor(
    private readonly deps: Deps,
    private readonly options: MandateConsumerOptions,
  ) {}

  async start(): Promise<void> {
    const { jsm } = this.options.bus;
    const exists = await jsm.consumers.info(this.options.stream, this.options.durableName).then(
      () => true,
      () => false,
    );
    if (!exists) {
      await jsm.consumers
        .add(this.options.stream, {
          durable_name: this.options.durableName,
          ack_policy: AckPolicy.Explicit,
          ack_wait: nanos(30_000),
          max_deliver: -1,
          deliver_policy: DeliverPolicy.All,
          filter_subject: `${this.options.subjectPrefix}.mandate.>`,
        })
        .catch(async (err) => {
          // Another replica may have created it between the two calls.
          await jsm.consumers.info(this.options.stream, this.options.durableName).catch(() => {
            throw err;
          });
        });
    }
    this.running = true;
    this.loop = this.run();
  }

  /** Stops pulling, lets the message in hand finish, and returns once the loop has ended. */
  async stop(): Promise<void> {
    this.running = false;
    this.messages?.stop();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (this.running) {
      try {
        const consumer = await this.options.bus.js.consumers.get(this.options.stream, this.options.durableName);
        this.messages = await consumer.consume({ max_messages: 64 });
        if (!this.running) this.messages.stop();
        for await (const m of this.messages) await this.handle(m);
      } catch (err) {
        if (this.running) this.deps.logger.warn('mandate event consumer interrupted; resuming', { err });
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
    const cause = ENDING[event.eventType];
    if (!cause || event.resource.case !== 'mandate') {
      m.ack();
      return;
    }
    try {
      const at = event.createdAt ? timestampDate(event.createdAt) : this.deps.clocks.now(event.merchantId);
      await endMandateSchedules(this.deps, event.merchantId, event.resource.value.id, cause, at);
      m.ack();
    } catch (err) {
      const delay = Math.min(1000 * 2 ** Math.min(m.info.deliveryCount, 6), 60_000);
      this.deps.logger.warn('could not end the schedules of a mandate; will retry', { err, event_id: event.eventId, delay_ms: delay });
      m.nak(delay);
    }
  }
}
