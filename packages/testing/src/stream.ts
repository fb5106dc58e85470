import { randomBytes } from 'node:crypto';
import { DeliverPolicy } from '@nats-io/jetstream';
import { connectEventBus, decodeDomainEvent, ensureEventStream, type DomainEvent, type EventBus } from '@vrp/outbox';

import { TEST_NATS_URL } from './config.js';

export { TEST_NATS_URL };

export interface TestStream {
  natsUrl: string;
  /** Stream name, unique to this test run. */
  stream: string;
  /** Subject prefix, unique to this test run. */
  subjectPrefix: string;
  bus: EventBus;
  /** Every event on the stream so far, in stream order. */
  events(): Promise<DomainEvent[]>;
  /** Deletes the stream and closes the connection. */
  cleanup(): Promise<void>;
}

/** A JetStream stream of its own for one test file. */
export async function createTestStream(options: { natsUrl?: string } = {}): Promise<TestStream> {
  const natsUrl = options.natsUrl ?? TEST_NATS_URL;
  const id = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const stream = `VRP_TEST_${id.toUpperCase()}`;
  const subjectPrefix = `vrp.test${id}.events`;
  const bus = await connectEventBus(natsUrl, `test-${id}`);
  await ensureEventStream(bus.jsm, stream, subjectPrefix);
  return {
    natsUrl,
    stream,
    subjectPrefix,
    bus,
    async events() {
      const info = await bus.jsm.streams.info(stream);
      const count = info.state.messages;
      if (count === 0) return [];
      const consumer = await bus.js.consumers.get(stream, { deliver_policy: DeliverPolicy.All });
      const out: DomainEvent[] = [];
      const messages = await consumer.fetch({ max_messages: count, expires: 2000 });
      for await (const m of messages) {
        out.push(decodeDomainEvent(m.data));
        if (out.length >= count) break;
      }
      await consumer.delete().catch(() => undefined);
      return out;
    },
    async cleanup() {
      await bus.jsm.streams.delete(stream).catch(() => undefined);
      await bus.close();
    },
  };
}
