import type { Logger } from '@vrp/logging';
import { OutboxRelay, connectEventBus, ensureEventStream } from '@vrp/outbox';
import type { GatewayClients } from '../clients.js';
import type { GatewayConfig } from '../config.js';
import type { ExportStore } from '../db/exports.js';
import type { CursorCodec } from '../lists/index.js';
import { ExportWorker } from './export-worker.js';

/** A chunk of the file is committed once it holds this much (a few pages of rows). */
const CHUNK_BYTES = 256 * 1024;
/** An export claimed this many times without completing (a worker died each time) fails. */
const MAX_ATTEMPTS = 5;

/** A running export worker and the relay that publishes its export.completed events. */
export interface ExportWorkerRun {
  worker: ExportWorker;
  relay: OutboxRelay;
  /** Stops claiming, then the relay (handing leadership over), then the event bus connection. */
  stop(): Promise<void>;
}

/**
 * The export worker of a gateway (or of a worker process) with the configured settings, started,
 * with the relay of the gateway's outbox: an export's completion commits its export.completed row,
 * and the relay publishes it to the event stream (the event id as message id, so a relay that
 * publishes it again after a crash is de-duplicated by the stream).
 */
export async function startExportWorker(
  store: ExportStore,
  clients: GatewayClients,
  cursors: CursorCodec,
  logger: Logger,
  config: Pick<GatewayConfig, 'exportTtlMs' | 'exportLeaseMs' | 'databaseUrl' | 'natsUrl' | 'eventStream' | 'eventSubjectPrefix'>,
): Promise<ExportWorkerRun> {
  const bus = await connectEventBus(config.natsUrl, 'gateway-exports');
  await ensureEventStream(bus.jsm, config.eventStream, config.eventSubjectPrefix);
  const relay = new OutboxRelay({
    databaseUrl: config.databaseUrl,
    schema: 'gateway',
    js: bus.js,
    logger: logger.child({ component: 'outbox' }),
  });
  relay.start();
  const worker = new ExportWorker(store, clients, cursors, logger, {
    pollMs: Math.min(1000, config.exportLeaseMs),
    chunkBytes: CHUNK_BYTES,
    ttlMs: config.exportTtlMs,
    maxAttempts: MAX_ATTEMPTS,
    // The event is committed with the completion; this only saves the relay its next poll.
    onCompleted: async () => relay.nudge(),
  }).start();
  return {
    worker,
    relay,
    stop: async () => {
      await worker.stop();
      await relay.stop();
      await bus.close();
    },
  };
}
