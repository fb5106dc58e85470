import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadBankConnectorConfig, startBankConnectorService } from '@vrp/bank-connector-service';
import { loadMandateConfig, startMandateService } from '@vrp/mandate-service';
import { loadModelBankConfig, SANDBOX_BACK_OFFICE_TOKEN, startModelBank } from '@vrp/model-bank-service';
import { loadPaymentConfig, startPaymentService } from '@vrp/payment-service';
import { loadRefundConfig, startRefundService } from '@vrp/refund-service';
import { loadScheduleConfig, startScheduleService } from '@vrp/schedule-service';
import { loadWebhookConfig, startWebhookService } from '@vrp/webhook-service';
import {
  generateBankCredentials,
  reservePort,
  writeBankCredentials,
  type BankCredentialFiles,
  type BankCredentials,
  type TestDatabase,
  type TestStream,
} from '@vrp/testing';

/** What a started downstream service tells the gateway: its settings (e.g. MANDATE_SERVICE_URL). */
export interface StartedService {
  gatewayEnv: Record<string, string>;
  /** Where its GET /metrics answers. */
  metricsPort: number;
  stop(): Promise<void>;
}

/** What a starter gets: the shared database and stream, overrides, and the settings of the services started before it. */
export interface StarterContext {
  db: TestDatabase;
  stream: TestStream;
  vrpEnv: string;
  env: Record<string, string>;
  urls?: Record<string, string>;
  /** A CA (PEM) the webhook service trusts besides the system ones. */
  webhookCa?: string | undefined;
  /** The mandate service keeps no replica of active terms at the payment service. */
  withoutReplica?: boolean | undefined;
}

/** How the platform harness starts one downstream service over the shared test database and stream. */
export interface ServiceStarter {
  /** Name as in READINESS_SERVICES (mandate, payment, ...). */
  name: string;
  /** Whether the gateway's /readyz checks it (default true; the model bank is a bank, not one of the platform's services). */
  readiness?: boolean;
  /** services/<dir> whose committed migrations the test database needs. */
  migrations: string[];
  start(ctx: StarterContext): Promise<StartedService>;
}

/** Settings every service of the harness shares. */
export function sharedEnv(ctx: { db: TestDatabase; stream: TestStream; vrpEnv: string }): Record<string, string> {
  return {
    VRP_ENV: ctx.vrpEnv,
    DATABASE_URL: ctx.db.url,
    NATS_URL: ctx.stream.natsUrl,
    EVENT_STREAM: ctx.stream.stream,
    EVENT_SUBJECT_PREFIX: ctx.stream.subjectPrefix,
    LOG_LEVEL: 'silent',
    // Production refuses the development secrets; tests bring their own.
    CURSOR_SECRET: 'test-cursor-secret-0123456789abcdef0123456789',
    WEBHOOK_SECRET_KEY: '746573742d776562686f6f6b2d7365637265742d6b65792d33322d6279746573',
    IDEMPOTENCY_SEALING_KEYS: 'test-1:74657374206964656d706f74656e6379207365616c696e67206b657920303121',
  };
}

export const mandateStarter: ServiceStarter = {
  name: 'mandate',
  migrations: ['mandate'],
  async start(ctx) {
    const service = await startMandateService(
      loadMandateConfig({
        ...sharedEnv(ctx),
        GRPC_PORT: '0',
        // Tests move mandates by hand; the sandbox auto-activation must not overtake them.
        SANDBOX_ACTIVATION_DELAY_MS: '600000',
        // It keeps the payment service's replica of active terms, as under npm start.
        PAYMENT_SERVICE_URL: ctx.withoutReplica ? '' : local(await reservedPort(ctx, 'payment')),
        // Mandate requests' consents are staged through the connector (started after it, on a reserved port).
        CONNECTOR_SERVICE_URL: local(await reservedPort(ctx, 'connector')),
        ...ctx.env,
      }),
    );
    return {
      gatewayEnv: { MANDATE_SERVICE_URL: `http://127.0.0.1:${service.port}` },
      metricsPort: service.metricsPort,
      stop: () => service.stop(),
    };
  },
};

const reservations = new WeakMap<object, Map<string, Promise<number>>>();

/**
 * A port reserved for `service` in this platform: services that call each other (payment and the
 * connector) need each other's address before either has started, so they cannot both use port 0.
 */
export function reservedPort(ctx: object, service: string): Promise<number> {
  let ports = reservations.get(ctx);
  if (!ports) reservations.set(ctx, (ports = new Map()));
  let port = ports.get(service);
  if (!port) {
    port = reservePort();
    ports.set(service, port);
  }
  return port;
}

