/**
 * An export worker on its own: the gateway's settings (DATABASE_URL, the services' addresses,
 * EXPORT_*), no HTTP. Run beside gateways started with EXPORT_WORKER=false to keep exports off the
 * API's processes; the benchmark measures its memory. SIGTERM stops it after its current chunk.
 */
import { createLogger } from '@vrp/logging';
import { createGatewayClients } from '../clients.js';
import { loadGatewayConfig } from '../config.js';
import { createDb } from '../db/client.js';
import { ExportStore } from '../db/exports.js';
import { CursorCodec } from '../lists/cursor.js';
import { startExportWorker } from './start-export-worker.js';

const config = loadGatewayConfig();
const logger = createLogger('export-worker', { level: config.logLevel });
const db = createDb(config.databaseUrl);
const clients = createGatewayClients(config, logger);
const worker = startExportWorker(
  new ExportStore(db, config.exportLeaseMs),
  clients,
  new CursorCodec(config.cursorSecret, config.cursorTtlMs),
  logger,
  config,
);
logger.info('export worker started');

const stop = async () => {
  await worker.stop();
  for (const client of Object.values(clients))
    if (typeof (client as { close?: unknown }).close === 'function') await (client as { close(): Promise<void> }).close();
  await db.$disconnect();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
