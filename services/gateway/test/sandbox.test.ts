import pg from 'pg';
import { waitFor } from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Api } from './support/api.js';
import { errorOf, mandateBody, sandboxCustomer } from './support/fixtures.js';
import { startPlatform, type Platform } from './support/platform.js';

let sandbox: Platform;
let production: Platform;
let api: Api;
beforeAll(async () => {
  [sandbox, production] = await Promise.all([startPlatform(), startPlatform({ env: 'production' })]);
  api = sandbox.api((await sandbox.createMerchant()).token);
});
afterAll(async () => Promise.all([sandbox?.stop(), production?.stop()]));

async function newMandate(): Promise<string> {
  const res = await api.post('/v1/mandates', mandateBody(await sandboxCustomer(api)));
  if (res.status !== 201) throw new Error(`mandate create answered ${res.status}: ${res.text}`);
  return res.body.id as string;
}

describe('sandbox simulators', () => {
  it('creates customers with or without SCA', async () => {
    const res = await api.post('/v1/sandbox/customers', { sca_completed: false });
    expect(res.status).toBe(201);
    // The full customer shape, as GET /v1/customers/{id} answers it.
    expect(res.body).toEqual({
      id: expect.stringMatching(/^CU/),
      email: null,
      name: null,
      reference: null,
      metadata: {},
      sca_completed: false,
      created_at: expect.stringMatching(/Z$/),
      erased_at: null,
    });
    expect((await api.post('/v1/sandbox/customers', { sca_completed: true })).body).toMatchObject({ sca_completed: true });
    expect(res.body.id).toMatch(/^CU/);
    expect(errorOf(await api.post('/v1/sandbox/customers', { sca_completed: 'yes' }))).toEqual({
      status: 400,
      code: 'validation_error',
      param: 'sca_completed',
    });
    expect(errorOf(await api.post('/v1/sandbox/customers', {}))).toEqual({ status: 400, code: 'validation_error', param: 'sca_completed' });
  });

  it('walks a mandate through activate, suspend, reinstate and revoke', async () => {
    const id = await newMandate();
    expect((await api.post(`/v1/sandbox/mandates/${id}/activate`)).body).toMatchObject({ status: 'active' });
    const suspended = await api.post(`/v1/sandbox/mandates/${id}/suspend`);
    expect(suspended.body).toMatchObject({ status: 'suspended' });
    expect(typeof suspended.body.suspended_at).toBe('string');
    expect((await api.post(`/v1/sandbox/mandates/${id}/reinstate`)).body).toMatchObject({ status: 'active', suspended_at: null });
    const revoked = await api.post(`/v1/sandbox/mandates/${id}/revoke`, { by: 'bank' });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ status: 'revoked', revoked_by: 'bank' });
    expect(errorOf(await api.post(`/v1/sandbox/mandates/${id}/activate`))).toMatchObject({ status: 422 });
  });

  it.each(['customer', 'bank'] as const)(
    'revokes a mandate whose consent the model bank holds at the bank itself (by %s): the platform learns it the real way, once',
    async (by) => {
      const id = await newMandate();
      expect((await api.post(`/v1/sandbox/mandates/${id}/activate`)).body).toMatchObject({ status: 'active' });
      const sql = new pg.Client({ connectionString: sandbox.db.url });
      await sql.connect();
      try {
        const revoked = await api.post(`/v1/sandbox/mandates/${id}/revoke`, { by });
        // Answered once the platform recorded the bank's revocation.
        expect(revoked.status).toBe(200);
        expect(revoked.body).toMatchObject({ status: 'revoked', revoked_by: by, revocation_reason: 'consent_revoked_at_bank' });
        // The consent is revoked at the model bank, by whom the simulator said, and the connector read it back from there.
        const { rows } = await sql.query<{ bank: string; reason: string; seen: string; reported: string }>(
          `SELECT b.status AS bank, b.status_reasons::text AS reason, c.bank_status AS seen,
                  (SELECT string_agg(kind || ':' || revoked_by, ',') FROM connector.mandate_reports r WHERE r.mandate_id = c.mandate_id) AS reported
             FROM connector.consents c JOIN model_bank.consents b ON b.id = c.bank_consent_id WHERE c.mandate_id = $1`,
          [id],
        );
        expect(rows).toEqual([
          {
            bank: 'CANC',
            reason: expect.stringContaining(by === 'customer' ? 'customer revoked' : 'bank revoked'),
            seen: 'CANC',
            reported: `revoke:${by}`,
          },
        ]);
        // Exactly one mandate.revoked, however many ways (read-back, notification, watcher) the platform heard of it.
        const revokedEvents = async () =>
          ((await api.get(`/v1/webhook-events?resource_id=${id}&event_type=mandate.revoked`)).body.results as unknown[]).length;
        await waitFor(async () => ((await revokedEvents()) > 0 ? true : undefined), { what: 'mandate.revoked' });
        await new Promise((resolve) => setTimeout(resolve, 1500));
        expect(await revokedEvents()).toBe(1);
        // And no payment can be collected under it.
        expect(errorOf(await api.post('/v1/payments', { mandate_id: id, amount: '1.00', currency: 'GBP' }))).toMatchObject({ status: 422 });
      } finally {
        await sql.end();
      }
    },
  );

  it('suspends a mandate when the bank reports its linked account closed: the model bank notifies, the platform suspends once', async () => {
    const id = await newMandate();
    expect((await api.post(`/v1/sandbox/mandates/${id}/activate`)).body).toMatchObject({ status: 'active' });
    const suspended = await api.post(`/v1/sandbox/mandates/${id}/suspend`, { reason: 'account_closed' });
    expect(suspended.status).toBe(200);
    expect(suspended.body).toMatchObject({ status: 'suspended', suspension_reason: 'account_closed' });
    const sql = new pg.Client({ connectionString: sandbox.db.url });
    await sql.connect();
    try {
      // The account is closed at the model bank, which notified the platform (the notification is how it learnt).
      const { rows } = await sql.query<{ account: string; reported: string }>(
        `SELECT a.status AS account,
                (SELECT string_agg(kind || ':' || reason, ',') FROM connector.mandate_reports r WHERE r.mandate_id = c.mandate_id) AS reported
           FROM connector.consents c JOIN model_bank.consents b ON b.id = c.bank_consent_id JOIN model_bank.accounts a ON a.id = b.account_id
          WHERE c.mandate_id = $1`,
        [id],
      );
      expect(rows).toEqual([{ account: 'closed', reported: 'suspend:account_closed' }]);
    } finally {
      await sql.end();
    }
    const suspendedEvents = async () =>
      ((await api.get(`/v1/webhook-events?resource_id=${id}&event_type=mandate.suspended`)).body.results as unknown[]).length;
    await waitFor(async () => ((await suspendedEvents()) > 0 ? true : undefined), { what: 'mandate.suspended' });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await suspendedEvents()).toBe(1);
    // Without a consent at the bank there is no account to change; a bad reason is a validation error.
    expect(errorOf(await api.post(`/v1/sandbox/mandates/${await newMandate()}/suspend`, { reason: 'account_closed' }))).toMatchObject({
      status: 422,
      code: 'invalid_state_transition',
    });
    expect(errorOf(await api.post(`/v1/sandbox/mandates/${id}/suspend`, { reason: 'gone' }))).toEqual({
      status: 400,
      code: 'validation_error',
      param: 'reason',
    });
  });

  it('revokes a mandate without an authorised consent at a bank directly, as before', async () => {
    const id = await newMandate();
    expect((await api.post(`/v1/sandbox/mandates/${id}/revoke`, { by: 'bank' })).body).toMatchObject({
      status: 'revoked',
      revoked_by: 'bank',
    });
    const again = await api.post(`/v1/sandbox/mandates/${id}/revoke`, { by: 'bank' });
    expect(errorOf(again)).toMatchObject({ status: 422 });
  });

  it('validates the revoke body', async () => {
    const id = await newMandate();
    expect(errorOf(await api.post(`/v1/sandbox/mandates/${id}/revoke`, { by: 'merchant' }))).toEqual({
      status: 400,
      code: 'validation_error',
      param: 'by',
    });
    expect(errorOf(await api.post(`/v1/sandbox/mandates/${id}/revoke`))).toEqual({ status: 400, code: 'validation_error', param: 'by' });
    expect((await api.post(`/v1/sandbox/mandates/${id}/revoke`, { by: 'customer' })).body).toMatchObject({ revoked_by: 'customer' });
  });

  it("answers 404 for another merchant's mandate", async () => {
    const id = await newMandate();
    const other = sandbox.api((await sandbox.createMerchant()).token);
    expect(errorOf(await other.post(`/v1/sandbox/mandates/${id}/activate`))).toEqual({ status: 404, code: 'not_found' });
  });

  it('does not exist in production', async () => {
    const live = production.api((await production.createMerchant()).token);
    expect(errorOf(await live.post('/v1/sandbox/customers', { sca_completed: true }))).toEqual({ status: 404, code: 'not_found' });
    expect(errorOf(await live.post('/v1/sandbox/mandates/MD01ANY0000000000000000000000/activate'))).toEqual({
      status: 404,
      code: 'not_found',
    });
    // The production API itself works with a live token.
    expect((await live.get('/v1/mandates')).status).toBe(200);
  });
});
