/**
 * Writes throwaway Open Banking credentials for local runs to .vrp/bank/ (kept when present;
 * `--force` makes new ones): the trust anchor, the model bank's server certificate and signing key,
 * the platform's transport certificate and signing key, each signing key's JWKS, and the kids in
 * `<name>.kid`. Each key's kid is its RFC 7638 thumbprint, the model bank's default
 * MODEL_BANK_SIGNING_KID, so its JWKS file, its discovery JWKS and its signatures agree.
 *
 *   bash tools/dev/on-node24.sh tsx tools/dev/bank-credentials.ts [--force]
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { calculateJwkThumbprint, type JWK } from 'jose';
import { generateBankCredentials, writeBankCredentials, type SigningKey } from '@vrp/testing';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.vrp/bank');

async function withThumbprintKid(key: SigningKey): Promise<SigningKey> {
  const kid = await calculateJwkThumbprint(key.publicJwk as JWK);
  return { ...key, kid, publicJwk: { ...key.publicJwk, kid } };
}

if (existsSync(path.join(dir, 'ca.pem')) && !process.argv.includes('--force')) {
  console.log(`bank credentials: kept those in ${dir} (--force makes new ones)`);
} else {
  const generated = generateBankCredentials('vrp-platform');
  const credentials = {
    ...generated,
    tppSigning: await withThumbprintKid(generated.tppSigning),
    bankSigning: await withThumbprintKid(generated.bankSigning),
  };
  writeBankCredentials(credentials, dir);
  writeFileSync(path.join(dir, 'tpp-signing.kid'), credentials.tppSigning.kid);
  writeFileSync(path.join(dir, 'bank-signing.kid'), credentials.bankSigning.kid);
  console.log(`bank credentials: written to ${dir}`);
}
