import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Api } from './support/api.js';
import { errorOf, mandateBody, sandboxCustomer } from './support/fixtures.js';
import { startPlatform, type Platform } from './support/platform.js';

let platform: Platform;
let api: Api;
beforeAll(async () => {
  platform = await startPlatform();
  api = platform.api((await platform.createMerchant({ payoutCurrency: 'GBP' })).token);
});
afterAll(async () => platform?.stop());

// The breaker itself (opening, failing fast, half-open recovery) is proved in packages/grpc/test/client-breaker.test.ts.
describe('payments when the mandate service is down', () => {
  it('answers 503 service_unavailable, never 500', async () => {
    const mandate = await api.post('/v1/mandates', mandateBody(await sandboxCustomer(api), { frequency: 'adhoc' }));
    await api.post(`/v1/sandbox/mandates/${mandate.body.id as string}/activate`);
    await platform.services.mandate!.stop();
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => api.post('/v1/payments', { mandate_id: mandate.body.id, amount: '1.00', currency: 'GBP' })),
    );
    for (const res of responses) expect(errorOf(res)).toEqual({ status: 503, code: 'service_unavailable' });
  });
});
