import { AckPolicy, DeliverPolicy, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import { mandate } from '@vrp/contracts';
import { isApiError } from '@vrp/errors';
import type { Logger } from '@vrp/logging';
import { decodeDomainEvent, type EventBus } from '@vrp/outbox';
import type { Deps } from '../deps.js';
import { cancelConsent } from '../usecases/cancel-consent.js';

export interface RevocationConsumerOptions {
  bus: EventBus;
  stream: string;
  subjectPrefix: string;
  /** Durable name: the stream remembers what the connector acknowledged across restarts. */
  durableName: string;
  ackWaitMs?: number;
}

/** Creates the durable pull consumer of mandate.revoked events if it does not exist yet (idempotent). */
async function ensureConsumer(options: RevocationConsumerOptions): Promise<void> {
  const { jsm } = options.bus;
  if (
    await jsm.consumers.info(options.stream, options.durableName).then(
      () => true,
      () => false,
    )
  )
    return;
  await jsm.consumers
    .add(options.stream, {
      durable_name: options.durableName,
      ack_policy: AckPolicy.Explicit,
      ack_wait: nanos(options.ackWaitMs ?? 60_000),
      // Never give up: a consent the bank could not delete yet comes back until it is deleted.
      max_deliver: -1,
      deliver_policy: DeliverPolicy.All,
      filter_subject: `${options.subjectPrefix}.mandate.revoked`,
    })
    .catch(async (err) => {
      // Another replica may have created it between the two calls.
      await jsm.consumers.info(options.stream, options.durableName).catch(() => {
        throw err;
      });
    });
}

/**
 * Deletes the consent at the bank when a merchant cancelled its mandate (mandate.revoked with
 * revoked_by merchant), from a durable JetStream consumer. An event is acknowledged only after the
 * bank answered, or when there is nothing to delete (no consent here, deleted before, a revocation
 * by the customer or the bank, which the bank knows of); otherwise it is negatively acknowledged
 * with a growing delay and comes back, so no merchant's cancel is lost.
 */
export class RevocationConsumer {
  private messages?: ConsumerMessages;
  private running = false;
  private loop?: Promise<void>;

  constructor(
    private readonly deps: Deps,
    private readonly options: RevocationConsumerOptions,
    private readonly logger: Logger = deps.logger,
  ) {}

  async start(): Promise<void> {
    await ensureConsumer(this.options);
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
        this.messages = await consumer.consume({ max_messages: 16 });
        if (!this.running) this.messages.stop();
        for await (const m of this.messages) await this.handle(m);
      } catch (err) {
        if (this.running) this.logger.warn('revocation consumer interrupted; resuming', { err });
      }
      if (this.running) await new Promise((r) => setTimeout(r, 500));
    }
  }

  private async handle(m: JsMsg): Promise<void> {
    let event;
    try {
      event = decodeDomainEvent(m.data);
    } catch (err) {
      this.logger.error('undecodable message on the event stream; dropped', { err, subject: m.subject, seq: m.seq });
      m.term();
      return;
    }
    const revoked = event.resource.case === 'mandate' ? event.resource.value : undefined;
    if (!revoked || revoked.revokedBy !== mandate.RevokedBy.MERCHANT) {
      m.ack();
      return;
    }
    try {
      await cancelConsent(this.deps, event.merchantId, revoked.id);
      m.ack();
    } catch (err) {
      if (isApiError(err) && err.code === 'not_found') {
        m.ack();
        return;
      }
      const delay = Math.min(1000 * 2 ** Math.min(m.info.deliveryCount, 6), 60_000);
      this.logger.warn('consent of a cancelled mandate not deleted yet; will retry', { mandate_id: revoked.id, delay_ms: delay, err });
      m.nak(delay);
    }
  }
}
