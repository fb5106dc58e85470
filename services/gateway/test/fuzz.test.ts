import { ERROR_CODES, isErrorCode } from '@vrp/errors';
import { waitFor } from '@vrp/testing';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressKey } from '../src/domain/client-address.js';
import type { Api } from './support/api.js';
import { mandateBody, sandboxCustomer } from './support/fixtures.js';
import { startPlatform, type Platform } from './support/platform.js';

// Property-based fuzzing of every route the OpenAPI document describes, with requests that are
// each malformed in at least one way the API must refuse. For every one: no 5xx, no hang, the
// documented error body whose request_id is the X-Request-Id, and nothing persisted.
// FUZZ_SEED replays a run (the seed is printed when it fails); FUZZ_RUNS sets the count.
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const RUNS = Number(process.env.FUZZ_RUNS ?? 5000);
const REQUEST_TIMEOUT_MS = 10_000;

type Json = Record<string, unknown>;
interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodyFields: string[] | undefined;
}

let platform: Platform;
let api: Api;
let token: string;
let sql: pg.Client;
/** Real ids of the fuzzing merchant, so many requests reach deep into the services. */
const ids: Record<string, string> = {};
let operations: Operation[] = [];

beforeAll(async () => {
  platform = await startPlatform({
    overrides: { RATE_LIMIT_RPS: '100000', RATE_LIMIT_BURST: '100000', SANDBOX_ACTIVATION_DELAY_MS: '3600000' },
  });
  token = (await platform.createMerchant({ payoutCurrency: 'GBP' })).token;
  api = platform.api(token);
  sql = new pg.Client({ connectionString: platform.db.url });
  await sql.connect();
  await seed();
  operations = await documentedOperations();
}, 60_000);
afterAll(async () => {
  await sql?.end();
  await platform?.stop();
});

/** One of each resource, settled where that matters, then a quiet platform. */
async function seed(): Promise<void> {
  ids.customer = await sandboxCustomer(api);
  ids.mandate = (await api.post('/v1/mandates', mandateBody(ids.customer, { frequency: 'adhoc' }))).body.id as string;
  await api.post(`/v1/sandbox/mandates/${ids.mandate}/activate`);
  ids.payment = (await api.post('/v1/payments', { mandate_id: ids.mandate, amount: '50.00', currency: 'GBP' })).body.id as string;
  await api.post(`/v1/sandbox/payments/${ids.payment}/settle`);
  await waitFor(async () => (await api.get(`/v1/payments/${ids.payment}`)).body.status === 'settled', {
    what: 'the seeded payment settled',
  });
  ids.refund = (await api.post(`/v1/payments/${ids.payment}/refunds`, { amount: '5.00' })).body.id as string;
  ids.endpoint = (await api.post('/v1/webhook-endpoints', { url: 'https://sandbox.example.com/fuzz', enabled_events: ['refund.settled'] }))
    .body.id as string;
  const events = await waitFor(
    async () => {
      const list = (await api.get('/v1/webhook-events?page_size=200')).body.results as Json[];
      return list.length >= 6 ? list : undefined;
    },
    { what: 'the seeded events recorded' },
  );
  ids.event = events[0]!.id as string;
  await waitFor(async () => (await unpublishedOutboxRows()) === 0, { what: 'the outboxes drained' });
}

async function unpublishedOutboxRows(): Promise<number> {
  const { rows } = await sql.query<{ n: string }>(
    `SELECT (SELECT count(*) FROM mandate.outbox_events WHERE published_at IS NULL) + (SELECT count(*) FROM payment.outbox_events WHERE published_at IS NULL)
          + (SELECT count(*) FROM refund.outbox_events WHERE published_at IS NULL) AS n`,
  );
  return Number(rows[0]!.n);
}

