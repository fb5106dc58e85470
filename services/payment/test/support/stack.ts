// A real payment stack for one test file: its own database and stream, the mandate service, the
// payment service and a stand-in of the bank connector, all on gRPC over loopback.
import { loadMandateConfig, startMandateService, type MandateService } from '@vrp/mandate-service';
import { mandate, payment } from '@vrp/contracts';
import { createServiceClient, type ServiceClient } from '@vrp/grpc';
import { createLogger } from '@vrp/logging';
import { createTestDatabase, createTestStream, reservePort, type TestDatabase, type TestStream } from '@vrp/testing';
import { startPaymentService, type PaymentService } from '../../src/app.js';
import { loadPaymentConfig } from '../../src/config.js';
import { startConnectorStandIn, type ConnectorStandIn } from './connector-stand-in.js';

export interface StackOptions {
  /** The payment service's wall clock, moved by hand (its merchants' clocks run on it). */
  clock?: { now(): Date };
  /** Extra payment service settings (env names). */
  paymentEnv?: Record<string, string>;
  /** The bank settles every attempt this long after taking it; by default nothing settles by itself. */
  autoSettleMs?: number;
  /** Do not start the bank connector (it can be started later with startBank). */
  withoutBank?: boolean;
  /** The mandate service keeps no replica of active terms here: every create asks it. */
  withoutReplica?: boolean;
}

export interface Stack {
  db: TestDatabase;
  stream: TestStream;
  mandateService: MandateService;
  paymentService: PaymentService;
  /** The bank connector's stand-in, while it runs. */
  bank?: ConnectorStandIn;
  mandates: ServiceClient<typeof mandate.MandateService>;
  payments: ServiceClient<typeof payment.PaymentService>;
  paymentPort: number;
  bankPort: number;
  /** Starts the connector's stand-in on its fixed port (a fresh book), optionally settling by itself. */
  startBank(options?: { autoSettleMs?: number }): Promise<ConnectorStandIn>;
  startPayments(): Promise<PaymentService>;
  /** One more payment service over the same database (a second replica), with a client of it; close() stops it. */
  startAnotherPaymentService(): Promise<{ service: PaymentService; client: ServiceClient<typeof payment.PaymentService> }>;
  close(): Promise<void>;
}

/** A TCP port free right now (the payment and bank services need each other's address up front). */
export async function freePort(): Promise<number> {
  return reservePort();
}

const quiet = (service: string) => createLogger(service, { level: (process.env.TEST_LOG_LEVEL as 'debug') ?? 'silent' });

/** Starts the stack; `close()` stops everything and drops the database and stream. */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const db = await createTestDatabase(['mandate', 'payment']);
  const stream = await createTestStream();
  const platform = {
    DATABASE_URL: db.url,
    NATS_URL: stream.natsUrl,
    EVENT_STREAM: stream.stream,
    EVENT_SUBJECT_PREFIX: stream.subjectPrefix,
  };
  const paymentPort = await freePort();
  const mandateService = await startMandateService(
    loadMandateConfig({
      ...platform,
      VRP_ENV: 'production',
      GRPC_PORT: '0',
      PAYMENT_SERVICE_URL: options.withoutReplica ? '' : `http://127.0.0.1:${paymentPort}`,
    }),
    { logger: quiet('mandate') },
  );
  const bankPort = await freePort();
  const paymentConfigEnv = {
    ...platform,
    GRPC_PORT: String(paymentPort),
    MANDATE_SERVICE_URL: `http://127.0.0.1:${mandateService.port}`,
    CONNECTOR_SERVICE_URL: `http://127.0.0.1:${bankPort}`,
    ...options.paymentEnv,
  };
  const paymentConfig = loadPaymentConfig(paymentConfigEnv);
  const others: (() => Promise<void>)[] = [];
  const clock = options.clock;
  const startPayments = () =>
    startPaymentService(paymentConfig, { logger: quiet('payment'), ...(clock ? { wall: () => clock.now().getTime() } : {}) });
  const stack: Stack = {
    db,
    stream,
    mandateService,
    paymentService: await startPayments(),
    mandates: createServiceClient(mandate.MandateService, { baseUrl: `http://127.0.0.1:${mandateService.port}` }),
    payments: createServiceClient(payment.PaymentService, { baseUrl: `http://127.0.0.1:${paymentPort}`, volumeThreshold: 1000 }),
    paymentPort,
    bankPort,
    async startBank(bank = { autoSettleMs: options.autoSettleMs }) {
      stack.bank = await startConnectorStandIn({
        port: bankPort,
        paymentServiceUrl: `http://127.0.0.1:${paymentPort}`,
        autoSettleMs: bank.autoSettleMs,
      });
      return stack.bank;
    },
    async startPayments() {
      stack.paymentService = await startPayments();
      return stack.paymentService;
    },
    async startAnotherPaymentService() {
      const service = await startPaymentService(loadPaymentConfig({ ...paymentConfigEnv, GRPC_PORT: '0' }), { logger: quiet('payment') });
      const client = createServiceClient(payment.PaymentService, { baseUrl: `http://127.0.0.1:${service.port}`, volumeThreshold: 1000 });
      others.push(async () => {
        client.close();
        await service.stop();
      });
      return { service, client };
    },
    async close() {
      for (const stop of others) await stop();
      stack.mandates.close();
      stack.payments.close();
      await stack.bank?.stop();
      await stack.paymentService.stop();
      await mandateService.stop();
      await stream.cleanup();
      await db.drop();
    },
  };
  if (!options.withoutBank) await stack.startBank();
  return stack;
}
