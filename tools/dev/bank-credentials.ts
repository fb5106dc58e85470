/**
 * Writes throwaway Open Banking credentials for local runs to .vrp/bank/ (kept when present;
 * `--force` makes new ones): the trust anchor, the model bank's server certificate and signing key,
 * the platform's transport certificate and signing key, each signing key's JWKS, and the kids in
 * `<name>.kid`. Each key's kid is its RFC 7638 thumbprint, the model bank's default
 * MODEL_BANK_SIGNING_KID, so its JWKS file, its discovery JWKS and its signatures agree.
 *
 *   bash tools/dev/on-node24.sh tsx tools/dev/bank-credentials.ts [--force]
 *
 * `npm start` calls ensureBankCredentials before it starts the model bank and the bank connector.
 */
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { calculateJwkThumbprint, type JWK } from 'jose';
import { generateBankCredentials, writeBankCredentials, type SigningKey } from '@vrp/testing';

/** Where the model bank and the bank connector find them by default (`.vrp/bank/`, gitignored). */
export const BANK_CREDENTIALS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.vrp/bank');

async function withThumbprintKid(key: SigningKey): Promise<SigningKey> {
  const kid = await calculateJwkThumbprint(key.publicJwk as JWK);
  return { ...key, kid, publicJwk: { ...key.publicJwk, kid } };
}

/** Writes the credentials unless they are there already (or `force`); says what it did. */
export async function ensureBankCredentials(dir = BANK_CREDENTIALS_DIR, force = false): Promise<string> {
  if (existsSync(path.join(dir, 'ca.pem')) && !force) return `bank credentials: kept those in ${dir} (--force makes new ones)`;
  const generated = generateBankCredentials('vrp-platform');
  const credentials = {
    ...generated,
    tppSigning: await withThumbprintKid(generated.tppSigning),
    bankSigning: await withThumbprintKid(generated.bankSigning),
  };
  // Written beside it and moved in whole, so a second runner starting at the same time never reads half a set.
  const staging = `${dir}.${process.pid}-${Date.now()}`;
  writeBankCredentials(credentials, staging);
  writeFileSync(path.join(staging, 'tpp-signing.kid'), credentials.tppSigning.kid);
  writeFileSync(path.join(staging, 'bank-signing.kid'), credentials.bankSigning.kid);
  if (force) rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.dirname(dir), { recursive: true });
  try {
    renameSync(staging, dir);
  } catch (err) {
    rmSync(staging, { recursive: true, force: true });
    // Another runner got there first: its set is as good.
    if (existsSync(path.join(dir, 'ca.pem'))) return `bank credentials: kept those in ${dir}`;
    throw err;
  }
  return `bank credentials: written to ${dir}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await ensureBankCredentials(BANK_CREDENTIALS_DIR, process.argv.includes('--force')));
}
