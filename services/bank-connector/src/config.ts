import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, duration, int, loadConfig, platformSettings, str, vrpEnvSetting, type Setting, type VrpEnv } from '@vrp/config';
import { PAYOUTS_PATH } from '@vrp/open-banking';
import { parseSealingKeys, type SealingKey } from './domain/sealing.js';

/** Where the sandbox finds the model bank and the credentials `npm start` writes for it. */
export const SANDBOX_BANK = {
  issuer: 'https://127.0.0.1:8443',
  /** Where the credentials `npm start` writes live: `.vrp/bank/` at the repository's root. */
  credentialsDir: fileURLToPath(new URL('../../../.vrp/bank/', import.meta.url)),
  clientId: 'vrp-platform',
  trustAnchor: 'model-bank.local',
  backOfficeToken: 'model-bank-sandbox-back-office',
} as const;

/**
 * Development-only key sealing stored access tokens and link tokens (AES-256-GCM). Production
 * refuses to boot with it; set CONNECTOR_SECRET_KEYS.
 */
export const DEV_SECRET_KEYS = 'dev:6465762d6f6e6c792d62616e6b2d636f6e6e6563746f722d7365616c2d6b6579';

/** A PEM file's path, read at boot: a missing or unreadable file is a bad setting, named. */
function pemFile(name: string, fallback: string | undefined): Setting<{ path: string; pem: string }> {
  return {
    name,
    parse(raw) {
      const file = raw || fallback;
      if (!file) throw new Error('is required (a path to a PEM file)');
      let pem: string;
      try {
        pem = readFileSync(file, 'utf8');
      } catch (err) {
        throw new Error(`cannot be read at '${file}': ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`, { cause: err });
      }
      if (!pem.includes('-----BEGIN')) throw new Error(`'${file}' is not a PEM file`);
      return { path: file, pem };
    },
  };
}

/** An https URL (a bank is only ever spoken to over TLS); `fallback` in sandbox. */
function httpsUrl(name: string, fallback: string | undefined, opts: { optional?: boolean } = {}): Setting<string | undefined> {
  return {
    name,
    parse(raw) {
      const value = raw || fallback;
      if (!value) {
        if (opts.optional) return undefined;
        throw new Error('is required (an https URL)');
      }
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        throw new Error(`must be a URL, got '${value}'`);
      }
      if (url.protocol !== 'https:') throw new Error(`must be an https URL, got '${value}'`);
      return value.replace(/\/+$/, '');
    },
  };
}

/** A setting that must be set in production and defaults to `fallback` in sandbox. */
function bankStr(name: string, fallback: string | undefined): Setting<string> {
  return {
    name,
    parse(raw) {
      const value = raw || fallback;
      if (!value) throw new Error('is required');
      return value;
    },
  };
}

function sealingKeys(name: string, fallback: string | undefined): Setting<SealingKey[]> {
  return {
    name,
    parse(raw) {
      const value = raw || fallback;
      if (!value) throw new Error('is required (id:key pairs, comma-separated; each key 32 bytes as hex or base64)');
      return parseSealingKeys(value);
    },
  };
}

function publicBaseUrl(name: string, fallback: string | undefined): Setting<string> {
  return {
    name,
    parse(raw) {
      const value = raw || fallback;
      if (!value) throw new Error('is required (the platform public address, e.g. https://api.example.com)');
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        throw new Error(`must be a URL, got '${value}'`);
      }
      if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`must be an http(s) URL, got '${value}'`);
      return value.replace(/\/+$/, '');
    },
  };
}

/** The kid of the signing key: the sandbox reads it from the JWKS written beside the key. */
function sandboxSigningKid(dir: string): string | undefined {
  try {
    const jwks = JSON.parse(readFileSync(path.join(dir, 'tpp-signing.jwks.json'), 'utf8')) as { keys?: { kid?: string }[] };
    return jwks.keys?.[0]?.kid;
  } catch {
    return undefined;
  }
}

/** The settings that name the bank and the platform's credentials with it. */
function bankSettings(vrpEnv: VrpEnv, env: NodeJS.ProcessEnv) {
  const sandbox = vrpEnv === 'sandbox';
  const dir = sandbox ? SANDBOX_BANK.credentialsDir : '';
  const inSandbox = (file: string) => (sandbox ? path.join(dir, file) : undefined);
  const issuer = env.BANK_ISSUER || (sandbox ? SANDBOX_BANK.issuer : undefined);
  return {
    bankIssuer: httpsUrl('BANK_ISSUER', sandbox ? SANDBOX_BANK.issuer : undefined),
    bankApiUrl: httpsUrl('BANK_API_URL', issuer && sandbox ? `${issuer.replace(/\/+$/, '')}/open-banking/v4.0/pisp` : undefined),
    bankClientId: bankStr('BANK_CLIENT_ID', sandbox ? SANDBOX_BANK.clientId : undefined),
    bankTransportCert: pemFile('BANK_TRANSPORT_CERT', inSandbox('tpp-transport.pem')),
    bankTransportKey: pemFile('BANK_TRANSPORT_KEY', inSandbox('tpp-transport.key')),
    bankSigningKey: pemFile('BANK_SIGNING_KEY', inSandbox('tpp-signing.key')),
    bankSigningKid: bankStr('BANK_SIGNING_KID', sandbox ? sandboxSigningKid(dir) : undefined),
    bankCa: pemFile('BANK_CA', inSandbox('ca.pem')),
    bankSigningIss: bankStr('BANK_SIGNING_ISS', sandbox ? (env.BANK_CLIENT_ID ?? SANDBOX_BANK.clientId) : undefined),
    bankTrustAnchor: bankStr('BANK_TRUST_ANCHOR', sandbox ? SANDBOX_BANK.trustAnchor : undefined),
    // The http://openbanking.org.uk/iss the bank signs its answers as; default: its OpenID issuer.
    bankResponseIss: str('BANK_RESPONSE_ISS', { default: '' }),
    // Default: the jwks_uri of the issuer's discovery document.
    bankJwksUri: httpsUrl('BANK_JWKS_URI', undefined, { optional: true }),
    // The model bank's payout extension (OB VRP has no refunds): beside the issuer by default.
    bankPayoutsUrl: httpsUrl('BANK_PAYOUTS_URL', issuer ? `${new URL(issuer).origin}${PAYOUTS_PATH}` : undefined),
    bankBackOfficeUrl: httpsUrl('BANK_BACK_OFFICE_URL', issuer && sandbox ? `${new URL(issuer).origin}/back-office` : undefined, {
      optional: true,
    }),
    bankBackOfficeToken: str('BANK_BACK_OFFICE_TOKEN', { default: sandbox ? SANDBOX_BANK.backOfficeToken : '' }),
    publicBaseUrl: publicBaseUrl('PUBLIC_BASE_URL', sandbox ? 'http://127.0.0.1:8080' : undefined),
    secretKeys: sealingKeys('CONNECTOR_SECRET_KEYS', sandbox ? DEV_SECRET_KEYS : undefined),
  };
}