/** Rows of every table a request could write to (the gateway's idempotency records aside: refusals are replayed by design). */
const PERSISTED = [
  'mandate.customers',
  'mandate.mandates',
  'mandate.outbox_events',
  'mandate.idempotency_keys',
  'payment.payments',
  'payment.payment_timeline',
  'payment.refund_allocations',
  'payment.outbox_events',
  'payment.idempotency_keys',
  'payment.mandate_gates',
  'refund.refund_requests',
  'refund.refunds',
  'refund.outbox_events',
  'refund.idempotency_keys',
  'webhook.endpoints',
  'webhook.events',
  'webhook.deliveries',
  'webhook.attempts',
];
async function persistedState(): Promise<Record<string, string>> {
  const { rows } = await sql.query<Json>(`SELECT ${PERSISTED.map((t, i) => `(SELECT count(*) FROM ${t}) AS t${i}`).join(', ')}`);
  const counts = Object.fromEntries(PERSISTED.map((t, i) => [t, String(rows[0]![`t${i}`])]));
  const { rows: states } = await sql.query<{ s: string }>(
    `SELECT string_agg(x, ',' ORDER BY x) AS s FROM (
       SELECT id || status FROM mandate.mandates UNION ALL SELECT id || status || amount_refunded_minor FROM payment.payments
       UNION ALL SELECT concat_ws('|', id, email, name, reference, metadata, sca_completed, erased_at) FROM mandate.customers
       UNION ALL SELECT id || status FROM refund.refunds
       UNION ALL SELECT concat_ws('|', id, status, secret_ciphertext, url, description, enabled_events) FROM webhook.endpoints
       UNION ALL SELECT id || delivery_status FROM webhook.events) AS t(x)`,
  );
  return { ...counts, states: states[0]!.s };
}

/** Every /v1 operation of the served document, with the names of its parameters and body fields. */
async function documentedOperations(): Promise<Operation[]> {
  const doc = (await api.get('/v1/openapi.json')).body as Json & {
    paths: Record<string, Record<string, Json>>;
    components: { schemas: Record<string, Json> };
  };
  const out: Operation[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    if (!path.startsWith('/v1/') || path === '/v1/openapi.json') continue;
    for (const [method, op] of Object.entries(ops)) {
      const params = (op.parameters ?? []) as { name: string; in: string }[];
      const schema = ((op.requestBody as Json | undefined)?.content as Json | undefined)?.['application/json'] as
        { schema?: { $ref?: string } } | undefined;
      const ref = schema?.schema?.$ref?.split('/').pop();
      const properties = ref ? (doc.components.schemas[ref]!.properties as Json | undefined) : undefined;
      out.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: params.filter((p) => p.in === 'query').map((p) => p.name),
        bodyFields: properties ? Object.keys(properties) : undefined,
      });
    }
  }
  return out;
}

// Values a hostile client sends, valid ones among them so that other defects are reached.
const hostileString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\uD800',
    'x\uDC00y',
    '%00',
    '../../etc/passwd',
    "'; DROP TABLE x; --",
    '<script>',
    '0000-01-01',
    '9999-12-31T23:59:60Z',
    '-1',
    '1e308',
    'NaN',
    '10.001',
    '99999999999999999999.99',
    'GBP',
    'gbp',
    'XXX',
    'monthly',
    'payment.settled',
    'https://sandbox.example.com/h\n',
    'null',
    'true',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constant('x'.repeat(5000)),
);
const hostileNumber = fc.oneof(fc.constantFrom(0, -1, 1.5, 2 ** 53, -(2 ** 63), 1e308, Number.MAX_SAFE_INTEGER), fc.integer(), fc.double());
const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 3 }),
  ),
})).value;
/** Percent-encodes anything, lone surrogates included (as the bytes a sloppy client would send). */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  }
}
const realId = () => fc.constantFrom(...Object.values(ids));
const badId = fc.oneof(
  fc.constantFrom('MD%00', '%00', 'x%20y', 'PM' + 'Z'.repeat(80), '%F0%9F%98%80', '..', 'a%2Fb', '%25', '%E0%A4%A', '%', '%ED%A0%80'),
  fc.string({ minLength: 1, maxLength: 10 }).map(encode),
);

