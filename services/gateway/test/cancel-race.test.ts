import pg from 'pg';
import { waitFor } from '@vrp/testing';
import { mandate } from '@vrp/contracts';
import { presentMandate } from '@vrp/public-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Api } from './support/api.js';
import { errorOf, mandateBody, sandboxCustomer } from './support/fixtures.js';
import { startPlatform, type Platform } from './support/platform.js';

// The payment service checks the mandate over gRPC and then inserts in its own database, so a
// cancel can land between the two. Holding the payments table in SHARE mode parks a create
// exactly there (its mandate check done, its insert waiting), which makes the race certain.
let platform: Platform;
let api: Api;
let sql: pg.Client;
let merchantId: string;
beforeAll(async () => {
  platform = await startPlatform({ overrides: { RATE_LIMIT_RPS: '1000', RATE_LIMIT_BURST: '1000' } });
  const merchant = await platform.createMerchant({ payoutCurrency: 'GBP' });
  merchantId = merchant.id;
  api = platform.api(merchant.token);
  sql = new pg.Client({ connectionString: platform.db.url });
  await sql.connect();
});
afterAll(async () => {
  await sql?.end();
  await platform?.stop();
});

async function activeMandate(): Promise<string> {
  const mandate = await api.post('/v1/mandates', mandateBody(await sandboxCustomer(api), { maximum_amount: '100.00', frequency: 'adhoc' }));
  await api.post(`/v1/sandbox/mandates/${mandate.body.id}/activate`);
  return mandate.body.id as string;
}

const committedPayments = async (mandateId: string) =>
  (await sql.query<{ id: string }>('SELECT id FROM payment.payments WHERE mandate_id = $1 ORDER BY id', [mandateId])).rows.map((r) => r.id);

// The revocations that race: the merchant's cancel through the API, and a revocation at the bank as
// the bank connector reports it (straight to the mandate service, whose move closes the payment
// gate before it answers, with no gateway in between).
const revocations = {
  'a cancel': (mandateId: string) => api.post(`/v1/mandates/${mandateId}/cancel`).then((res) => res.body),
  'a revocation at the bank': async (mandateId: string) =>
    presentMandate(
      (
        await platform.mandates.revokeMandate({
          merchantId,
          id: mandateId,
          by: mandate.RevokedBy.CUSTOMER,
          reason: 'consent_revoked_at_bank',
        })
      ).mandate!,
    ),
};

describe.each(Object.entries(revocations))('%s racing a payment create', (name, revoke) => {
  it(`once ${name} has answered, no payment under the mandate is ever created`, async () => {
    const mandateId = await activeMandate();
    const blocker = new pg.Client({ connectionString: platform.db.url });
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query('LOCK TABLE payment.payments IN SHARE MODE');
    let seenAtCancel: string[] | undefined;
    try {
      const create = api.post('/v1/payments', { mandate_id: mandateId, amount: '10.00', currency: 'GBP' });
      // The create has passed its mandate check and waits to insert.
      await waitFor(
        async () => {
          const { rows } = await sql.query(
            `SELECT 1 FROM pg_locks l JOIN pg_class c ON c.oid = l.relation WHERE c.relname = 'payments' AND NOT l.granted`,
          );
          return rows.length > 0;
        },
        { what: 'the create waiting on its insert' },
      );
      const cancel = revoke(mandateId).then(async (body) => {
        seenAtCancel = await committedPayments(mandateId);
        return body;
      });
      // Let the cancel get as far as it can while the create is parked, then let the create go.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await blocker.query('COMMIT');
      const [created, cancelled] = await Promise.all([create, cancel]);
      expect(cancelled).toMatchObject({ status: 'revoked', revoked_by: name === 'a cancel' ? 'merchant' : 'customer' });
      // The create either made it before the cancel answered, or was refused.
      expect([201, 422]).toContain(created.status);
    } finally {
      await blocker.query('ROLLBACK').catch(() => undefined);
      await blocker.end();
    }
    expect(await committedPayments(mandateId)).toEqual(seenAtCancel);
    expect(errorOf(await api.post('/v1/payments', { mandate_id: mandateId, amount: '1.00', currency: 'GBP' }))).toMatchObject({
      status: 422,
      code: 'mandate_not_active',
    });
  });
});

describe('revocations in sandbox', () => {
  it('a customer revocation in sandbox closes the mandate for payments the same way', async () => {
    const mandateId = await activeMandate();
    expect((await api.post(`/v1/sandbox/mandates/${mandateId}/revoke`, { by: 'customer' })).body).toMatchObject({
      status: 'revoked',
      revoked_by: 'customer',
    });
    const gate = await sql.query('SELECT closed_at FROM payment.mandate_gates WHERE mandate_id = $1', [mandateId]);
    expect(gate.rows[0]?.closed_at).toBeInstanceOf(Date);
    // Cancelling it now is refused, as for any revoked mandate.
    expect(errorOf(await api.post(`/v1/mandates/${mandateId}/cancel`))).toMatchObject({ status: 422, code: 'mandate_not_cancellable' });
  });
});
