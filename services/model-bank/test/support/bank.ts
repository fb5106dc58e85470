import { createTestDatabase, type TestDatabase } from '@vrp/testing';
import { loadModelBankConfig, startModelBank, type ModelBank } from '../../src/index.js';
import { CLIENT_ID, CLIENT_SIGNING_ISS, TRUST_ANCHOR, type TestCredentials } from './credentials.js';

/** The back office token the tests use. */
export const BACK_OFFICE_TOKEN = 'test-back-office-token';
/** The redirect URI the test client registers (never served: the tests read the redirect itself). */
export const REDIRECT_URI = 'https://pisp.example/v1/bank/callback';

/** A model bank on its own database, restartable on the same database and port. */
export interface TestBank {
  bank: ModelBank;
  db: TestDatabase;
  env: Record<string, string>;
  issuer: string;
  /** Stops the bank and starts it again on the same database and port (state survives). */
  restart(extra?: Record<string, string>): Promise<ModelBank>;
  stop(): Promise<void>;
}

/** The settings of a model bank on `db` with the test credentials; `extra` overrides. */
export function bankEnv(credentials: TestCredentials, db: TestDatabase, extra: Record<string, string> = {}): Record<string, string> {
  const { files } = credentials;
  return {
    DATABASE_URL: db.url,
    LOG_LEVEL: 'silent',
    MODEL_BANK_PORT: '0',
    METRICS_PORT: '0',
    MODEL_BANK_TLS_CERT: files.bankServerCert,
    MODEL_BANK_TLS_KEY: files.bankServerKey,
    MODEL_BANK_CLIENT_CA: files.ca,
    MODEL_BANK_SIGNING_KEY: files.bankSigningKey,
    MODEL_BANK_SIGNING_KID: credentials.creds.bankSigning.kid,
    MODEL_BANK_TRUST_ANCHOR: TRUST_ANCHOR,
    MODEL_BANK_CLIENT_ID: CLIENT_ID,
    MODEL_BANK_CLIENT_JWKS: files.tppSigningJwks,
    MODEL_BANK_CLIENT_REDIRECT_URIS: REDIRECT_URI,
    MODEL_BANK_CLIENT_EVENT_URL: '',
    MODEL_BANK_CLIENT_SIGNING_ISS: CLIENT_SIGNING_ISS,
    MODEL_BANK_BACK_OFFICE_TOKEN: BACK_OFFICE_TOKEN,
    MODEL_BANK_SWEEP_INTERVAL: '200ms',
    MODEL_BANK_EVENT_FIRST_RETRY: '100ms',
    MODEL_BANK_EVENT_MAX_BACKOFF: '1s',
    ...extra,
  };
}

/** Starts a model bank on a fresh database; `extra` settings override the test defaults. */
export async function startTestBank(credentials: TestCredentials, extra: Record<string, string> = {}): Promise<TestBank> {
  const db = await createTestDatabase(['model-bank']);
  let env = bankEnv(credentials, db, extra);
  let bank = await startModelBank(loadModelBankConfig(env));
  // A restart keeps the port, so the issuer and every link stay valid.
  env = { ...env, MODEL_BANK_PORT: String(bank.port), MODEL_BANK_ISSUER: bank.issuer };
  const handle: TestBank = {
    bank,
    db,
    env,
    issuer: bank.issuer,
    async restart(more = {}) {
      await handle.bank.stop();
      handle.env = { ...handle.env, ...more };
      bank = await startModelBank(loadModelBankConfig(handle.env));
      handle.bank = bank;
      return bank;
    },
    async stop() {
      await handle.bank.stop();
      await db.drop();
    },
  };
  return handle;
}
