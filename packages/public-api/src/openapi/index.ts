import { REQUEST_BODIES, requestBodySchema } from '../requests.js';
import { RESOURCES, resourceSchema } from '../resources.js';
import { errorSchemas, headerComponents } from './components.js';
import { webhookEventSchemas, webhookOperations } from './webhook-events.js';
import * as customers from './customers.js';
import * as eventTypes from './event-types.js';
import * as mandateRequests from './mandate-requests.js';
import * as mandates from './mandates.js';
import * as payments from './payments.js';
import * as exports_ from './exports.js';
import * as refunds from './refunds.js';
import * as reports from './reports.js';
import * as sandbox from './sandbox.js';
import * as schedules from './schedules.js';
import * as system from './system.js';
import * as webhooks from './webhooks.js';
import type { OpenApiFragment, OpenApiObject } from './types.js';

/**
 * Every fragment of the public contract. A new resource adds `openapi/<things>.ts` exporting
 * `paths` and `schemas`, and one line here.
 */
const FRAGMENTS: OpenApiFragment[] = [
  system,
  customers,
  mandates,
  mandateRequests,
  payments,
  refunds,
  schedules,
  webhooks,
  eventTypes,
  sandbox,
  exports_,
  reports,
];

/**
 * The OpenAPI 3.1 document of the public REST API, served at /v1/openapi.json and tested
 * against the gateway's routes and real responses.
 */
export function openapiDocument(): OpenApiObject {
  const paths: Record<string, OpenApiObject> = {};
  const schemas: Record<string, OpenApiObject> = { ...errorSchemas };
  for (const fragment of FRAGMENTS) {
    for (const [path, item] of Object.entries(fragment.paths)) paths[path] = { ...(paths[path] ?? {}), ...item };
    Object.assign(schemas, fragment.schemas);
  }
  // Resources come from the schemas the presenters' types are inferred from (resources.ts), request
  // bodies from the schemas the gateway validates with (requests.ts): each written once.
  for (const [name, schema] of Object.entries(RESOURCES)) schemas[name] = resourceSchema(schema);
  for (const [name, schema] of Object.entries(REQUEST_BODIES)) schemas[name] = requestBodySchema(schema);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Variable Recurring Payments API',
      version: '1.0.0',
      description: [
        'Customers, mandates, payments, refunds and signed webhooks. All bodies are JSON; amounts are decimal strings in major units.',
        'Authenticate with `Authorization: Bearer <token>` (`vrp_sandbox_…` or `vrp_live_…`; a token works only in its own environment).',
        'Every response carries `X-Request-Id`. Authenticated responses carry `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`;',
        'limits are per merchant (token bucket), shared by every gateway replica. Over the limit: 429 `rate_limited` with `Retry-After`.',
        'Every POST accepts an `Idempotency-Key` header. Lists use keyset cursors (`next_cursor`/`previous_cursor`).',
      ].join(' '),
      license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
    },
    servers: [
      {
        url: 'https://{host}',
        description: 'Sandbox: `vrp_sandbox_` tokens, simulated bank, sandbox routes',
        variables: { host: { default: 'sandbox.vrp.example.com', description: "Your sandbox deployment's gateway host." } },
      },
      {
        url: 'https://{host}',
        description: 'Production: `vrp_live_` tokens; no sandbox routes',
        variables: { host: { default: 'api.vrp.example.com', description: "Your production deployment's gateway host." } },
      },
      { url: 'http://127.0.0.1:8080', description: 'Local `npm start` (sandbox unless VRP_ENV=production)' },
    ],
    security: [{ bearerAuth: [] }],
    tags: [
      { name: 'Customers', description: 'Your payers: their contact details and your reference, erasable on request.' },
      { name: 'Mandates', description: "A customer's consent to recurring collections within limits." },
      { name: 'Payments', description: 'Collections under an active mandate, settled or failed by the bank, retried within 7 days.' },
      { name: 'Refunds', description: 'Money given back from a settled payment; never more than it collected.' },
      { name: 'Schedules', description: 'Collections that run by themselves: one payment per cycle, limits obeyed, retries made.' },
      { name: 'Webhooks', description: 'Endpoints that receive signed events, and the log of every event with its delivery attempts.' },
      { name: 'Exports', description: 'CSV and JSONL files of your lists, written in the background, for reconciliation.' },
      { name: 'Reports', description: 'Daily figures of your payments and webhook deliveries, counted by the platform.' },
      { name: 'Sandbox', description: 'Simulators that play the customer and the bank; sandbox only.' },
      { name: 'Operations', description: 'Liveness, readiness and this document; no token needed.' },
    ],
    paths,
    webhooks: webhookOperations(),
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'A merchant API token.' } },
      headers: headerComponents,
      schemas: { ...schemas, ...webhookEventSchemas() },
    },
  };
}

export type { OpenApiFragment, OpenApiObject } from './types.js';
