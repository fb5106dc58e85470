import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { generateBankCredentials } from '@vrp/testing';
import { CLIENT_ID } from './credentials.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A JSON file with the run's throwaway credentials (see testCredentials). */
    modelBankCredentials: string;
  }
}

/**
 * Generates the test run's credentials once (RSA keys are the slow part): a trust anchor with the
 * bank's and the client's certificates and keys plus a second client certificate, and another
 * trust anchor entirely. Every test file reads them (see testCredentials).
 */
export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(path.join(tmpdir(), 'model-bank-run-'));
  const file = path.join(dir, 'credentials.json');
  writeFileSync(
    file,
    JSON.stringify({
      creds: generateBankCredentials(CLIENT_ID, { otherClients: ['not-bound'] }),
      foreign: generateBankCredentials('foreign-client'),
    }),
    { mode: 0o600 },
  );
  project.provide('modelBankCredentials', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
