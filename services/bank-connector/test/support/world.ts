// One test file's world: the model bank (a real ASPSP over mutual TLS) and the bank connector on
// one fresh database, a private event stream, the platform services the connector reports to, and
// the gateway's bank routes (a relay of the bank's event notifications) — all on loopback sockets.
import { mkdtempSync } from 'node:fs';
import pg from 'pg';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connector, sandboxClock } from '@vrp/contracts';
import { createServiceClient, type ServiceClient } from '@vrp/grpc';
import { createLogger } from '@vrp/logging';
import { loadModelBankConfig, startModelBank, type ModelBank } from '@vrp/model-bank-service';
import {
  createTestDatabase,
  createTestStream,
  generateBankCredentials,
  writeBankCredentials,
  type BankCredentialFiles,
  type BankCredentials,
  type TestDatabase,
  type TestStream,
} from '@vrp/testing';
import { startBankConnectorService, type BankConnectorService } from '../../src/app.js';
import { httpBackOffice, type BackOffice } from '../../src/clients/back-office.js';
import { mtlsTransport } from '../../src/clients/bank/mtls.js';
import { loadBankConnectorConfig } from '../../src/config.js';
import { startNotificationRelay, type NotificationRelay } from './notification-relay.js';
import { startPlatformStub, type PlatformStub } from './platform-stub.js';

export const CLIENT_ID = 'vrp-connector-test';
export const SIGNING_ISS = 'vrp-test-org/vrp-connector-ssa';
export const TRUST_ANCHOR = 'model-bank.test';
export const BACK_OFFICE_TOKEN = 'connector-test-back-office';

const level = (process.env.TEST_LOG_LEVEL as 'debug' | undefined) ?? 'silent';

export interface WorldOptions {
  /** Whether the bank sends event notifications (default true); without, the connector polls. */
  notifications?: boolean;
  /** Extra connector settings. */
  connectorEnv?: Record<string, string>;
  /** Extra model bank settings. */
  bankEnv?: Record<string, string>;
  /** Keep the connector's log lines (at debug) in `world.logs`. */
  captureLogs?: boolean;
  /** Where the connector reports (default: the stub of the platform services). */
  platformUrls?: { payment: string; refund: string; mandate: string };
}

export interface World {
  credentials: BankCredentials;
  /** A transport certificate of another trust anchor: one the bank must refuse. */
  foreign: BankCredentials;
  files: BankCredentialFiles;
  db: TestDatabase;
  stream: TestStream;
  bank: ModelBank;
  platform: PlatformStub;
  relay: NotificationRelay;
  connector: BankConnectorService;
  /** The connector's settings as started (restartConnector can change them). */
  env: Record<string, string>;
  client: ServiceClient<typeof connector.ConnectorService>;
  sandbox: ServiceClient<typeof connector.SandboxBankService>;
  clocks: ServiceClient<typeof sandboxClock.SandboxClockService>;
  /** The model bank's back office, for what a test makes the bank do directly. */
  backOffice: BackOffice;
  /** The connector's log lines, parsed (with captureLogs). */
  logs: Record<string, unknown>[];
  /** Reads or changes the shared test database directly (the bank's own tables included: what the bank holds). */
  query<T extends object = Record<string, unknown>>(sql: string, values?: unknown[]): Promise<T[]>;
  /** Stops the connector and starts it again (same database), with `extra` settings. */
  restartConnector(extra?: Record<string, string>): Promise<BankConnectorService>;
  close(): Promise<void>;
}

