import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EVENT_TYPES } from '@vrp/contracts';
import { ERROR_CODES } from '@vrp/errors';
import { openapiDocument } from '@vrp/public-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Api } from './support/api.js';
import { mandateBody, sandboxCustomer } from './support/fixtures.js';
import { startPlatform, type Platform } from './support/platform.js';
import { schemaProblems } from './support/schema.js';

type Doc = Record<string, unknown> & { paths: Record<string, Record<string, unknown>> };
const doc = openapiDocument() as Doc;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
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
    expect(Object.keys(mandate).sort()).toEqual(
      Object.keys(mandateSchema.properties)
        .filter((k) => k !== 'usage')
        .sort(),
    );
    // Every field is required except `usage`, which only mandates with periodic limits carry (and only on answers about one mandate).
    expect([...mandateSchema.required].sort()).toEqual(Object.keys(mandate).sort());

    const error = await api.post('/v1/mandates', { nope: true });
    expect(schemaProblems(error.body, responseSchema('post', '/v1/mandates', 400), doc)).toEqual([]);

    // The validator is real: a response off the document by one field, one type or one error code is caught.
    expect(schemaProblems({ ...mandate, extra: 1 }, responseSchema('get', '/v1/mandates/{id}', 200), doc)).not.toEqual([]);
    expect(schemaProblems({ ...mandate, created_at: 'yesterday' }, responseSchema('get', '/v1/mandates/{id}', 200), doc)).not.toEqual([]);
    const wrongCode = { error: { ...(error.body.error as object), code: 'open_payment_exists' } };
    expect(schemaProblems(wrongCode, responseSchema('post', '/v1/mandates', 400), doc)).not.toEqual([]);
  });

  it('describes every customer answer exactly: create, read, list, update, erase and their refusals', async () => {
    const created = await api.post('/v1/customers', { email: 'doc@example.com', name: 'Doc', reference: 'D-1', metadata: { a: 1 } });
    const id = created.body.id as string;
    const bare = await api.post('/v1/customers', {});
    const withMandate = await sandboxCustomer(api);
    await api.post('/v1/mandates', mandateBody(withMandate));
    const answers = [
      [created, 'post', '/v1/customers', 201],
      [bare, 'post', '/v1/customers', 201],
      [await api.get(`/v1/customers/${id}`), 'get', '/v1/customers/{id}', 200],
      [await api.get('/v1/customers?page_size=1&email=DOC@example.com'), 'get', '/v1/customers', 200],
      [await api.patch(`/v1/customers/${id}`, { name: null, metadata: { b: 'x' } }), 'patch', '/v1/customers/{id}', 200],
      [await api.delete(`/v1/customers/${id}`), 'delete', '/v1/customers/{id}', 200],
      [await api.patch(`/v1/customers/${id}`, { name: 'Back' }), 'patch', '/v1/customers/{id}', 422],
      [await api.delete(`/v1/customers/${withMandate}`), 'delete', '/v1/customers/{id}', 409],
      [await api.get('/v1/customers?order=amount_minor'), 'get', '/v1/customers', 400],
      [await api.delete('/v1/customers/CU01JD3Q4M7P9X2K8V5N6R0T1W2Y'), 'delete', '/v1/customers/{id}', 404],
      [await api.post('/v1/mandates', mandateBody(id)), 'post', '/v1/mandates', 422],
    ] as const;
    for (const [res, method, path, status] of answers) {
      const what = `${method} ${path} ${status}`;
      expect(res.status, `${what}: ${res.text}`).toBe(status);
      expect(schemaProblems(res.body, responseSchema(method, path, status), doc), what).toEqual([]);
    }
    const customerSchema = (doc.components as { schemas: Record<string, { properties: object; required: string[] }> }).schemas.Customer!;
    expect(Object.keys(created.body).sort()).toEqual(Object.keys(customerSchema.properties).sort());
    expect([...customerSchema.required].sort()).toEqual(Object.keys(created.body).sort());
    // An answer off the document by one field or one error code is caught.
    expect(schemaProblems({ ...created.body, phone: '1' }, responseSchema('get', '/v1/customers/{id}', 200), doc)).not.toEqual([]);
    const erased = answers[6][0].body.error as object;
    expect(
      schemaProblems(
        { error: { ...erased, code: 'customer_has_active_mandates' } },
        responseSchema('patch', '/v1/customers/{id}', 422),
        doc,
      ),
    ).not.toEqual([]);
    // Every customer operation shows an example of what it answers.
    for (const [path, methods] of Object.entries(doc.paths).filter(([p]) => p.startsWith('/v1/customers'))) {
      for (const [method, op] of Object.entries(methods)) {
        const responses = (op as { responses: Record<string, { content?: Record<string, { examples?: object }> }> }).responses;
        const success = Object.entries(responses).find(([s]) => s.startsWith('2'))![1];
        expect(success.content?.['application/json']?.examples, `${method} ${path}`).toBeDefined();
      }
    }
  });

  it('passes Redocly lint with every recommended rule strict, and the linter does catch a broken document', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'openapi-'));
    try {
      const lint = (document: unknown) => {
        const file = path.join(dir, 'openapi.json');
        writeFileSync(file, JSON.stringify(document));
        const result = spawnSync(
          'npx',
          ['--no-install', 'redocly', 'lint', file, '--config', path.join(root, 'redocly.yaml'), '--format', 'summary'],
          {
            cwd: root,
            encoding: 'utf8',
            env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
          },
        );
        return { status: result.status, output: `${result.stdout}${result.stderr}` };
      };
      const clean = lint(doc);
      expect(clean.status, clean.output).toBe(0);
      const broken = structuredClone(doc) as unknown as { components: { schemas: Record<string, unknown> } };
      delete broken.components.schemas.Refund;
      expect(lint(broken).status).not.toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('describes every webhook payload, every error code, both environments and shared headers', () => {
    const d = doc as {
      webhooks: Record<string, { post: { requestBody: { content: { 'application/json': { schema: { $ref: string } } } } } }>;
      servers: { description: string }[];
      paths: unknown;
      components: {
        headers: Record<string, unknown>;
        schemas: Record<string, { properties: { error: { properties: { code: { enum: string[] } } } } }>;
      };
    };
    // The ten resource events and the two about the endpoints themselves.
    expect(Object.keys(d.webhooks).sort()).toEqual([...EVENT_TYPES, 'webhook_endpoint.disabled', 'webhook_endpoint.enabled'].sort());
    expect(d.webhooks['payment.settled']!.post.requestBody.content['application/json'].schema.$ref).toBe(
      '#/components/schemas/PaymentSettledEvent',
    );
    expect(d.components.schemas.Error!.properties.error.properties.code.enum.sort()).toEqual(Object.keys(ERROR_CODES).sort());
    expect(d.servers.map((s) => s.description.split(':')[0])).toEqual([
      'Sandbox',
      'Production',
      'Local `npm start` (sandbox unless VRP_ENV=production)',
    ]);
    expect(Object.keys(d.components.headers)).toEqual(
      expect.arrayContaining(['X-Request-Id', 'RateLimit-Limit', 'Idempotent-Replayed', 'Retry-After']),
    );
    expect(JSON.stringify(d.paths)).not.toContain('"description":"Identifier of this request');
  });
});
