import { execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '@vrp/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleCli, type BundledCli } from './support/cli.js';
import { TEST_SCRYPT_LOG_N } from './support/console-client.js';
import { startPlatform, type Platform } from './support/platform.js';

const run = promisify(execFile);
const TSX = path.join(REPO_ROOT, 'node_modules/.bin/tsx');
const CLI = path.join(REPO_ROOT, 'services/gateway/src/cli/main.ts');

let platform: Platform;
let cli: BundledCli;
let env: Record<string, string>;
beforeAll(async () => {
  [platform, cli] = await Promise.all([startPlatform(), bundleCli()]);
  env = {
    PATH: process.env.PATH ?? '',
    VRP_ENV: 'sandbox',
    DATABASE_URL: platform.db.url,
    LOG_LEVEL: 'silent',
    PASSWORD_SCRYPT_LOG_N: String(TEST_SCRYPT_LOG_N),
    ...platform.services.mandate!.gatewayEnv,
  };
});
afterAll(async () => {
  cli?.remove();
  await platform?.stop();
});

/** Runs the operator CLI (its image's bundle) as a real child process. */
async function vrp(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(cli.command, [...cli.args, ...args], { env, cwd: REPO_ROOT });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** Runs the CLI with `input` on its standard input (as `echo … | vrp …` would). */
function vrpWithInput(input: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cli.command, [...cli.args, ...args], { env, cwd: REPO_ROOT });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
    child.stdin.end(input);
  });
}

