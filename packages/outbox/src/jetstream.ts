import { jetstream, jetstreamManager, RetentionPolicy, StorageType, type JetStreamClient, type JetStreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';

/** A NATS connection with its JetStream client and manager. */
export interface EventBus {
  nc: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
  close(): Promise<void>;
}

/**
 * Connects to NATS (reconnecting forever: a NATS restart must not lose the process). Without
 * async traces: the client would otherwise capture a stack trace for every request (each
 * JetStream publish), a measurable share of a relay's CPU, to decorate the rare timeout.
 */
export async function connectEventBus(natsUrl: string, name: string): Promise<EventBus> {
  const nc = await connect({ servers: natsUrl, name, maxReconnectAttempts: -1, reconnectTimeWait: 500, noAsyncTraces: true });
  const jsm = await jetstreamManager(nc);
  return {
    nc,
    js: jetstream(nc),
    jsm,
    close: async () => {
      if (!nc.isClosed()) await nc.drain();
    },
  };
}

/** How long JetStream remembers a message id to drop a re-publish. */
export const DUPLICATE_WINDOW_NS = 10 * 60 * 1_000_000_000;

/**
 * Creates the event stream if it does not exist yet (idempotent; every producer and consumer
 * calls it at boot). File storage, kept 7 days, de-duplicated on the event id.
 */
export async function ensureEventStream(jsm: JetStreamManager, stream: string, subjectPrefix: string): Promise<void> {
  const config = {
    name: stream,
    subjects: [`${subjectPrefix}.>`],
    storage: StorageType.File,
    retention: RetentionPolicy.Limits,
    max_age: 7 * 24 * 3600 * 1_000_000_000,
    duplicate_window: DUPLICATE_WINDOW_NS,
  };
  try {
    await jsm.streams.info(stream);
  } catch {
    try {
      await jsm.streams.add(config);
    } catch (err) {
      // Another process may have created it between the two calls.
      await jsm.streams.info(stream).catch(() => {
        throw err;
      });
    }
  }
}
