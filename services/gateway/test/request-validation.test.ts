import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Api } from './support/api.js';
import { sandboxCustomer } from './support/fixtures.js';
import { startPlatform, type Platform } from './support/platform.js';

// Request bodies are validated by the same schemas the OpenAPI document is generated from, and
// every problem is reported at once: a merchant fixes a request in one round, not one per field.
let platform: Platform;
let api: Api;
beforeAll(async () => {
  platform = await startPlatform();
  api = platform.api((await platform.createMerchant({ payoutCurrency: 'GBP' })).token);
});
afterAll(async () => platform?.stop());

interface ErrorBody {
  code: string;
  param: string;
  message: string;
  details: { param: string; message: string }[];
}

describe('request validation', () => {
  it('names every problem of a body in details[], the first in param', async () => {
    const res = await api.post('/v1/mandates', {
      customer_id: await sandboxCustomer(api),
      maximum_amount: 10,
      currency: 'gbp',
      frequency: 'yearly',
      metadata: { plan: { nested: true }, ['k'.repeat(41)]: 'v' },
      colour: 'blue',
    });
    expect(res.status).toBe(400);
    const error = res.body.error as ErrorBody;
    expect(error.code).toBe('validation_error');
    expect(error.details.map((d) => d.param)).toEqual([
      'maximum_amount',
      'currency',
      'frequency',
      'metadata[plan]',
      `metadata[${'k'.repeat(41)}]`,
      'colour',
    ]);
    expect(error.param).toBe('maximum_amount');
    expect(error.message).toMatch(/and 5 more/);
    for (const detail of error.details) expect(detail.message.length).toBeGreaterThan(0);
  });

  it('reports one problem as one detail, and the document describes the body the gateway checks', async () => {
    const res = await api.post('/v1/payments', { mandate_id: 'MD1', amount: '1.00', currency: 'GBP', extra: true });
    expect(res.body.error).toMatchObject({
      code: 'validation_error',
      param: 'extra',
      details: [{ param: 'extra', message: "Unknown field 'extra'" }],
    });
    const doc = (await api.get('/v1/openapi.json')).body as {
      components: { schemas: Record<string, { properties: object; additionalProperties: boolean }> };
    };
    expect(Object.keys(doc.components.schemas.PaymentCreate!.properties)).toEqual([
      'mandate_id',
      'amount',
      'currency',
      'reference',
      'metadata',
    ]);
    expect(doc.components.schemas.PaymentCreate!.additionalProperties).toBe(false);
  });
});
