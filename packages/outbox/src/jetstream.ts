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
 * Connects to NATS: `natsUrl` is one server or a comma-separated list of a cluster's (the client
 * also learns the others from the cluster), reconnecting forever (a NATS restart or a lost node
 * must not lose the process). Without
 * async traces: the client would otherwise capture a stack trace for every request (each
 * JetStream publish), a measurable share of a relay's CPU, to decorate the rare timeout.
 */
export async function connectEventBus(natsUrl: string, name: string): Promise<EventBus> {
  const servers = natsUrl
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const nc = await connect({ servers, name, maxReconnectAttempts: -1, reconnectTimeWait: 500, noAsyncTraces: true });
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

/** The event stream's shape operators set (EVENT_STREAM_REPLICAS, _RETENTION, _MAX_AGE, _MAX_BYTES). */
export interface EventStreamSettings {
  eventStreamReplicas?: number;
  eventStreamRetention?: 'limits' | 'interest';
  eventStreamMaxAgeMs?: number;
  /** -1: no limit but the age. */
  eventStreamMaxBytes?: number;
}

/** What ensureEventStream did. */
export type EventStreamReconciled = 'created' | 'updated' | 'unchanged';

const RETENTION = { limits: RetentionPolicy.Limits, interest: RetentionPolicy.Interest } as const;

/**
 * Creates the event stream, or brings an existing one to the configured shape (every producer and
 * consumer calls it at start-up, so changing the settings and rolling the services reconciles the
 * stream): file storage, de-duplicated on the event id, `eventStreamReplicas` copies (default 1;
 * 3 survives the loss of a node of a three-node cluster), retention by limits (default) or by
 * interest, kept `eventStreamMaxAgeMs` (default 7 days) and at most `eventStreamMaxBytes`.
 * JetStream cannot change a stream's retention once created: a different one is refused with a
 * clear error rather than ignored.
 */
export async function ensureEventStream(
  jsm: JetStreamManager,
  stream: string,
  subjectPrefix: string,
  settings: EventStreamSettings = {},
): Promise<EventStreamReconciled> {
  const wanted = {
    subjects: [`${subjectPrefix}.>`],
    num_replicas: settings.eventStreamReplicas ?? 1,
    max_age: (settings.eventStreamMaxAgeMs ?? 7 * 24 * 3_600_000) * 1_000_000,
    max_bytes: settings.eventStreamMaxBytes ?? -1,
    duplicate_window: DUPLICATE_WINDOW_NS,
  };
  const retention = RETENTION[settings.eventStreamRetention ?? 'limits'];
  const existing = await jsm.streams.info(stream).catch((err: unknown) => {
    if (isNotFound(err)) return undefined;
    throw err;
  });
  if (!existing) {
    try {
      await jsm.streams.add({ name: stream, storage: StorageType.File, retention, ...wanted });
      return 'created';
    } catch (err) {
      // Another process may have created it between the two calls: reconcile that one.
      if (!(await jsm.streams.info(stream).catch(() => undefined))) throw err;
      return ensureEventStream(jsm, stream, subjectPrefix, settings);
    }
  }
  const current = existing.config;
  if (current.retention !== retention) {
    throw new Error(
      `event stream ${stream} has retention '${current.retention}' but EVENT_STREAM_RETENTION asks for '${settings.eventStreamRetention ?? 'limits'}': JetStream cannot change it in place (copy the stream to a new name)`,
    );
  }
  const differs =
    current.num_replicas !== wanted.num_replicas ||
    current.max_age !== wanted.max_age ||
    current.max_bytes !== wanted.max_bytes ||
    current.duplicate_window !== wanted.duplicate_window ||
    !wanted.subjects.every((s) => current.subjects?.includes(s));
  if (!differs) return 'unchanged';
  await jsm.streams.update(stream, {
    ...wanted,
    // Keep subjects another environment's services added to a shared stream.
    subjects: [...new Set([...(current.subjects ?? []), ...wanted.subjects])],
  });
  return 'updated';
}

function isNotFound(err: unknown): boolean {
  return /not found/i.test(String((err as Error)?.message ?? err)) || (err as { code?: unknown })?.code === 404;
}