const local = (port: number) => `http://127.0.0.1:${port}`;

/** The platform's client id at the model bank, and the trust anchor of its transport certificate. */
const BANK_CLIENT_ID = 'vrp-platform';
const BANK_TRUST_ANCHOR = 'model-bank.test';

const bankMaterial = new WeakMap<object, { credentials: BankCredentials; files: BankCredentialFiles }>();

/** Fresh bank credentials for one platform (a throwaway CA, both sides' certificates and signing keys), written to a temporary folder. */
function bankCredentials(ctx: object): { credentials: BankCredentials; files: BankCredentialFiles } {
  let material = bankMaterial.get(ctx);
  if (!material) {
    const credentials = generateBankCredentials(BANK_CLIENT_ID);
    material = { credentials, files: writeBankCredentials(credentials, mkdtempSync(path.join(tmpdir(), 'platform-bank-'))) };
    bankMaterial.set(ctx, material);
  }
  return material;
}

/** The platform's public address as the bank knows it (redirects, event notifications): the gateway's reserved port. */
export const publicBaseUrl = async (ctx: object) => local(await reservedPort(ctx, 'gateway'));

/** The model bank: the customers' bank (an Open Banking ASPSP) over mutual TLS, in its own schema. */
export const modelBankStarter: ServiceStarter = {
  name: 'model-bank',
  readiness: false,
  migrations: ['model-bank'],
  async start(ctx) {
    const { credentials, files } = bankCredentials(ctx);
    const gateway = await publicBaseUrl(ctx);
    const bank = await startModelBank(
      loadModelBankConfig({
        DATABASE_URL: ctx.db.url,
        LOG_LEVEL: 'silent',
        // It plays the customers' bank, for a production platform too: the model bank itself is never production.
        VRP_ENV: 'sandbox',
        MODEL_BANK_PORT: '0',
        METRICS_PORT: '0',
        MODEL_BANK_TLS_CERT: files.bankServerCert,
        MODEL_BANK_TLS_KEY: files.bankServerKey,
        MODEL_BANK_CLIENT_CA: files.ca,
        MODEL_BANK_SIGNING_KEY: files.bankSigningKey,
        MODEL_BANK_SIGNING_KID: credentials.bankSigning.kid,
        MODEL_BANK_TRUST_ANCHOR: BANK_TRUST_ANCHOR,
        MODEL_BANK_CLIENT_ID: BANK_CLIENT_ID,
        MODEL_BANK_CLIENT_JWKS: files.tppSigningJwks,
        MODEL_BANK_CLIENT_REDIRECT_URIS: `${gateway}/v1/bank/callback`,
        MODEL_BANK_CLIENT_EVENT_URL: `${gateway}/v1/bank/event-notifications`,
        MODEL_BANK_BACK_OFFICE_TOKEN: SANDBOX_BACK_OFFICE_TOKEN,
        MODEL_BANK_SWEEP_INTERVAL: '200ms',
        MODEL_BANK_EVENT_FIRST_RETRY: '100ms',
        MODEL_BANK_EVENT_MAX_BACKOFF: '1s',
        ...ctx.env,
      }),
    );
    return {
      gatewayEnv: { BANK_ISSUER: bank.issuer },
      metricsPort: bank.metricsPort,
      async stop() {
        await bank.stop();
        rmSync(files.dir, { recursive: true, force: true });
      },
    };
  },
};

