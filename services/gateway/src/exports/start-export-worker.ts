import type { Logger } from '@vrp/logging';
import type { GatewayClients } from '../clients.js';
import type { GatewayConfig } from '../config.js';
import type { ExportStore } from '../db/exports.js';
import type { CursorCodec } from '../lists/index.js';
import { ExportWorker } from './export-worker.js';

/** A chunk of the file is committed once it holds this much (a few pages of rows). */
const CHUNK_BYTES = 256 * 1024;
/** An export claimed this many times without completing (a worker died each time) fails. */
const MAX_ATTEMPTS = 5;

/** The export worker of a gateway (or of a worker process) with the configured settings, started. */
export function startExportWorker(
  store: ExportStore,
  clients: GatewayClients,
  cursors: CursorCodec,
  logger: Logger,
  config: Pick<GatewayConfig, 'exportTtlMs' | 'exportLeaseMs'>,
): ExportWorker {
  return new ExportWorker(store, clients, cursors, logger, {
    pollMs: Math.min(1000, config.exportLeaseMs),
    chunkBytes: CHUNK_BYTES,
    ttlMs: config.exportTtlMs,
    maxAttempts: MAX_ATTEMPTS,
  }).start();
}
