import { createPrivateKey, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ConfigError, duration, int, list, loadConfig, platformSettings, str, vrpEnvSetting, type Setting } from '@vrp/config';
import { isCurrency } from '@vrp/money';
import { registeredClients, type RegisteredClient } from './domain/clients.js';

/** Where `tools/dev/bank-credentials.ts` writes the local trust anchor, certificates and keys. */
export const DEFAULT_CREDENTIALS_DIR = fileURLToPath(new URL('../../../.vrp/bank/', import.meta.url));

const local = (file: string) => `${DEFAULT_CREDENTIALS_DIR}${file}`;

/** A setting naming a file, read at once so a missing or unreadable file fails the start with its setting's name. */
function file<T>(name: string, defaultPath: string, read: (text: string) => T): Setting<{ path: string; value: T }> {
  return {
    name,
    parse(raw) {
      const path = raw || defaultPath;
      let text: string;
      try {
        text = readFileSync(path, 'utf8');
      } catch (err) {
        throw new Error(`cannot be read (${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`, { cause: err });
      }
      try {
        return { path, value: read(text) };
      } catch (err) {
        throw new Error(`is not usable (${path}): ${(err as Error).message}`, { cause: err });
      }
    },
  };
}

const certificate = (text: string) => {
  new X509Certificate(text);
  return text;
};
const privateKey = (text: string) => {
  createPrivateKey(text);
  return text;
};
const rsaPrivateKey = (text: string) => {
  if (createPrivateKey(text).asymmetricKeyType !== 'rsa') throw new Error('PS256 needs an RSA key');
  return text;
};
const json = (text: string): unknown => JSON.parse(text);

