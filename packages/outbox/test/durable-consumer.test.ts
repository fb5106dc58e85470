import { create } from '@bufbuild/protobuf';
import { mandate } from '@vrp/contracts';
import type { LogFields, Logger } from '@vrp/logging';
import { createTestStream, startPrivateNatsServer, waitFor, type TestStream } from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DropEvent,
  connectEventBus,
  encodeDomainEvent,
  ensureEventStream,
  newDomainEvent,
  startDurableConsumer,
  type DomainEvent,
  type DurableConsumerOptions,
  type EventBus,
} from '../src/index.js';

let stream: TestStream;
beforeAll(async () => {
  stream = await createTestStream();
});
afterAll(async () => {
  await stream?.cleanup();
});

/** A logger that keeps what it was told. */
function recordingLogger(): Logger & { lines: { level: string; msg: string; fields?: LogFields }[] } {
  const lines: { level: string; msg: string; fields?: LogFields }[] = [];
  const at = (level: string) => (msg: string, fields?: LogFields) => void lines.push({ level, msg, fields });
  const logger = { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error'), child: () => logger };
  return logger;
}

let cases = 0;
/** A subject space and durable name of its own, so the cases do not see one another's events. */
function newCase(bus: EventBus = stream.bus, name = stream.stream) {
  const id = `case${++cases}`;
  const prefix = `${stream.subjectPrefix}.${id}`;
  const logger = recordingLogger();
  return {
    logger,
    /** Publishes a mandate.revoked event (or raw bytes) like the relay does. */
    async publish(payload: DomainEvent | Uint8Array = event()): Promise<DomainEvent | undefined> {
      const data = payload instanceof Uint8Array ? payload : encodeDomainEvent(payload);
      await bus.js.publish(`${prefix}.mandate.revoked`, data, payload instanceof Uint8Array ? {} : { msgID: payload.eventId });
      return payload instanceof Uint8Array ? undefined : payload;
    },
    start: (options: Pick<DurableConsumerOptions, 'handle'> & Partial<DurableConsumerOptions>) =>
      startDurableConsumer({
        bus,
        stream: name,
        durableName: id,
        filterSubject: `${prefix}.>`,
        name: `${id} consumer`,
        logger,
        retryWarning: 'could not handle event; will retry',
        ...options,
      }),
    /** What JetStream holds for the durable consumer. */
    info: () => bus.jsm.consumers.info(name, id),
  };
}

const event = () =>
  newDomainEvent('mandate.revoked', 'MC01TEST', {
    case: 'mandate',
    value: create(mandate.MandateSchema, { id: `MD${cases}-${Math.random()}` }),
  });

/** A promise and the function that resolves it. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { opened, open };
}

describe('a durable consumer', () => {
  it('acknowledges an event only once its handler has succeeded', async () => {
    const c = newCase();
    const handling = gate();
    const seen: string[] = [];
    const consumer = await c.start({
      handle: async (e) => {
        seen.push(e.eventId);
        await handling.opened;
      },
    });
    try {
      const ev = (await c.publish())!;
      await waitFor(() => seen.length === 1, { what: 'the handler to be called' });
      expect(seen).toEqual([ev.eventId]);
      // In the handler: delivered, not acknowledged.
      const during = await c.info();
      expect(during.num_ack_pending).toBe(1);
      expect(during.ack_floor.stream_seq).toBe(0);

      handling.open();
      await waitFor(async () => (await c.info()).num_ack_pending === 0, { what: 'the acknowledgement' });
      expect((await c.info()).ack_floor.stream_seq).toBeGreaterThan(0);
      expect(seen).toHaveLength(1);
    } finally {
      handling.open();
      await consumer.stop();
    }
  });

  it('redelivers an event whose handler failed, after a delay, until it is handled', async () => {
    const c = newCase();
    const calls: { id: string; at: number }[] = [];
    const consumer = await c.start({
      handle: async (e) => {
        calls.push({ id: e.eventId, at: Date.now() });
        if (calls.length === 1) throw new Error('database unavailable');
      },
      retryFields: (e) => ({ merchant_id: e.merchantId }),
    });
    try {
      const ev = (await c.publish())!;
      await waitFor(() => calls.length === 2, { timeoutMs: 10_000, what: 'the redelivery' });
      expect(calls.map((x) => x.id)).toEqual([ev.eventId, ev.eventId]);
      // The first redelivery waits 2 s (negatively acknowledged with a delay).
      expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(1900);
      const warning = c.logger.lines.find((l) => l.level === 'warn');
      expect(warning?.msg).toBe('could not handle event; will retry');
      expect(warning?.fields).toMatchObject({ event_id: ev.eventId, delay_ms: 2000, merchant_id: 'MC01TEST' });
      await waitFor(async () => (await c.info()).num_ack_pending === 0, { what: 'the acknowledgement' });
      expect(calls).toHaveLength(2);
    } finally {
      await consumer.stop();
    }
  });

  it('drops an undecodable message and one its handler can never handle, and goes on', async () => {
    const c = newCase();
    const seen: string[] = [];
    const consumer = await c.start({
      handle: async (e) => {
        seen.push(e.eventId);
        // The first event that decodes is the poison one (it may arrive before publish returns).
        if (seen.length === 1) throw new DropEvent('cannot be rendered; dropped', { cause: new Error('bad data') });
      },
    });
    try {
      await c.publish(new Uint8Array([0xff, 0xff, 0xff]));
      const poison = await c.publish();
      const ok = (await c.publish())!;
      await waitFor(() => seen.includes(ok.eventId), { what: 'the event after them' });
      await waitFor(async () => (await c.info()).num_ack_pending === 0, { what: 'nothing left in hand' });
      expect((await c.info()).num_redelivered).toBe(0);
      expect(seen).toEqual([poison!.eventId, ok.eventId]);
      expect(c.logger.lines.filter((l) => l.level === 'error').map((l) => l.msg)).toEqual([
        'undecodable message on the event stream; dropped',
        'cannot be rendered; dropped',
      ]);
    } finally {
      await consumer.stop();
    }
  });

  it('resumes after a restart where it left off, the event in hand at the stop finished', async () => {
    const c = newCase();
    const first: string[] = [];
    const inHand = gate();
    const reached = gate();
    const published: DomainEvent[] = [];
    for (let i = 0; i < 2; i++) published.push((await c.publish())!);
    const consumer = await c.start({
      handle: async (e) => {
        first.push(e.eventId);
        if (first.length === 2) {
          reached.open();
          await inHand.opened;
        }
      },
    });
    await reached.opened;
    const stopped = consumer.stop();
    // stop() waits for the event in hand, which is then acknowledged.
    let done = false;
    void stopped.then(() => (done = true));
    await new Promise((r) => setTimeout(r, 200));
    expect(done).toBe(false);
    inHand.open();
    await stopped;
    expect(first).toEqual(published.map((e) => e.eventId));

    // Produced while nothing consumes.
    for (let i = 0; i < 3; i++) published.push((await c.publish())!);
    const second: string[] = [];
    const restarted = await c.start({ handle: async (e) => void second.push(e.eventId) });
    try {
      await waitFor(() => second.length === 3, { what: 'the events produced while stopped' });
      await new Promise((r) => setTimeout(r, 300));
      // Exactly those, in stream order, and nothing handled before again.
      expect(second).toEqual(published.slice(2).map((e) => e.eventId));
    } finally {
      await restarted.stop();
    }
  });

  it('handles up to `concurrency` events at the same time', async () => {
    const c = newCase();
    const release = gate();
    let inFlight = 0;
    let most = 0;
    const consumer = await c.start({
      concurrency: 3,
      handle: async () => {
        most = Math.max(most, ++inFlight);
        await release.opened;
        inFlight--;
      },
    });
    try {
      for (let i = 0; i < 5; i++) await c.publish();
      await waitFor(() => inFlight === 3, { what: 'three events in hand' });
      await new Promise((r) => setTimeout(r, 200));
      expect(most).toBe(3);
      release.open();
      await waitFor(async () => {
        const info = await c.info();
        return info.num_ack_pending === 0 && info.num_pending === 0;
      });
    } finally {
      release.open();
      await consumer.stop();
    }
  });

  it('takes the stream up again after NATS restarts', async () => {
    const nats = await startPrivateNatsServer();
    const bus = await connectEventBus(nats.url, 'durable-consumer-test');
    try {
      await ensureEventStream(bus.jsm, stream.stream, stream.subjectPrefix);
      const c = newCase(bus);
      const seen: string[] = [];
      const consumer = await c.start({ handle: async (e) => void seen.push(e.eventId) });
      try {
        const before = (await c.publish())!;
        await waitFor(() => seen.length === 1, { what: 'the event before the outage' });
        await nats.stop();
        await new Promise((r) => setTimeout(r, 500));
        await nats.start();
        // Retried like the relay does, with the same message id: JetStream keeps it once.
        const after = event();
        await waitFor(() => c.publish(after).then(() => true), { timeoutMs: 15_000, intervalMs: 200, what: 'a publish once NATS is back' });
        await waitFor(() => seen.length === 2, { timeoutMs: 20_000, what: 'the event after the outage' });
        expect(seen).toEqual([before.eventId, after.eventId]);
      } finally {
        await consumer.stop();
      }
    } finally {
      await bus.close();
      await nats.dispose();
    }
  }, 60_000);
});