/**
 * Reads the bank connector's settings from `env` (default: this process's environment; this is the
 * only module that reads it) and returns them frozen. A real bank is configuration: production
 * needs every bank setting and refuses a back office; the sandbox defaults to the model bank with
 * the credentials under .vrp/bank/. Throws a ConfigError listing every bad setting, one line each.
 */
export function loadBankConnectorConfig(env: NodeJS.ProcessEnv = process.env) {
  // The environment decides the other defaults (database, stream, bank), so it is read first.
  const { env: vrpEnv } = loadConfig({ env: vrpEnvSetting }, env);
  const config = loadConfig(
    {
      env: vrpEnvSetting,
      ...platformSettings(vrpEnv),
      grpcPort: int('GRPC_PORT', { default: 50056, min: 0, max: 65535 }),
      // Loopback by default for local runs; containers set 0.0.0.0 so probes and Services reach the pod.
      grpcHost: str('GRPC_HOST', { default: '127.0.0.1' }),
      metricsPort: int('METRICS_PORT', { default: 9106, min: 0, max: 65535 }),
      ...bankSettings(vrpEnv, env),
      paymentServiceUrl: str('PAYMENT_SERVICE_URL', { default: 'http://127.0.0.1:50052' }),
      refundServiceUrl: str('REFUND_SERVICE_URL', { default: 'http://127.0.0.1:50053' }),
      mandateServiceUrl: str('MANDATE_SERVICE_URL', { default: 'http://127.0.0.1:50051' }),
      /** Sandbox: how long after the bank took a payment or refund the model bank is told to settle it. */
      settlementDelayMs: int('SANDBOX_SETTLEMENT_DELAY_MS', { default: 3000, min: 0 }),
      /** How long the customer has to authorise when the caller gave no expiry. */
      journeyTtlMs: duration('CONNECTOR_JOURNEY_TTL', { default: 30 * 60_000 }),
      /** Deadline of one call to the bank. */
      bankTimeoutMs: duration('BANK_TIMEOUT', { default: 10_000 }),
      /** Consecutive 5xx answers to a submission after which the payment fails with technical_error. */
      maxServerErrors: int('CONNECTOR_MAX_SERVER_ERRORS', { default: 5, min: 1 }),
      /** How long calls to the bank stay paused after repeated failures before one is tried again. */
      bankBreakerResetMs: duration('BANK_BREAKER_RESET', { default: 5000 }),
      /** How often an authorised consent is read back from the bank (for a bank that sends no notifications). */
      consentCheckMs: duration('CONNECTOR_CONSENT_CHECK_INTERVAL', { default: 15 * 60_000 }),
      /** How long after a mandate request's journey ended the watcher records its outcome if no one has. */
      journeyRecordGraceMs: duration('CONNECTOR_JOURNEY_RECORD_GRACE', { default: 30_000 }),
      /** First and longest wait between two reads of a payment the bank has not decided. */
      pollInitialMs: duration('CONNECTOR_POLL_INITIAL', { default: 2000 }),
      pollMaxMs: duration('CONNECTOR_POLL_MAX', { default: 5 * 60_000 }),
      /** How often the background jobs look for due work when nothing wakes them. */
      jobIntervalMs: duration('CONNECTOR_JOB_INTERVAL', { default: 1000 }),
      consumerName: str('CONNECTOR_CONSUMER_NAME', { default: 'bank-connector' }),
    },
    env,
  );
  const problems: string[] = [];
  if (vrpEnv === 'production') {
    if (config.bankBackOfficeUrl)
      problems.push('BANK_BACK_OFFICE_URL must not be set in production (a back office is the model bank sandbox)');
    if (config.secretKeys.some((k) => k.raw === DEV_SECRET_KEYS.split(':')[1]))
      problems.push('CONNECTOR_SECRET_KEYS must not use the published development key in production');
    if (!config.publicBaseUrl.startsWith('https://')) problems.push('PUBLIC_BASE_URL must be an https URL in production');
  }
  if (!/^[A-Za-z0-9_-]+$/.test(config.consumerName)) problems.push(`CONNECTOR_CONSUMER_NAME must be letters, digits, '-' or '_'`);
  if (problems.length) throw new ConfigError(problems);
  return Object.freeze({ ...config, redirectUri: `${config.publicBaseUrl}/v1/bank/callback` });
}

/** The validated settings of the bank connector. */
export type BankConnectorConfig = ReturnType<typeof loadBankConnectorConfig>;
