import { loadMandateConfig, startMandateService, type MandateService } from '@vrp/mandate-service';
import { loadPaymentConfig, startPaymentService, type PaymentService } from '@vrp/payment-service';
import { mandate, payment, sandboxClock, schedule } from '@vrp/contracts';
import { createServiceClient, type ServiceClient } from '@vrp/grpc';
import { createTestDatabase, createTestStream, type TestDatabase, type TestStream } from '@vrp/testing';
import pg from 'pg';
import { startScheduleService, type ScheduleService } from '../../src/app.js';
import { loadScheduleConfig } from '../../src/config.js';
import { startTestBank, type TestBank } from './test-bank.js';

/** The schedule service (one or more replicas) with the real mandate and payment services behind it, on port 0. */
export interface Harness {
  db: TestDatabase;
  stream: TestStream;
  bank: TestBank;
  /** The replicas, all over the same database. */
  replicas: ScheduleService[];
  mandates: ServiceClient<typeof mandate.MandateService>;
  payments: ServiceClient<typeof payment.PaymentService>;
  schedules: ServiceClient<typeof schedule.ScheduleService>;
  /** Runs SQL against the test database. */
  sql<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, params?: unknown[]): Promise<T[]>;
  /** Moves a merchant's sandbox clock forward by `ms` on the payment and schedule services (as the gateway does). */
  advance(merchantId: string, ms: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts everything for one test file. `replicas` schedule services share the database; with
 * `scheduler: false` none runs its scheduler by itself (the test calls collectOnce).
 */
export async function startHarness({
  replicas = 1,
  scheduler = true,
  env = {},
}: { replicas?: number; scheduler?: boolean; env?: Record<string, string> } = {}): Promise<Harness> {
  const [db, stream, bank] = await Promise.all([
    createTestDatabase(['mandate', 'payment', 'schedule']),
    createTestStream(),
    startTestBank(),
  ]);
  const platform = {
    GRPC_PORT: '0',
    DATABASE_URL: db.url,
    NATS_URL: stream.natsUrl,
    EVENT_STREAM: stream.stream,
    EVENT_SUBJECT_PREFIX: stream.subjectPrefix,
    LOG_LEVEL: 'silent',
    CONNECTOR_SERVICE_URL: bank.url,
  };
  const mandateService: MandateService = await startMandateService(
    loadMandateConfig({ ...platform, SANDBOX_ACTIVATION_DELAY_MS: '600000' }),
  );
  const mandateUrl = `http://127.0.0.1:${mandateService.port}`;
  const paymentService: PaymentService = await startPaymentService(
    loadPaymentConfig({
      ...platform,
      MANDATE_SERVICE_URL: mandateUrl,
      PAYMENT_CALL_TIMEOUT: '20s',
      PAYMENT_RESUBMIT_SWEEP_INTERVAL: '200ms',
    }),
  );
  const paymentUrl = `http://127.0.0.1:${paymentService.port}`;
  const started: ScheduleService[] = [];
  for (let i = 0; i < replicas; i++) {
    started.push(
      await startScheduleService(
        loadScheduleConfig({
          ...platform,
          MANDATE_SERVICE_URL: mandateUrl,
          PAYMENT_SERVICE_URL: paymentUrl,
          SCHEDULE_CALL_TIMEOUT: '20s',
          SCHEDULER_INTERVAL: '200ms',
          ...env,
        }),
        { scheduler },
      ),
    );
  }
  const client = <S extends Parameters<typeof createServiceClient>[0]>(service: S, port: number) =>
    createServiceClient(service, { baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 20_000, volumeThreshold: 100_000 });
  const clockClients = [paymentService.port, ...started.map((s) => s.port)].map((port) => client(sandboxClock.SandboxClockService, port));
  const offsets = new Map<string, number>();
  const h: Harness = {
    db,
    stream,
    bank,
    replicas: started,
    mandates: client(mandate.MandateService, mandateService.port),
    payments: client(payment.PaymentService, paymentService.port),
    schedules: client(schedule.ScheduleService, started[0]!.port),
    async sql(text, params) {
      const c = new pg.Client({ connectionString: db.url });
      await c.connect();
      try {
        return (await c.query(text, params)).rows;
      } finally {
        await c.end();
      }
    },
    async advance(merchantId, ms) {
      const offsetMs = (offsets.get(merchantId) ?? 0) + ms;
      offsets.set(merchantId, offsetMs);
      for (const c of clockClients) await c.setSandboxClock({ merchantId, offsetMs: BigInt(offsetMs) });
    },
    async close() {
      for (const c of [h.schedules, h.payments, h.mandates, ...clockClients]) c.close();
      for (const s of started) await s.stop();
      await paymentService.stop();
      await mandateService.stop();
      await bank.close();
      await Promise.all([stream.cleanup(), db.drop()]);
    },
  };
  return h;
}

let merchantSeq = 0;
/** A fresh merchant id, so tests in one file never see each other's data. */
export function newMerchantId(): string {
  merchantSeq += 1;
  return `MR${Date.now().toString(36).toUpperCase()}${String(merchantSeq).padStart(4, '0')}`;
}

/** An active mandate of a new customer of `merchantId`, through the real mandate service. */
export async function activeMandate(
  h: Harness,
  merchantId: string,
  options: { maximumAmountMinor?: bigint; frequency?: mandate.Frequency; controls?: mandate.Controls } = {},
): Promise<mandate.Mandate> {
  const { customer } = await h.mandates.createCustomer({ merchantId, scaCompleted: true });
  const { mandate: m } = await h.mandates.createMandate({
    merchantId,
    merchantPayoutCurrency: 'GBP',
    customerId: customer!.id,
    maximumAmountMinor: options.maximumAmountMinor ?? 10_000n,
    currency: 'GBP',
    frequency: options.frequency ?? mandate.Frequency.MONTHLY,
    description: 'Schedule tests',
    ...(options.controls ? { controls: options.controls } : {}),
  });
  await h.mandates.activateMandate({ merchantId, id: m!.id });
  return m!;
}

/** Reports the bank's outcome of a payment's current attempt. */
export async function bankReports(h: Harness, p: payment.Payment, outcome: 'settled' | { failed: string }): Promise<payment.Payment> {
  const report =
    outcome === 'settled'
      ? { outcome: payment.BankOutcome.SETTLED, settlementDate: '' }
      : { outcome: payment.BankOutcome.FAILED, failureCode: outcome.failed };
  return (await h.payments.reportPaymentOutcome({ paymentId: p.id, attempt: p.retryCount, merchantId: p.merchantId, ...report })).payment!;
}

/** Waits until `check` returns a value (not undefined/false), polling; fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}