// Each run of the CLI is a child process (under a second; seconds on a loaded machine), and a test
// here runs it several times, some of them hashing a password with scrypt.
describe('operator CLI', { timeout: 180_000 }, () => {
  it('runs from source as `npm run vrp` does (tsx), as well as from its bundle', async () => {
    const { stdout } = await run(TSX, [CLI, '--help'], { env, cwd: REPO_ROOT });
    expect(stdout).toContain('merchants create');
  });

  it('onboards a merchant whose token works, issues and revokes tokens, and creates customers', async () => {
    const created = await vrp('merchants', 'create', '--name', 'Acme Gym', '--payout-currency', 'GBP');
    expect(created.code).toBe(0);
    const merchant = JSON.parse(created.stdout) as Record<string, string>;
    expect(merchant).toMatchObject({ name: 'Acme Gym', payout_currency: 'GBP', environment: 'sandbox' });
    expect(merchant.id).toMatch(/^MR/);
    expect(merchant.access_token).toMatch(/^vrp_sandbox_/);
    expect((await platform.api(merchant.access_token).get('/v1/mandates')).status).toBe(200);

    const [second, customer, list] = await Promise.all([
      vrp('tokens', 'create', '--merchant', merchant.id!),
      vrp('customers', 'create', '--merchant', merchant.id!, '--sca-completed'),
      vrp('merchants', 'list'),
    ]);
    const token = JSON.parse(second.stdout) as Record<string, string>;
    expect(token).toMatchObject({ merchant_id: merchant.id, environment: 'sandbox' });
    expect(JSON.parse(customer.stdout)).toMatchObject({ merchant_id: merchant.id, sca_completed: true, email: null, erased_at: null });
    expect((JSON.parse(list.stdout) as { id: string }[]).map((m) => m.id)).toContain(merchant.id);

    const revoked = await vrp('tokens', 'revoke', '--token', merchant.access_token!);
    expect(JSON.parse(revoked.stdout)).toMatchObject({ token_id: merchant.token_id, revoked: true });
    // Every gateway sees the revocation within AUTH_CACHE_TTL_MS (1 s).
    await expect
      .poll(async () => (await platform.api(merchant.access_token).get('/v1/mandates')).status, { timeout: 5000, interval: 100 })
      .toBe(401);
    expect((await platform.api(token.access_token).get('/v1/mandates')).status).toBe(200);
  });

  it('creates a customer with an email, a name and a reference, as the API then shows it', async () => {
    const merchant = await platform.createMerchant();
    const args = ['--merchant', merchant.id, '--email', 'jo@example.com', '--name', 'Jo Bloggs', '--reference', 'ACC-7'];
    const created = await vrp('customers', 'create', ...args);
    expect(created.code, created.stderr).toBe(0);
    const customer = JSON.parse(created.stdout) as Record<string, unknown>;
    expect(customer).toEqual({
      id: expect.stringMatching(/^CU/),
      merchant_id: merchant.id,
      email: 'jo@example.com',
      name: 'Jo Bloggs',
      reference: 'ACC-7',
      metadata: {},
      sca_completed: false,
      created_at: expect.any(String),
      erased_at: null,
    });
    const { merchant_id: _merchant, ...shown } = customer;
    expect((await platform.api(merchant.token).get(`/v1/customers/${customer.id as string}`)).body).toEqual(shown);
    const bad = await vrp('customers', 'create', '--merchant', merchant.id, '--email', 'not-an-email', '--reference', 'r'.repeat(65));
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('[validation_error]');
    expect(bad.stderr).toContain('email');
  });

  it('explains itself and fails with exit code 1 on bad input', async () => {
    const [root, sub, missing, badCurrency, unknown, noMerchant] = await Promise.all([
      vrp('--help'),
      vrp('customers', 'create', '--help'),
      vrp('merchants', 'create', '--name', 'X'),
      vrp('merchants', 'create', '--name', 'X', '--payout-currency', 'ZZZ'),
      vrp('merchants', 'delete'),
      vrp('customers', 'create', '--merchant', 'MR01NOBODY0000000000000000000'),
    ]);
    expect(root.code).toBe(0);
    expect(root.stdout).toContain('merchants create --name NAME --payout-currency CCY');
    expect(sub.code).toBe(0);
    for (const option of ['--sca-completed', '--email EMAIL', '--name NAME', '--reference REF']) expect(sub.stdout).toContain(option);
    expect(missing).toMatchObject({ code: 1, stdout: '' });
    expect(missing.stderr).toContain('--payout-currency is required');
    expect(badCurrency.code).toBe(1);
    expect(badCurrency.stderr).toContain('[validation_error]');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("unknown command 'merchants delete'");
    expect(noMerchant.code).toBe(1);
    expect(noMerchant.stderr).toContain('[not_found]');
  });

  it('creates a console user whose password comes from standard input and signs in', async () => {
    const merchant = await platform.createMerchant();
    const args = ['users', 'create', '--merchant', merchant.id, '--email', 'Finance@Acme.example', '--password-stdin'];
    const created = await vrpWithInput('a very long passphrase\n', ...args);
    expect(created.code).toBe(0);
    const user = JSON.parse(created.stdout) as Record<string, string>;
    expect(user).toEqual({ id: expect.stringMatching(/^US/), merchant_id: merchant.id, email: 'finance@acme.example', role: 'owner' });
    expect(created.stdout).not.toContain('passphrase');
    const signIn = await fetch(`${platform.url}/console/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'finance@acme.example', password: 'a very long passphrase' }),
    });
    expect(signIn.status).toBe(200);

    const createUser = (password: string, merchantId: string, email: string) =>
      vrpWithInput(password, 'users', 'create', '--merchant', merchantId, '--email', email, '--password-stdin');
    const again = await createUser('another long passphrase', merchant.id, 'finance@acme.example');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('[validation_error]');
    const weak = await createUser('short\n', merchant.id, 'x@acme.example');
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain('at least 12 characters');
    const missing = await createUser('a very long passphrase', 'MR00000000000000000000000000', 'y@acme.example');
    expect(missing.stderr).toContain('[not_found]');
    const noFlag = await vrp('users', 'create', '--merchant', merchant.id, '--email', 'z@acme.example');
    expect(noFlag.code).toBe(1);
    expect(noFlag.stderr).toContain('--password-stdin is required');
  });

  it('sets a merchant\u2019s creditor account on create and update, and its mandate requests\u2019 consents pay into it', async () => {
    const account = ['--creditor-account-scheme', 'UK.OBIE.SortCodeAccountNumber', '--creditor-account-id', '20000087654321'];
    const created = await vrp(
      'merchants',
      'create',
      '--name',
      'Acme Gym',
      '--payout-currency',
      'GBP',
      ...account,
      '--creditor-account-name',
      'Acme Gym Ltd',
    );
    expect(created.code, created.stderr).toBe(0);
    const merchant = JSON.parse(created.stdout) as Record<string, string>;
    expect(merchant).toMatchObject({
      creditor_account: { scheme: 'UK.OBIE.SortCodeAccountNumber', id: '20000087654321', name: 'Acme Gym Ltd' },
    });
    const request = await platform.api(merchant.access_token).post('/v1/mandate-requests', {
      customer: { name: 'Jo Bloggs' },
      maximum_amount: '10.00',
      currency: 'GBP',
      frequency: 'monthly',
      redirect_uri: 'https://merchant.example/done',
    });
    expect(request.status, request.text).toBe(201);
    const sql = new pg.Client({ connectionString: platform.db.url });
    await sql.connect();
    try {
      const { rows } = await sql.query(`SELECT initiation FROM connector.consents WHERE mandate_request_id = $1`, [request.body.id]);
      expect(rows[0].initiation.CreditorAccount).toMatchObject({
        SchemeName: 'UK.OBIE.SortCodeAccountNumber',
        Identification: '20000087654321',
        Name: 'Acme Gym Ltd',
      });
    } finally {
      await sql.end();
    }

    const updated = await vrp(
      'merchants',
      'update',
      '--merchant',
      merchant.id!,
      '--creditor-account-scheme',
      'UK.OBIE.IBAN',
      '--creditor-account-id',
      'GB33BUKB20201555555555',
      '--creditor-account-name',
      'Acme',
    );
    expect(updated.code, updated.stderr).toBe(0);
    expect(JSON.parse(updated.stdout)).toMatchObject({
      id: merchant.id,
      creditor_account: { scheme: 'UK.OBIE.IBAN', id: 'GB33BUKB20201555555555', name: 'Acme' },
    });
    const partial = await vrp('merchants', 'update', '--merchant', merchant.id!, '--creditor-account-id', 'X');
    expect(partial.code).toBe(1);
    expect(partial.stderr).toContain('creditor_account_scheme');
    expect((await vrp('merchants', 'update', '--merchant', 'MR0NOBODY', '--name', 'X')).code).toBe(1);
  });
});