/** The bank connector: the platform's one voice to the bank (here the model bank), reporting to payment, refund and mandate. */
export const connectorStarter: ServiceStarter = {
  name: 'connector',
  migrations: ['bank-connector'],
  async start(ctx) {
    const { credentials, files } = bankCredentials(ctx);
    const issuer = ctx.urls?.BANK_ISSUER;
    if (!issuer) throw new Error('the connector starts after the model bank (BANK_ISSUER)');
    const service = await startBankConnectorService(
      loadBankConnectorConfig({
        ...sharedEnv(ctx),
        // Its bank is the model bank, for a production platform too (production would refuse the
        // back office and the gateway's plain-http address it is given here).
        VRP_ENV: 'sandbox',
        GRPC_PORT: String(await reservedPort(ctx, 'connector')),
        METRICS_PORT: '0',
        BANK_ISSUER: issuer,
        BANK_CLIENT_ID: BANK_CLIENT_ID,
        BANK_TRANSPORT_CERT: files.tppTransportCert,
        BANK_TRANSPORT_KEY: files.tppTransportKey,
        BANK_SIGNING_KEY: files.tppSigningKey,
        BANK_SIGNING_KID: credentials.tppSigning.kid,
        BANK_CA: files.ca,
        BANK_SIGNING_ISS: BANK_CLIENT_ID,
        BANK_TRUST_ANCHOR: BANK_TRUST_ANCHOR,
        PUBLIC_BASE_URL: await publicBaseUrl(ctx),
        PAYMENT_SERVICE_URL: local(await reservedPort(ctx, 'payment')),
        REFUND_SERVICE_URL: local(await reservedPort(ctx, 'refund')),
        MANDATE_SERVICE_URL: ctx.urls?.MANDATE_SERVICE_URL ?? '',
        // Tests settle and fail payments by hand; auto-settlement must not overtake them.
        SANDBOX_SETTLEMENT_DELAY_MS: '3600000',
        BANK_TIMEOUT: '3s',
        CONNECTOR_POLL_INITIAL: '200ms',
        CONNECTOR_POLL_MAX: '1s',
        CONNECTOR_JOB_INTERVAL: '100ms',
        ...ctx.env,
      }),
    );
    return { gatewayEnv: { CONNECTOR_SERVICE_URL: local(service.port) }, metricsPort: service.metricsPort, stop: () => service.stop() };
  },
};

export const paymentStarter: ServiceStarter = {
  name: 'payment',
  migrations: ['payment'],
  async start(ctx) {
    const port = await reservedPort(ctx, 'payment');
    const service = await startPaymentService(
      loadPaymentConfig({
        ...sharedEnv(ctx),
        GRPC_PORT: String(port),
        MANDATE_SERVICE_URL: ctx.urls?.MANDATE_SERVICE_URL ?? '',
        CONNECTOR_SERVICE_URL: local(await reservedPort(ctx, 'connector')),
        ...ctx.env,
      }),
    );
    return { gatewayEnv: { PAYMENT_SERVICE_URL: local(service.port) }, metricsPort: service.metricsPort, stop: () => service.stop() };
  },
};

export const refundStarter: ServiceStarter = {
  name: 'refund',
  migrations: ['refund'],
  async start(ctx) {
    const service = await startRefundService(
      loadRefundConfig({
        ...sharedEnv(ctx),
        // The connector reports refund outcomes to this address, reserved before it started.
        GRPC_PORT: String(await reservedPort(ctx, 'refund')),
        PAYMENT_SERVICE_URL: ctx.withoutReplica ? '' : local(await reservedPort(ctx, 'payment')),
        CONNECTOR_SERVICE_URL: local(await reservedPort(ctx, 'connector')),
        ...ctx.env,
      }),
    );
    return { gatewayEnv: { REFUND_SERVICE_URL: local(service.port) }, metricsPort: service.metricsPort, stop: () => service.stop() };
  },
};

export const webhookStarter: ServiceStarter = {
  name: 'webhook',
  migrations: ['webhook'],
  async start(ctx) {
    const service = await startWebhookService(
      loadWebhookConfig({
        ...sharedEnv(ctx),
        GRPC_PORT: '0',
        WEBHOOK_POLL_INTERVAL_MS: '50',
        WEBHOOK_RETRY_SCHEDULE: '100ms,100ms,100ms,100ms,100ms,100ms,100ms,100ms',
        ...ctx.env,
      }),
      { extraCa: ctx.webhookCa },
    );
    return { gatewayEnv: { WEBHOOK_SERVICE_URL: local(service.port) }, metricsPort: service.metricsPort, stop: () => service.stop() };
  },
};

export const scheduleStarter: ServiceStarter = {
  name: 'schedule',
  migrations: ['schedule'],
  async start(ctx) {
    const service = await startScheduleService(
      loadScheduleConfig({
        ...sharedEnv(ctx),
        GRPC_PORT: '0',
        MANDATE_SERVICE_URL: ctx.urls?.MANDATE_SERVICE_URL ?? '',
        PAYMENT_SERVICE_URL: local(await reservedPort(ctx, 'payment')),
        SCHEDULER_INTERVAL: '200ms',
        ...ctx.env,
      }),
    );
    return { gatewayEnv: { SCHEDULE_SERVICE_URL: local(service.port) }, metricsPort: service.metricsPort, stop: () => service.stop() };
  },
};

/**
 * The downstream services a platform test runs, in start order. A service joining the platform
 * adds its starter here (its migrations, how to start it, which URL the gateway gets).
 */
export const SERVICE_STARTERS: ServiceStarter[] = [
  mandateStarter,
  modelBankStarter,
  connectorStarter,
  paymentStarter,
  refundStarter,
  webhookStarter,
  scheduleStarter,
];