/** An https origin (scheme, host and port, no path): the issuer every link starts with. */
function httpsOrigin(name: string): Setting<string> {
  return {
    name,
    parse(raw) {
      if (!raw || !/^https:\/\/[^/?#]+$/.test(raw))
        throw new Error(`must be an https origin (scheme, host and port, no path), got '${raw ?? ''}'`);
      return raw;
    },
  };
}

/** An optional setting: undefined when unset or empty. */
function optional<T>(setting: Setting<T>): Setting<T | undefined> {
  return { name: setting.name, parse: (raw) => (raw === undefined || raw === '' ? undefined : setting.parse(raw)) };
}

/** The back office token the model bank and the bank connector agree on when neither is told otherwise. */
export const SANDBOX_BACK_OFFICE_TOKEN = 'model-bank-sandbox-back-office';

/** Unset: the sandbox default; empty: no back office at all. */
function backOfficeToken(name: string): Setting<string | undefined> {
  return { name, parse: (raw) => (raw === undefined ? SANDBOX_BACK_OFFICE_TOKEN : raw === '' ? undefined : raw) };
}

/**
 * Reads the model bank's settings from `env` (the only reader of process.env) and returns them
 * frozen; throws a ConfigError with one line per bad setting. A model bank is never production:
 * VRP_ENV=production is refused. File settings (certificates, keys, the client's JWKS) are read
 * here, so a missing file fails the start naming its setting; they default to the local
 * credentials under `.vrp/bank/` in the repository.
 */
export function loadModelBankConfig(env: NodeJS.ProcessEnv = process.env) {
  const { vrpEnv } = loadConfig({ vrpEnv: vrpEnvSetting }, env);
  if (vrpEnv === 'production')
    throw new ConfigError(['VRP_ENV is production: the model bank serves sandbox and tests only, never production']);
  const platform = platformSettings(vrpEnv);
  const settings = loadConfig(
    {
      databaseUrl: platform.databaseUrl,
      logLevel: platform.logLevel,
      metricsPort: int('METRICS_PORT', { default: 9105, min: 0, max: 65535 }),
      metricsHost: platform.metricsHost,
      port: int('MODEL_BANK_PORT', { default: 8443, min: 0, max: 65535 }),
      host: str('MODEL_BANK_HOST', { default: '127.0.0.1' }),
      /** The authorisation server's issuer, an https origin; default https://127.0.0.1:<the bound port>. */
      issuer: optional(httpsOrigin('MODEL_BANK_ISSUER')),
      tlsCert: file('MODEL_BANK_TLS_CERT', local('bank-server.pem'), certificate),
      tlsKey: file('MODEL_BANK_TLS_KEY', local('bank-server.key'), privateKey),
      clientCa: file('MODEL_BANK_CLIENT_CA', local('ca.pem'), certificate),
      signingKey: file('MODEL_BANK_SIGNING_KEY', local('bank-signing.key'), rsaPrivateKey),
      /** The signing key's kid; default its RFC 7638 thumbprint. */
      signingKid: optional(str('MODEL_BANK_SIGNING_KID')),
      /** The bank's `http://openbanking.org.uk/iss` on signed responses; default the issuer. */
      signingIss: optional(str('MODEL_BANK_SIGNING_ISS')),
      trustAnchor: str('MODEL_BANK_TRUST_ANCHOR', { default: 'model-bank.local' }),
      clientId: str('MODEL_BANK_CLIENT_ID', { default: 'vrp-platform' }),
      clientJwks: file('MODEL_BANK_CLIENT_JWKS', local('tpp-signing.jwks.json'), json),
      clientRedirectUris: list('MODEL_BANK_CLIENT_REDIRECT_URIS', { default: ['http://127.0.0.1:8080/v1/bank/callback'] }),
      clientEventUrl: str('MODEL_BANK_CLIENT_EVENT_URL', { default: 'http://127.0.0.1:8080/v1/bank/event-notifications' }),
      /** The PISP's `http://openbanking.org.uk/iss` on its signed requests; default its client id. */
      clientSigningIss: optional(str('MODEL_BANK_CLIENT_SIGNING_ISS')),
      /** A JSON file of further clients (see README "Registering a client"). */
      clientsFile: optional(file('MODEL_BANK_CLIENTS_FILE', '', json)),
      /** The sandbox's back office token (the bank connector's default too); set it empty to turn the back office off. */
      backOfficeToken: backOfficeToken('MODEL_BANK_BACK_OFFICE_TOKEN'),
      autoSettleMs: optional(int('MODEL_BANK_AUTO_SETTLE_MS', { min: 0 })),
      /** A new customer's balance, in whole units of their account's currency. */
      defaultBalance: int('MODEL_BANK_DEFAULT_BALANCE', { default: 1_000_000, min: 0, max: 1_000_000_000_000 }),
      /** The currency of an account first seen without one (a balance set before any consent). */
      defaultCurrency: str('MODEL_BANK_DEFAULT_CURRENCY', { default: 'GBP' }),
      eventFirstRetryMs: duration('MODEL_BANK_EVENT_FIRST_RETRY', { default: 1000 }),
      eventMaxBackoffMs: duration('MODEL_BANK_EVENT_MAX_BACKOFF', { default: 3_600_000 }),
      eventGiveUpAfterMs: duration('MODEL_BANK_EVENT_GIVE_UP_AFTER', { default: 72 * 3_600_000 }),
      eventTimeoutMs: duration('MODEL_BANK_EVENT_TIMEOUT', { default: 10_000 }),
      sweepIntervalMs: duration('MODEL_BANK_SWEEP_INTERVAL', { default: 1000 }),
    },
    env,
  );
  const problems: string[] = [];
  if (!isCurrency(settings.defaultCurrency))
    problems.push(`MODEL_BANK_DEFAULT_CURRENCY must be an ISO 4217 code, got '${settings.defaultCurrency}'`);
  let clients: RegisteredClient[] = [];
  try {
    clients = registeredClients(
      {
        client_id: settings.clientId,
        jwks: settings.clientJwks.value,
        redirect_uris: settings.clientRedirectUris,
        event_url: settings.clientEventUrl,
        signing_iss: settings.clientSigningIss,
      },
      settings.clientsFile?.value,
    );
  } catch (err) {
    problems.push(...(err as Error).message.split('\n'));
  }
  if (problems.length) throw new ConfigError(problems);
  return Object.freeze({ ...settings, vrpEnv: 'sandbox' as const, clients });
}

/** The validated settings of the model bank. */
export type ModelBankConfig = ReturnType<typeof loadModelBankConfig>;