/** Starts a world; `close()` stops everything and drops the database and stream. */
export async function startWorld(options: WorldOptions = {}): Promise<World> {
  const credentials = generateBankCredentials(CLIENT_ID);
  const foreign = generateBankCredentials('foreign-client');
  const files = writeBankCredentials(credentials, mkdtempSync(path.join(tmpdir(), 'connector-test-')));
  const db = await createTestDatabase(['bank-connector', 'model-bank']);
  const stream = await createTestStream();
  const platform = await startPlatformStub();
  const relay = await startNotificationRelay();
  const bank = await startModelBank(
    loadModelBankConfig({
      DATABASE_URL: db.url,
      LOG_LEVEL: level,
      MODEL_BANK_PORT: '0',
      METRICS_PORT: '0',
      MODEL_BANK_TLS_CERT: files.bankServerCert,
      MODEL_BANK_TLS_KEY: files.bankServerKey,
      MODEL_BANK_CLIENT_CA: files.ca,
      MODEL_BANK_SIGNING_KEY: files.bankSigningKey,
      MODEL_BANK_SIGNING_KID: credentials.bankSigning.kid,
      MODEL_BANK_TRUST_ANCHOR: TRUST_ANCHOR,
      MODEL_BANK_CLIENT_ID: CLIENT_ID,
      MODEL_BANK_CLIENT_JWKS: files.tppSigningJwks,
      MODEL_BANK_CLIENT_REDIRECT_URIS: `${relay.url}/v1/bank/callback`,
      MODEL_BANK_CLIENT_EVENT_URL: options.notifications === false ? '' : `${relay.url}/v1/bank/event-notifications`,
      MODEL_BANK_CLIENT_SIGNING_ISS: SIGNING_ISS,
      MODEL_BANK_BACK_OFFICE_TOKEN: BACK_OFFICE_TOKEN,
      MODEL_BANK_SWEEP_INTERVAL: '200ms',
      MODEL_BANK_EVENT_FIRST_RETRY: '100ms',
      MODEL_BANK_EVENT_MAX_BACKOFF: '1s',
      ...options.bankEnv,
    }),
    { logger: createLogger('model-bank', { level }) },
  );
  const urls = options.platformUrls ?? { payment: platform.url, refund: platform.url, mandate: platform.url };
  const env: Record<string, string> = {
    VRP_ENV: 'sandbox',
    DATABASE_URL: db.url,
    NATS_URL: stream.natsUrl,
    EVENT_STREAM: stream.stream,
    EVENT_SUBJECT_PREFIX: stream.subjectPrefix,
    LOG_LEVEL: level,
    GRPC_PORT: '0',
    METRICS_PORT: '0',
    BANK_ISSUER: bank.issuer,
    BANK_API_URL: `${bank.issuer}/open-banking/v4.0/pisp`,
    BANK_CLIENT_ID: CLIENT_ID,
    BANK_TRANSPORT_CERT: files.tppTransportCert,
    BANK_TRANSPORT_KEY: files.tppTransportKey,
    BANK_SIGNING_KEY: files.tppSigningKey,
    BANK_SIGNING_KID: credentials.tppSigning.kid,
    BANK_CA: files.ca,
    BANK_SIGNING_ISS: SIGNING_ISS,
    BANK_TRUST_ANCHOR: TRUST_ANCHOR,
    BANK_BACK_OFFICE_URL: `${bank.issuer}/back-office`,
    BANK_BACK_OFFICE_TOKEN: BACK_OFFICE_TOKEN,
    BANK_TIMEOUT: '3s',
    PUBLIC_BASE_URL: relay.url,
    PAYMENT_SERVICE_URL: urls.payment,
    REFUND_SERVICE_URL: urls.refund,
    MANDATE_SERVICE_URL: urls.mandate,
    // Nothing settles by itself unless a test says so.
    SANDBOX_SETTLEMENT_DELAY_MS: '3600000',
    CONNECTOR_POLL_INITIAL: '200ms',
    CONNECTOR_POLL_MAX: '1s',
    CONNECTOR_JOB_INTERVAL: '100ms',
    CONNECTOR_CONSENT_CHECK_INTERVAL: '1h',
    ...options.connectorEnv,
  };
  const logs: Record<string, unknown>[] = [];
  const logger = options.captureLogs
    ? createLogger('bank-connector', { level: 'debug', write: (line) => logs.push(JSON.parse(line) as Record<string, unknown>) })
    : createLogger('bank-connector', { level });
  const start = (settings: Record<string, string>) => startBankConnectorService(loadBankConnectorConfig(settings), { logger });
  const connectorService = await start(env);
  const clients = (port: number) => {
    const baseUrl = `http://127.0.0.1:${port}`;
    // Tests make calls that fail on purpose: the breakers must not open on them.
    const options = { baseUrl, volumeThreshold: 1000, timeoutMs: 20_000 };
    return {
      client: createServiceClient(connector.ConnectorService, options),
      sandbox: createServiceClient(connector.SandboxBankService, options),
      clocks: createServiceClient(sandboxClock.SandboxClockService, options),
    };
  };
  const pool = new pg.Pool({ connectionString: db.url, max: 2 });
  const backOfficeTransport = mtlsTransport(
    { cert: credentials.tppTransport.cert, key: credentials.tppTransport.key, ca: credentials.ca },
    5000,
  );
  const world: World = {
    credentials,
    foreign,
    files,
    db,
    stream,
    bank,
    platform,
    relay,
    connector: connectorService,
    env,
    logs,
    ...clients(connectorService.port),
    backOffice: httpBackOffice(`${bank.issuer}/back-office`, BACK_OFFICE_TOKEN, backOfficeTransport.fetch),
    query: async <T extends object>(sql: string, values: unknown[] = []) => (await pool.query(sql, values)).rows as T[],
    async restartConnector(extra = {}) {
      await world.connector.stop();
      for (const c of [world.client, world.sandbox, world.clocks]) c.close();
      world.env = { ...world.env, ...extra };
      world.connector = await start(world.env);
      Object.assign(world, clients(world.connector.port));
      relay.forwardTo(world.client);
      return world.connector;
    },
    async close() {
      for (const c of [world.client, world.sandbox, world.clocks]) c.close();
      await world.connector.stop();
      await bank.stop();
      await relay.stop();
      await platform.stop();
      await backOfficeTransport.close();
      await pool.end();
      await stream.cleanup();
      await db.drop();
    },
  };
  relay.forwardTo(world.client);
  return world;
}
