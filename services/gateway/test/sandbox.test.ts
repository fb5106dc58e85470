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