/** A valid body for each operation that takes one: a request built on it reaches the services, unless its one defect is caught. */
function validBody(op: Operation): Json {
  const templates: Record<string, Json> = {
    'POST /v1/customers': { email: 'fuzz@example.com', name: 'Fuzz', reference: 'FZ-1', metadata: { plan: 'gold' } },
    'PATCH /v1/customers/{id}': { email: 'fuzz-2@example.com', name: null, metadata: { plan: 'silver' } },
    'PATCH /v1/webhook-endpoints/{id}': { description: 'fuzzed', enabled_events: ['payment.failed'] },
    'POST /v1/mandates': mandateBody(ids.customer!, { metadata: { plan: 'gold' } }),
    'POST /v1/payments': { mandate_id: ids.mandate, amount: '1.00', currency: 'GBP', metadata: { order: 'o-1' } },
    'POST /v1/payments/{payment_id}/refunds': { amount: '1.00', reason: 'fuzz', metadata: { ticket: 't-1' } },
    'POST /v1/webhook-endpoints': { url: 'https://sandbox.example.com/fuzz-2', description: 'fuzz', enabled_events: ['payment.settled'] },
    'POST /v1/sandbox/payments/{id}/fail': { failure_code: 'insufficient_funds' },
    'POST /v1/webhook-events/retry': { delivery_status: 'delivery_failed' },
    'POST /v1/webhooks/test': { event_type: 'payment.settled' },
    'POST /v1/sandbox/customers': { sca_completed: true },
    'POST /v1/sandbox/mandates/{id}/revoke': { by: 'customer' },
  };
  return structuredClone(templates[`${op.method} ${op.path}`] ?? {});
}

/** The real id a path of this operation names. */
function realIdFor(path: string): string {
  const kind = ['webhook-endpoints', 'webhook-events', 'customers', 'mandates', 'payments', 'refunds'].find((k) =>
    path.includes(`/${k}/`),
  )!;
  return {
    customers: ids.customer,
    'webhook-endpoints': ids.endpoint,
    'webhook-events': ids.event,
    mandates: ids.mandate,
    payments: ids.payment,
    refunds: ids.refund,
  }[kind]!;
}

/** Ways a request is certainly wrong; each request carries at least one. */
type Poison =
  'unknown-body-field' | 'unknown-query' | 'bad-path-id' | 'not-an-object' | 'bad-json' | 'nul-in-body' | 'too-deep' | 'unsafe-integer';

interface FuzzRequest {
  method: string;
  url: string;
  body?: string;
  headers: Record<string, string>;
  poison: Poison;
}

function poisonsFor(op: Operation): Poison[] {
  const list: Poison[] = [];
  if (op.pathParams.length > 0) list.push('bad-path-id');
  if (op.method === 'GET') list.push('unknown-query');
  const hasBody = op.method === 'POST' || op.method === 'PATCH';
  if (hasBody) list.push('unknown-body-field', 'not-an-object', 'bad-json', 'too-deep');
  if (hasBody && op.bodyFields?.length) list.push('nul-in-body', 'unsafe-integer');
  return list;
}

const requestArb = (ops: Operation[]): fc.Arbitrary<FuzzRequest> =>
  fc.constantFrom(...ops.filter((op) => poisonsFor(op).length > 0)).chain((op) =>
    fc
      .record({
        poison: fc.constantFrom(...poisonsFor(op)),
        pathValues: fc.array(fc.oneof(realId(), badId), { minLength: op.pathParams.length, maxLength: op.pathParams.length }),
        query: fc.dictionary(
          fc.constantFrom(...op.queryParams, 'page_size', 'expand'),
          fc.oneof(hostileString.map(encode), fc.constantFrom('%', '%E0%A4%A', '%ED%A0%80')),
          { maxKeys: 3 },
        ),
        fields: fc.dictionary(fc.constantFrom(...(op.bodyFields ?? ['x'])), hostileValue, { maxKeys: 4 }),
        key: fc.option(fc.oneof(fc.string({ minLength: 1, maxLength: 20 }), fc.constant('k'.repeat(300))), { nil: undefined }),
        target: fc.constantFrom(...(op.bodyFields ?? ['x'])),
        // Half the requests are valid but for their one defect, so it is the defect that is judged.
        pristine: fc.boolean(),
        inStringField: fc.boolean(),
      })
      .map(({ poison, pathValues, query, fields, key, target, pristine, inStringField }): FuzzRequest => {
        let path = op.path;
        op.pathParams.forEach((name, i) => {
          const value = pristine ? realIdFor(op.path) : pathValues[i]!;
          path = path.replace(`{${name}}`, poison === 'bad-path-id' && i === 0 ? `MD%00${value}` : value);
        });
        const q = pristine ? [] : Object.entries(query).map(([k, v]) => `${encode(k)}=${v}`);
        if (poison === 'unknown-query') q.push('fuzz_unknown=1');
        const body: Json = pristine ? validBody(op) : { ...fields };
        const stringField = Object.keys(body).find((k) => typeof body[k] === 'string');
        if (pristine && poison === 'nul-in-body') target = inStringField && stringField ? stringField : target;
        if (pristine && (poison === 'unsafe-integer' || poison === 'too-deep') && 'metadata' in body) target = 'metadata';
        if (poison === 'unknown-body-field') body.fuzz_unknown_field = 1;
        if (poison === 'nul-in-body')
          body[target] =
            typeof body[target] === 'object' && body[target]
              ? { ...(body[target] as Json), note: 'a\u0000b' }
              : `${String(body[target] ?? '')}\u0000`;
        if (poison === 'too-deep') body[target] = JSON.parse('{"a":'.repeat(40) + '1' + '}'.repeat(40));
        if (poison === 'unsafe-integer') body[target] = { n: 2 ** 60 };
        const raw = poison === 'bad-json' ? '{"a":' : poison === 'not-an-object' ? JSON.stringify([body]) : JSON.stringify(body);
        return {
          method: op.method,
          url: `/v1${path.slice(3)}${q.length ? `?${q.join('&')}` : ''}`,
          ...(op.method === 'POST' || op.method === 'PATCH' ? { body: raw } : {}),
          headers: { ...(key !== undefined ? { 'idempotency-key': key } : {}) },
          poison,
        };
      }),
  );

