import { mandate as pb } from '@vrp/contracts';
import { ApiError } from '@vrp/errors';
import { createServiceClient, type ServiceClient } from '@vrp/grpc';
import { createTestDatabase, createTestStream, type TestDatabase, type TestStream } from '@vrp/testing';
import { startMandateService, type MandateService } from '../src/app.js';
import { loadMandateConfig } from '../src/config.js';
import { startConnectorStub, type ConnectorStub } from './connector-stub.js';

/** A mandate service on port 0 over its own database and stream, with a client of it. */
export interface Harness {
  db: TestDatabase;
  stream: TestStream;
  service: MandateService;
  client: ServiceClient<typeof pb.MandateService>;
  /** The bank connector the service reaches (a stand-in on a real gRPC server), unless `env` names another. */
  bank: ConnectorStub;
  /** Starts another service over the same database and stream (e.g. after a restart). */
  restart(env?: Record<string, string>): Promise<void>;
  close(): Promise<void>;
}

/** Settings for a test instance; `env` overrides (e.g. VRP_ENV, SANDBOX_ACTIVATION_DELAY_MS). */
export function testConfig(db: TestDatabase, stream: TestStream, env: Record<string, string> = {}) {
  return loadMandateConfig({
    GRPC_PORT: '0',
    DATABASE_URL: db.url,
    NATS_URL: stream.natsUrl,
    EVENT_STREAM: stream.stream,
    EVENT_SUBJECT_PREFIX: stream.subjectPrefix,
    LOG_LEVEL: 'silent',
    // Long enough that tests moving mandates by hand are not overtaken by the sweeper.
    SANDBOX_ACTIVATION_DELAY_MS: '600000',
    ...env,
  });
}

/** Starts the service for one test file. */
export async function startHarness(env: Record<string, string> = {}): Promise<Harness> {
  const [db, stream] = await Promise.all([createTestDatabase(['mandate']), createTestStream()]);
  const h = { db, stream, bank: await startConnectorStub() } as Harness;
  const boot = async (overrides: Record<string, string>) => {
    h.service = await startMandateService(testConfig(db, stream, { CONNECTOR_SERVICE_URL: h.bank.url, ...overrides }));
    h.client = createServiceClient(pb.MandateService, { baseUrl: `http://127.0.0.1:${h.service.port}` });
  };
  await boot(env);
  h.restart = async (overrides = env) => {
    h.client.close();
    await h.service.stop();
    await boot(overrides);
  };
  h.close = async () => {
    h.client.close();
    await h.service.stop();
    await h.bank.stop();
    await Promise.all([stream.cleanup(), db.drop()]);
  };
  return h;
}

/** The ApiError a call rejects with (fails the test when it resolves). */
export async function apiError(call: Promise<unknown>): Promise<ApiError> {
  try {
    await call;
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('expected the call to fail');
}

let merchantSeq = 0;
/** A fresh merchant id, so tests in one file do not see each other's data. */
export function newMerchantId(): string {
  merchantSeq += 1;
  return `MR${Date.now().toString(36).toUpperCase()}${String(merchantSeq).padStart(4, '0')}`;
}

/** Creates a customer and a pending mandate of `merchantId` through the real rpcs. */
export async function seedMandate(
  client: Harness['client'],
  merchantId: string,
  overrides: Partial<{ maximumAmountMinor: bigint; frequency: pb.Frequency; customerId: string }> = {},
): Promise<pb.Mandate> {
  const customerId = overrides.customerId ?? (await client.createCustomer({ merchantId, scaCompleted: true })).customer!.id;
  const { mandate } = await client.createMandate({
    merchantId,
    merchantPayoutCurrency: 'GBP',
    customerId,
    maximumAmountMinor: overrides.maximumAmountMinor ?? 10_000n,
    currency: 'GBP',
    frequency: overrides.frequency ?? pb.Frequency.MONTHLY,
    description: 'Gym membership',
  });
  return mandate!;
}
