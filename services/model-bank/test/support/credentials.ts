import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { writeBankCredentials, type BankCredentialFiles, type BankCredentials } from '@vrp/testing';

/** The client id the tests register with the model bank (the transport certificate's subject). */
export const CLIENT_ID = 'vrp-platform-test';
/** The OB `iss` the test PISP signs messages as. */
export const CLIENT_SIGNING_ISS = 'vrp-test-org/vrp-test-ssa';
/** The trust anchor both sides name. */
export const TRUST_ANCHOR = 'model-bank.test';

/** The run's throwaway credentials, with a second certificate from the same CA and a whole other CA. */
export interface TestCredentials {
  creds: BankCredentials;
  files: BankCredentialFiles;
  /** Credentials of another trust anchor entirely (its transport certificate is one the bank must refuse). */
  foreign: BankCredentials;
}

/** The credentials the run generated once (global-setup.ts), written to this file's own folder as the bank's settings take them. */
export function testCredentials(): TestCredentials {
  const { creds, foreign } = JSON.parse(readFileSync(inject('modelBankCredentials'), 'utf8')) as {
    creds: BankCredentials;
    foreign: BankCredentials;
  };
  const files = writeBankCredentials(creds, mkdtempSync(path.join(tmpdir(), 'model-bank-test-')));
  return { creds, files, foreign };
}
