// The database itself refuses states the lifecycle never produces, whatever code writes them.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@vrp/testing';

let db: TestDatabase;
let sql: pg.Client;

beforeAll(async () => {
  db = await createTestDatabase(['mandate']);
  sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
  await sql.query(`INSERT INTO mandate.customers (id, merchant_id, sca_completed) VALUES ('CU1', 'MR1', true), ('CU2', 'MR2', true)`);
}, 30_000);
afterAll(async () => {
  await sql?.end();
  await db?.drop();
}, 30_000);

const base = {
  id: 'MD1',
  merchant_id: 'MR1',
  customer_id: 'CU1',
  status: 'pending_sca',
  maximum_amount_minor: 100,
  currency: 'GBP',
  frequency: 'daily',
};

async function insert(overrides: Record<string, unknown>): Promise<string> {
  const row = { ...base, id: `MD${Math.random().toString(36).slice(2)}`, ...overrides };
  const cols = Object.keys(row);
  try {
    await sql.query(
      `INSERT INTO mandate.mandates (${cols.join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')})`,
      Object.values(row),
    );
    return 'ok';
  } catch (err) {
    return (err as { constraint?: string }).constraint ?? String(err);
  }
}

describe('mandate table constraints', { timeout: 20_000 }, () => {
  it('accepts every state the lifecycle produces', async () => {
    expect(await insert({})).toBe('ok');
    expect(await insert({ status: 'active' })).toBe('ok');
    expect(await insert({ status: 'suspended', suspended_at: new Date(), suspension_reason: 'account_closed' })).toBe('ok');
    expect(
      await insert({ status: 'revoked', revoked_at: new Date(), revoked_by: 'bank', revocation_reason: 'consent_revoked_at_bank' }),
    ).toBe('ok');
    expect(await insert({ status: 'expired' })).toBe('ok');
  });

  it('refuses a customer of another merchant, and states the lifecycle never produces', async () => {
    expect(await insert({ customer_id: 'CU2' })).toBe('mandates_merchant_id_customer_id_fkey');
    expect(await insert({ status: 'cancelled' })).toBe('mandates_status_check');
    expect(await insert({ frequency: 'yearly' })).toBe('mandates_frequency_check');
    expect(await insert({ maximum_amount_minor: 0 })).toBe('mandates_maximum_amount_minor_check');
    expect(await insert({ currency: 'gbp' })).toBe('mandates_currency_check');
    const because = { revocation_reason: 'consent_revoked_at_bank' };
    expect(await insert({ status: 'revoked', ...because })).toBe('mandates_revoked_check');
    expect(await insert({ status: 'revoked', revoked_at: new Date(), ...because })).toBe('mandates_revoked_check');
    expect(await insert({ status: 'revoked', revoked_at: new Date(), revoked_by: 'risk', ...because })).toBe('mandates_revoked_check');
    expect(await insert({ status: 'revoked', revoked_at: new Date(), revoked_by: 'bank' })).toBe('mandates_revocation_reason_check');
    expect(await insert({ status: 'revoked', revoked_at: new Date(), revoked_by: 'bank', revocation_reason: 'whim' })).toBe(
      'mandates_revocation_reason_check',
    );
    expect(await insert({ status: 'active', revoked_by: 'bank' })).toBe('mandates_revoked_check');
    expect(await insert({ status: 'suspended', suspension_reason: 'risk_review' })).toBe('mandates_suspended_check');
    expect(await insert({ status: 'suspended', suspended_at: new Date() })).toBe('mandates_suspension_reason_check');
    expect(await insert({ status: 'active', suspended_at: new Date() })).toBe('mandates_suspended_check');
    expect(await insert({ status: 'expired', suspension_reason: 'risk_review' })).toBe('mandates_suspension_reason_check');
    expect(await insert({ metadata: '[]' })).toBe('mandates_metadata_check');
  });
});

/** Runs `statement`; 'ok', or the constraint the database names when it refuses. */
async function run(statement: string, values: unknown[] = []): Promise<string> {
  try {
    await sql.query(statement, values);
    return 'ok';
  } catch (err) {
    return (err as { constraint?: string }).constraint ?? String(err);
  }
}

