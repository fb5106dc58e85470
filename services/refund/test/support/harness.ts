import { loadMandateConfig, startMandateService, type MandateService } from '@vrp/mandate-service';
import { loadPaymentConfig, startPaymentService, type PaymentService } from '@vrp/payment-service';
import { mandate, payment, refund } from '@vrp/contracts';
import { ApiError } from '@vrp/errors';
import { createServiceClient, type ServiceClient } from '@vrp/grpc';
import pg from 'pg';
import { createTestDatabase, createTestStream, type TestDatabase, type TestStream } from '@vrp/testing';
import { startRefundService, type RefundService } from '../../src/app.js';
import { loadRefundConfig } from '../../src/config.js';
import { CuttableProxy } from './cuttable-proxy.js';
import { startTestBank, type TestBank } from './test-bank.js';

/** The refund service with the real mandate and payment services behind it, on port 0. */
export interface Harness {
  db: TestDatabase;
  stream: TestStream;
  bank: TestBank;
  refundService: RefundService;
  mandates: ServiceClient<typeof mandate.MandateService>;
  payments: ServiceClient<typeof payment.PaymentService>;
  refunds: ServiceClient<typeof refund.RefundService>;
  /** Runs SQL against the test database (to observe or disturb the refund schema directly). */
  sql<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, params?: unknown[]): Promise<T[]>;
  /** With `cuttableDatabase`: the proxy the refund service reaches its database through, to cut it. */
  refundDatabase?: CuttableProxy;
  /** Restarts the refund service over the same database (e.g. to boot with other settings). */
  restartRefunds(env?: Record<string, string>): Promise<void>;
  close(): Promise<void>;
}

/**
 * Deadlines for a busy test machine: a burst of concurrent calls queues on one payment row, and
 * a deadline passing mid-burst would test the compensation path instead of the invariant.
 */
const SLOW_MACHINE = { REFUND_CALL_TIMEOUT: '20s', PAYMENT_CALL_TIMEOUT: '20s' };

/**
 * Starts everything for one test file; `refundEnv` overrides refund settings. With
 * `cuttableDatabase` the refund service (alone) reaches Postgres through a proxy the test can cut.
 */
export async function startHarness(
  refundEnv: Record<string, string> = {},
  { cuttableDatabase = false }: { cuttableDatabase?: boolean } = {},
): Promise<Harness> {
  const [db, stream, testBank] = await Promise.all([
    createTestDatabase(['mandate', 'payment', 'refund']),
    createTestStream(),
    startTestBank(),
  ]);
  const target = new URL(db.url);
  const refundDatabase = cuttableDatabase ? new CuttableProxy({ host: target.hostname, port: Number(target.port || 5432) }) : undefined;
  await refundDatabase?.start();
  const platform = {
    GRPC_PORT: '0',
    DATABASE_URL: db.url,
    NATS_URL: stream.natsUrl,
    EVENT_STREAM: stream.stream,
    EVENT_SUBJECT_PREFIX: stream.subjectPrefix,
    LOG_LEVEL: 'silent',
    CONNECTOR_SERVICE_URL: testBank.url,
  };
  const mandateService: MandateService = await startMandateService(
    loadMandateConfig({ ...platform, SANDBOX_ACTIVATION_DELAY_MS: '600000' }),
  );
  const mandateUrl = `http://127.0.0.1:${mandateService.port}`;
  const paymentService: PaymentService = await startPaymentService(
    loadPaymentConfig({ ...platform, ...SLOW_MACHINE, MANDATE_SERVICE_URL: mandateUrl }),
  );
  const paymentUrl = `http://127.0.0.1:${paymentService.port}`;
  const bootRefunds = (env: Record<string, string>) =>
    startRefundService(
      loadRefundConfig({
        ...platform,
        PAYMENT_SERVICE_URL: paymentUrl,
        REFUND_SWEEP_INTERVAL: '100ms',
        REFUND_BANK_RESUBMIT_AFTER: '1s',
        ...SLOW_MACHINE,
        ...(refundDatabase ? { DATABASE_URL: refundDatabase.url(db.url) } : {}),
        ...env,
      }),
    );

  const h = {
    db,
    stream,
    bank: testBank,
    ...(refundDatabase ? { refundDatabase } : {}),
    refundService: await bootRefunds(refundEnv),
    mandates: createServiceClient(mandate.MandateService, { baseUrl: mandateUrl, timeoutMs: 20_000 }),
    payments: createServiceClient(payment.PaymentService, { baseUrl: paymentUrl, timeoutMs: 20_000 }),
  } as Harness;
  const connectRefunds = () => {
    h.refunds = createServiceClient(refund.RefundService, {
      baseUrl: `http://127.0.0.1:${h.refundService.port}`,
      timeoutMs: 20_000,
      volumeThreshold: 1000,
    });
  };
  connectRefunds();
  h.sql = async (text, params) => {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      return (await client.query(text, params)).rows;
    } finally {
      await client.end();
    }
  };
  h.restartRefunds = async (env = refundEnv) => {
    h.refunds.close();
    await h.refundService.stop();
    h.refundService = await bootRefunds(env);
    connectRefunds();
  };
  h.close = async () => {
    for (const client of [h.refunds, h.payments, h.mandates]) client.close();
    await h.refundService.stop();
    await paymentService.stop();
    await mandateService.stop();
    await testBank.close();
    await refundDatabase?.stop();
    await Promise.all([stream.cleanup(), db.drop()]);
  };
  return h;
}

let merchantSeq = 0;
/** A fresh merchant id, so tests in one file never see each other's data. */
export function newMerchantId(): string {
  merchantSeq += 1;
  return `MR${Date.now().toString(36).toUpperCase()}${String(merchantSeq).padStart(4, '0')}`;
}

/** A payment of `merchantId` collected through the real mandate and payment services, then settled by the bank. */
export async function seedPayment(
  h: Harness,
  merchantId: string,
  amountMinor: bigint,
  outcome: 'settled' | 'failed' | 'submitted' = 'settled',
): Promise<payment.Payment> {
  const { customer } = await h.mandates.createCustomer({ merchantId, scaCompleted: true });
  const { mandate: m } = await h.mandates.createMandate({
    merchantId,
    merchantPayoutCurrency: 'GBP',
    customerId: customer!.id,
    maximumAmountMinor: amountMinor,
    currency: 'GBP',
    frequency: mandate.Frequency.ADHOC,
    description: 'Refund tests',
  });
  await h.mandates.activateMandate({ merchantId, id: m!.id });
  const { payment: p } = await h.payments.createPayment({ merchantId, mandateId: m!.id, amountMinor, currency: 'GBP' });
  if (outcome === 'submitted') return p!;
  const report =
    outcome === 'settled'
      ? { outcome: payment.BankOutcome.SETTLED, settlementDate: new Date().toISOString().slice(0, 10) }
      : { outcome: payment.BankOutcome.FAILED, failureCode: 'insufficient_funds' };
  const { payment: reported } = await h.payments.reportPaymentOutcome({ paymentId: p!.id, attempt: 0, ...report });
  return reported!;
}

/** The payment as the payment service has it now. */
export async function currentPayment(h: Harness, merchantId: string, id: string): Promise<payment.Payment> {
  return (await h.payments.getPayment({ merchantId, id })).payment!;
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