describe('fuzzing every documented route with malformed requests', () => {
  it(`refuses ${RUNS} malformed requests with the documented error and persists nothing (seed ${SEED})`, async () => {
    expect(operations.length).toBeGreaterThan(25);
    const before = await persistedState();
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(requestArb(operations), async (req) => {
        const res = await fetch(platform.url + req.url, {
          method: req.method,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...req.headers },
          ...(req.body !== undefined ? { body: req.body } : {}),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        const text = await res.text();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const what = `${req.method} ${req.url} (${req.poison}) ${req.body?.slice(0, 300) ?? ''} -> ${res.status} ${text.slice(0, 300)}`;
        expect(res.status, what).toBeGreaterThanOrEqual(400);
        expect(res.status, what).toBeLessThan(500);
        expect([res.headers.get('cache-control'), res.headers.get('x-content-type-options')], what).toEqual(['no-store', 'nosniff']);
        const error = (JSON.parse(text) as { error: Json }).error;
        expect(error, what).toMatchObject({ type: expect.any(String), code: expect.any(String), message: expect.any(String) });
        expect(isErrorCode(error.code as string) && ERROR_CODES[error.code as keyof typeof ERROR_CODES].http, what).toBe(res.status);
        // A replay (same Idempotency-Key and request) repeats the first answer byte for byte, its request_id included.
        if (res.headers.get('idempotent-replayed') === 'true') expect(error.request_id, what).toEqual(expect.stringMatching(/^req_/));
        else expect(error.request_id, what).toBe(res.headers.get('x-request-id'));
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    // Give anything a refused request might have set off a moment to show, then compare.
    await waitFor(async () => (await unpublishedOutboxRows()) === 0, { what: 'the outboxes drained' });
    expect(await persistedState()).toEqual(before);
    console.log(`fuzz: ${RUNS} requests, seed ${SEED}, statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
  }, 600_000);
});

// Hostile credentials from hostile addresses, against a gateway behind a trusted proxy with small
// per-address budgets: whatever is sent, no 5xx, the documented error body, Retry-After on every
// 429, and no client address (an IPv6 client: its /64) gets more answers than its budget allows.
const BUDGET = 5;
const hostileAddress = fc.oneof(
  fc.constantFrom(
    '203.0.113.9',
    '::ffff:203.0.113.9',
    '2001:db8:1:2::1',
    '2001:db8:1:2:ffff::9',
    '2001:0db8:0001:0002::abcd',
    '2001:db8:1:3::1',
    'fe80::1%eth0',
    '::1',
    '999.1.1.1',
    'unknown',
    'not an address at all',
    '198.51.100.1, 203.0.113.77',
    `${'a'.repeat(300)}`,
  ),
  fc.ipV4(),
  fc.ipV6(),
  fc.integer({ min: 0, max: 65535 }).map((n) => `2001:db8:4:${n.toString(16)}::1`),
);
const hostileAuthorization = fc.oneof(
  fc.constant(undefined),
  fc.string({ maxLength: 60 }).map((t) => `Bearer vrp_sandbox_${t.replace(/[^\w]/g, 'x')}`),
  // Any printable ASCII (what a header value may carry).
  fc.string({ maxLength: 60 }).map((t) => `Bearer ${t.replace(/[^ -~]/g, 'x')}`),
  fc.constantFrom('Basic abc', 'Bearer', 'bearer  x', 'Bearer vrp_live_x', `Bearer ${'x'.repeat(5000)}`),
);
const hostileCookie = fc.option(
  fc.oneof(
    fc.string({ minLength: 43, maxLength: 43 }).map((t) => `__Host-vrp_console_session=${t.replace(/[^\w-]/g, 'x')}`),
    fc.constantFrom('vrp_console_session=abc', '__Host-vrp_console_session=', 'a=b; __Host-vrp_console_session=;;'),
  ),
  { nil: undefined },
);

interface CredentialRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  console: boolean;
  address: string;
}

const credentialArb = (ops: Operation[]): fc.Arbitrary<CredentialRequest> =>
  fc
    .record({
      op: fc.constantFrom(...ops.filter((op) => op.method === 'GET' && !op.path.includes('stream'))),
      address: hostileAddress,
      authorization: hostileAuthorization,
      cookie: hostileCookie,
      console: fc.constantFrom('no', 'no', 'session', 'accept'),
      token: fc.string({ maxLength: 50 }),
      password: fc.string({ maxLength: 30 }),
    })
    .map(({ op, address, authorization, cookie, console: kind, token, password }) => {
      const headers: Record<string, string> = { 'x-forwarded-for': address, 'content-type': 'application/json' };
      if (authorization !== undefined) headers.authorization = authorization;
      if (cookie !== undefined) headers.cookie = cookie;
      if (kind === 'session') return { method: 'GET', url: '/console/api/session', headers, console: true, address };
      if (kind === 'accept') {
        const body = JSON.stringify({ token, password });
        return { method: 'POST', url: '/console/api/invitations/accept', headers, body, console: true, address };
      }
      const path = op.pathParams.reduce((p, name) => p.replace(`{${name}}`, realIdFor(op.path)), op.path);
      return { method: 'GET', url: path, headers, console: false, address };
    });

/** The client address the gateway sees behind one trusted proxy: the last X-Forwarded-For entry. */
const seenAddress = (xff: string) =>
  addressKey(
    xff
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean)
      .pop() ?? '127.0.0.1',
  );

describe('fuzzing credentials and client addresses', () => {
  it(`keeps every per-address limit and answers only 4xx (seed ${SEED})`, async () => {
    const gateway = await platform.startGateway({
      TRUST_PROXY: '1',
      AUTH_FAILURE_BURST: String(BUDGET),
      AUTH_FAILURES_PER_MINUTE: '1',
      CONSOLE_API_BURST: String(BUDGET),
      CONSOLE_API_RPS: '1',
    });
    const started = Date.now();
    const failedAuth = new Map<string, number>();
    const consoleServed = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(credentialArb(operations), async (req) => {
        const res = await fetch(gateway.url + req.url, {
          method: req.method,
          headers: req.headers,
          ...(req.body !== undefined ? { body: req.body } : {}),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        const text = await res.text();
        const what = `${req.method} ${req.url} from ${req.address.slice(0, 60)} -> ${res.status} ${text.slice(0, 200)}`;
        expect(res.status, what).toBeLessThan(500);
        if (res.status >= 400) {
          const error = (JSON.parse(text) as { error: Json }).error;
          expect(isErrorCode(error.code as string) && ERROR_CODES[error.code as keyof typeof ERROR_CODES].http, what).toBe(res.status);
        }
        if (res.status === 429) expect(Number(res.headers.get('retry-after')), what).toBeGreaterThanOrEqual(1);
        if (!req.console) expect(res.headers.get('cache-control'), what).toBe('no-store');
        const key = seenAddress(req.address);
        if (!req.console && res.status === 401) failedAuth.set(key, (failedAuth.get(key) ?? 0) + 1);
        if (req.console && res.status !== 429) consoleServed.set(key, (consoleServed.get(key) ?? 0) + 1);
        const minutes = (Date.now() - started) / 60_000;
        expect(failedAuth.get(key) ?? 0, `401s from ${key}`).toBeLessThanOrEqual(BUDGET + Math.ceil(minutes));
        expect(consoleServed.get(key) ?? 0, `console answers to ${key}`).toBeLessThanOrEqual(
          BUDGET + Math.ceil((Date.now() - started) / 1000),
        );
      }),
      { numRuns: Math.max(100, Math.floor(RUNS / 10)), seed: SEED, endOnFailure: true },
    );
  }, 600_000);
});
