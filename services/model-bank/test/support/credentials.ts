import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateBankCredentials, writeBankCredentials, type BankCredentialFiles, type BankCredentials } from '@vrp/testing';

/** The client id the tests register with the model bank (the transport certificate's subject). */
export const CLIENT_ID = 'vrp-platform-test';
/** The OB `iss` the test PISP signs messages as. */
export const CLIENT_SIGNING_ISS = 'vrp-test-org/vrp-test-ssa';
/** The trust anchor both sides name. */
export const TRUST_ANCHOR = 'model-bank.test';

/** One file's worth of throwaway credentials, with a second certificate from the same CA and a whole other CA. */
export interface TestCredentials {
  creds: BankCredentials;
  files: BankCredentialFiles;
  /** Credentials of another trust anchor entirely (its transport certificate is one the bank must refuse). */
  foreign: BankCredentials;
}

/** Generates the credentials a test file needs (RSA keys are slow: once per file). */
export function testCredentials(): TestCredentials {
  const creds = generateBankCredentials(CLIENT_ID, { otherClients: ['not-bound'] });
  const files = writeBankCredentials(creds, mkdtempSync(path.join(tmpdir(), 'model-bank-test-')));
  return { creds, files, foreign: generateBankCredentials('foreign-client') };
}
