import { openapiDocument } from '@vrp/public-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Api } from './support/api.js';
import { mandateBody, sandboxCustomer } from './support/fixtures.js';
import { startPlatform, type Platform } from './support/platform.js';
import { schemaProblems } from './support/schema.js';

type Doc = Record<string, unknown> & { paths: Record<string, Record<string, unknown>> };
const doc = openapiDocument() as Doc;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

let platform: Platform;
let api: Api;
beforeAll(async () => {
  platform = await startPlatform();
  api = platform.api((await platform.createMerchant()).token);
});
afterAll(async () => platform?.stop());

/** The schema of the JSON body of `status` of `method path` in the document. */
function responseSchema(method: string, path: string, status: number): Record<string, unknown> {
  const op = doc.paths[path]?.[method] as {
    responses: Record<string, { content: { 'application/json': { schema: Record<string, unknown> } } }>;
  };
  return op.responses[String(status)]!.content['application/json'].schema;
}

describe('the OpenAPI document', () => {
  it('is served unauthenticated and equals the package document', async () => {
    const res = await platform.api().get('/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(JSON.parse(JSON.stringify(doc)));
    expect(res.body.openapi).toBe('3.1.0');
  });

  it('documents every route the gateway serves, and serves every documented route', () => {
    const served = platform.gateway
      .routes()
      .map((r) => `${r.method.toUpperCase()} ${r.path}`)
      .sort();
    const documented = Object.entries(doc.paths)
      .flatMap(([path, item]) =>
        Object.keys(item)
          .filter((m) => METHODS.includes(m))
          .map((m) => `${m.toUpperCase()} ${path}`),
      )
      .sort();
    expect(served).toEqual(documented);
  });

  it('resolves every $ref', () => {
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/(\w+)"/g)].map((m) => m[1]!);
    const schemas = (doc.components as { schemas: Record<string, unknown> }).schemas;
    expect(refs.filter((r) => !(r in schemas))).toEqual([]);
  });

  it('describes real mandate, customer, list and error responses exactly', async () => {
    const customer = await api.post('/v1/sandbox/customers', { sca_completed: true });
    expect(schemaProblems(customer.body, responseSchema('post', '/v1/sandbox/customers', 201), doc)).toEqual([]);
    const created = await api.post('/v1/mandates', mandateBody(await sandboxCustomer(api), { metadata: { a: 1, b: 'x' } }));
    expect(schemaProblems(created.body, responseSchema('post', '/v1/mandates', 201), doc)).toEqual([]);
    const id = created.body.id as string;
    const responses = [
      [await api.get(`/v1/mandates/${id}`), 'get', '/v1/mandates/{id}'],
      [await api.post(`/v1/sandbox/mandates/${id}/activate`), 'post', '/v1/sandbox/mandates/{id}/activate'],
      [await api.post(`/v1/sandbox/mandates/${id}/suspend`), 'post', '/v1/sandbox/mandates/{id}/suspend'],
      [await api.post(`/v1/mandates/${id}/cancel`), 'post', '/v1/mandates/{id}/cancel'],
      [await api.get('/v1/mandates?page_size=1'), 'get', '/v1/mandates'],
    ] as const;
    for (const [res, method, path] of responses) {
      expect(res.status, path).toBe(200);
      expect(schemaProblems(res.body, responseSchema(method, path, 200), doc), path).toEqual([]);
    }
    const mandate = (await api.get(`/v1/mandates/${id}`)).body;
    const mandateSchema = (doc.components as { schemas: Record<string, { properties: object; required: string[] }> }).schemas.Mandate!;
    expect(Object.keys(mandate).sort()).toEqual(Object.keys(mandateSchema.properties).sort());
    expect([...mandateSchema.required].sort()).toEqual(Object.keys(mandate).sort());

    const error = await api.post('/v1/mandates', { nope: true });
    expect(schemaProblems(error.body, responseSchema('post', '/v1/mandates', 400), doc)).toEqual([]);
  });
});