describe('customer table constraints', { timeout: 20_000 }, () => {
  const customer = (id: string, columns: Record<string, unknown>) => {
    const row = { id, merchant_id: 'MR1', sca_completed: true, ...columns };
    const cols = Object.keys(row);
    return run(
      `INSERT INTO mandate.customers (${cols.join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')})`,
      Object.values(row),
    );
  };

  it('keeps the documented limits, and an erased customer without personal data', async () => {
    expect(await customer('CU10', { email: 'a@example.com', name: 'A', reference: 'R', metadata: '{"a": 1}' })).toBe('ok');
    expect(await customer('CU11', { erased_at: new Date() })).toBe('ok');
    expect(await customer('CU12', { email: 'a@example.com', erased_at: new Date() })).toBe('customers_erased_check');
    expect(await customer('CU13', { metadata: '{"a": 1}', erased_at: new Date() })).toBe('customers_erased_check');
    expect(await customer('CU14', { reference: 'r'.repeat(65) })).toBe('customers_reference_check');
    expect(await customer('CU15', { name: '' })).toBe('customers_name_check');
    expect(await customer('CU16', { email: 'e'.repeat(255) })).toBe('customers_email_check');
    expect(await customer('CU17', { metadata: '[]' })).toBe('customers_metadata_check');
  });

  it('never changes an erased customer, erases none with a live mandate, and gives an erased one no mandate', async () => {
    await customer('CU20', { email: 'b@example.com' });
    await sql.query(
      `INSERT INTO mandate.mandates (${Object.keys(base).join(', ')}) VALUES ($1, 'MR1', 'CU20', 'active', 100, 'GBP', 'daily')`,
      ['MD20'],
    );
    const erase = `UPDATE mandate.customers SET email = NULL, erased_at = now() WHERE id = $1`;
    expect(await run(erase, ['CU20'])).toBe('customers_erased_without_live_mandates');
    await sql.query(
      `UPDATE mandate.mandates SET status = 'revoked', revoked_at = now(), revoked_by = 'merchant', revocation_reason = 'merchant_cancelled' WHERE id = 'MD20'`,
    );
    expect(await run(erase, ['CU20'])).toBe('ok');
    expect(await run(`UPDATE mandate.customers SET name = 'back' WHERE id = 'CU20'`)).toBe('customers_erased_final');
    expect(await run(`UPDATE mandate.customers SET sca_completed = false WHERE id = 'CU20'`)).toBe('customers_erased_final');
    expect(await insert({ id: 'MD21', customer_id: 'CU20' })).toBe('mandates_customer_not_erased');
    expect(
      await insert({
        id: 'MD22',
        customer_id: 'CU20',
        status: 'revoked',
        revoked_at: new Date(),
        revoked_by: 'bank',
        revocation_reason: 'consent_revoked_at_bank',
      }),
    ).toBe('mandates_customer_not_erased');
  });
});

describe('mandate request table constraints', { timeout: 20_000 }, () => {
  const request = (id: string, columns: Record<string, unknown> = {}) => {
    const row = {
      id,
      merchant_id: 'MR1',
      customer_id: 'CU1',
      status: 'awaiting_authorisation',
      maximum_amount_minor: 100,
      currency: 'GBP',
      frequency: 'monthly',
      creditor_account: '{}',
      redirect_uri: 'https://merchant.example/done',
      mandate_id: `MD-${id}`,
      created_at: new Date('2026-01-01T00:00:00Z'),
      expires_at: new Date('2026-01-01T00:30:00Z'),
      ...columns,
    };
    const cols = Object.keys(row);
    return run(
      `INSERT INTO mandate.mandate_requests (${cols.join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')})`,
      Object.values(row),
    );
  };
  const ended = { ended_at: new Date('2026-01-01T00:10:00Z') };

  it('keep the journey’s vocabulary, an end time exactly on ended requests, and one reserved mandate each', async () => {
    expect(await request('MQ1')).toBe('ok');
    expect(await request('MQ2', { status: 'declined', ...ended })).toBe('ok');
    expect(await request('MQ3', { status: 'pending', ...ended })).toBe('mandate_requests_status_check');
    expect(await request('MQ4', { status: 'expired' })).toBe('mandate_requests_ended_check');
    expect(await request('MQ5', ended)).toBe('mandate_requests_ended_check');
    expect(await request('MQ6', { expires_at: new Date('2025-12-31T00:00:00Z') })).toBe('mandate_requests_expiry_check');
    expect(await request('MQ7', { mandate_id: 'MD-MQ1' })).toBe('mandate_requests_mandate_id_key');
    expect(await request('MQ8', { customer_id: 'CU2' })).toBe('mandate_requests_merchant_id_customer_id_fkey');
    expect(await request('MQ9', { maximum_amount_minor: 0 })).toBe('mandate_requests_maximum_amount_minor_check');
  });

  it('end a request once, stage its link once, and give a mandate only to an authorised request’s reserved id', async () => {
    await request('MQ20');
    expect(await insert({ id: 'MD-MQ20', mandate_request_id: 'MQ20' })).toBe('mandates_of_authorised_request');
    expect(await run(`UPDATE mandate.mandate_requests SET authorisation_url = 'https://a' WHERE id = 'MQ20'`)).toBe('ok');
    expect(await run(`UPDATE mandate.mandate_requests SET authorisation_url = 'https://b' WHERE id = 'MQ20'`)).toBe(
      'mandate_requests_staged_once',
    );
    expect(await run(`UPDATE mandate.mandate_requests SET status = 'authorised', ended_at = now() WHERE id = 'MQ20'`)).toBe('ok');
    expect(await run(`UPDATE mandate.mandate_requests SET status = 'cancelled' WHERE id = 'MQ20'`)).toBe('mandate_requests_ended_final');
    expect(await insert({ id: 'MD-other', mandate_request_id: 'MQ20' })).toBe('mandates_of_authorised_request');
    expect(await insert({ id: 'MD-MQ20', mandate_request_id: 'MQ20' })).toBe('ok');
    expect(await insert({ id: 'MD-MQ20b', mandate_request_id: 'MQ20' })).toBe('mandates_of_authorised_request');
  });
});
