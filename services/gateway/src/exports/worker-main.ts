/**
 * An export worker on its own: the gateway's settings (DATABASE_URL, the services' addresses,
 * EXPORT_*, NATS_URL for export.completed), no HTTP; it runs the relay of the gateway's outbox. Run beside gateways started with EXPORT_WORKER=false to keep exports off the
 * API's processes; the benchmark measures its memory. SIGTERM stops it after its current page.
 */
import { createLogger } from '@vrp/logging';
import { createGatewayClients } from '../clients.js';
import { loadGatewayConfig } from '../config.js';
import { ExportStore } from '../db/exports.js';
import { CursorCodec } from '../lists/cursor.js';
import { startExportWorker } from './start-export-worker.js';

const config = loadGatewayConfig();
const logger = createLogger('export-worker', { level: config.logLevel });
const clients = createGatewayClients(config, logger);
const store = new ExportStore(
  config.databaseUrl,
  config.exportLeaseMs,
  { subjectPrefix: config.eventSubjectPrefix, publicBaseUrl: config.publicBaseUrl },
  (err) => logger.warn('export store connection failed', { err }),
);
const worker = await startExportWorker(store, clients, new CursorCodec(config.cursorSecret, config.cursorTtlMs), logger, config);
logger.info('export worker started');

const stop = async () => {
  await worker.stop();
  for (const client of Object.values(clients)) (client as { close?: () => void }).close?.();
  await store.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
