import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Api } from './support/api.js';
import { mandateBody, sandboxCustomer } from './support/fixtures.js';
import { startPlatform, type Platform } from './support/platform.js';

// Mandates created directly (POST /v1/mandates) get a consent at the bank like mandate requests'
// mandates: staged through the connector at the model bank after the mandate commits, once however
// often the create races, and approved at the bank when the sandbox activates the mandate.
let platform: Platform;
let api: Api;
let sql: pg.Client;
beforeAll(async () => {
  platform = await startPlatform();
  api = platform.api((await platform.createMerchant({ name: 'Acme Gym' })).token);
  sql = new pg.Client({ connectionString: platform.db.url });
  await sql.connect();
}, 60_000);
afterAll(async () => {
  await sql?.end();
  await platform?.stop();
}, 60_000);

/** The consents of a mandate: the connector's (with the bank's id) and the model bank's status of each. */
async function consentsOf(mandateId: string): Promise<{ bank_status: string; status: string }[]> {
  const { rows } = await sql.query(
    `SELECT c.bank_status, b.status FROM connector.consents c JOIN model_bank.consents b ON b.id = c.bank_consent_id
      WHERE c.mandate_id = $1`,
    [mandateId],
  );
  return rows;
}

describe('direct mandates at the bank', { timeout: 60_000 }, () => {
  it('stage one consent at the bank when creates with one Idempotency-Key race', async () => {
    const body = mandateBody(await sandboxCustomer(api));
    const answers = await Promise.all(Array.from({ length: 5 }, () => api.post('/v1/mandates', body, { 'Idempotency-Key': 'race-1' })));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    const ids = new Set(answers.map((a) => a.body.id));
    expect(ids.size).toBe(1);
    expect(await consentsOf([...ids][0] as string)).toEqual([{ bank_status: 'AWAU', status: 'AWAU' }]);
    // Every answer sends the customer to the one consent.
    expect(new Set(answers.map((a) => (a.body.authorisation as { url: string }).url)).size).toBe(1);
  });

  it('tell the merchant where to send the customer while pending_sca, and nothing once active', async () => {
    const created = await api.post('/v1/mandates', mandateBody(await sandboxCustomer(api)));
    expect(created.status).toBe(201);
    const authorisation = created.body.authorisation as { url: string; expires_at: string };
    expect(authorisation).toEqual({ url: expect.stringMatching(/\/v1\/bank\/authorise\/[^/]+$/), expires_at: expect.any(String) });
    expect(authorisation.url.startsWith(`${platform.url}/`)).toBe(true);
    // The link lives as long as the connector's journey (30 minutes by default).
    const ttl = Date.parse(authorisation.expires_at) - Date.parse(created.body.created_at as string);
    expect(ttl).toBeGreaterThan(29 * 60_000);
    expect(ttl).toBeLessThanOrEqual(31 * 60_000);
    // The same on every read of the mandate, in the list too.
    expect((await api.get(`/v1/mandates/${created.body.id}`)).body.authorisation).toEqual(authorisation);
    const listed = (await api.get('/v1/mandates?page_size=100')).body.results as { id: string; authorisation: unknown }[];
    expect(listed.find((m) => m.id === created.body.id)!.authorisation).toEqual(authorisation);
    // It takes the customer to their bank (the model bank's authorisation endpoint).
    const link = await fetch(authorisation.url, { redirect: 'manual' });
    expect(link.status).toBe(303);
    expect(link.headers.get('location')!.startsWith(platform.services['model-bank']!.gatewayEnv.BANK_ISSUER!)).toBe(true);

    const activated = await api.post(`/v1/sandbox/mandates/${created.body.id}/activate`);
    expect(activated.body).toMatchObject({ status: 'active', authorisation: null });
    expect((await api.get(`/v1/mandates/${created.body.id}`)).body.authorisation).toBeNull();
  });

  it('are approved at the bank by the sandbox activate route, then active', async () => {
    const created = await api.post('/v1/mandates', mandateBody(await sandboxCustomer(api)));
    expect(created.status).toBe(201);
    const activated = await api.post(`/v1/sandbox/mandates/${created.body.id}/activate`);
    expect(activated.status, activated.text).toBe(200);
    expect(activated.body).toMatchObject({ status: 'active' });
    expect(await consentsOf(created.body.id as string)).toEqual([{ bank_status: 'AUTH', status: 'AUTH' }]);
  });
});
