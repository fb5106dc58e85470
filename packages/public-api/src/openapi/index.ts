import { errorSchemas } from './components.js';
import * as mandates from './mandates.js';
import * as payments from './payments.js';
import * as refunds from './refunds.js';
import * as sandbox from './sandbox.js';
import * as system from './system.js';
import * as webhooks from './webhooks.js';
import type { OpenApiFragment, OpenApiObject } from './types.js';

/**
 * Every fragment of the public contract. A new resource adds `openapi/<things>.ts` exporting
 * `paths` and `schemas`, and one line here.
 */
const FRAGMENTS: OpenApiFragment[] = [system, mandates, payments, refunds, webhooks, sandbox];

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
  return {
    openapi: '3.1.0',
    info: {
      title: 'Variable Recurring Payments API',
      version: '1.0.0',
      description: [
        'Mandates, payments, refunds and signed webhooks. All bodies are JSON; amounts are decimal strings in major units.',
        'Authenticate with `Authorization: Bearer <token>` (`vrp_sandbox_…` or `vrp_live_…`; a token works only in its own environment).',
        'Every response carries `X-Request-Id`. Authenticated responses carry `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`;',
        'limits are per merchant (token bucket), counted per gateway instance. Over the limit: 429 `rate_limited` with `Retry-After`.',
        'Every POST accepts an `Idempotency-Key` header. Lists use keyset cursors (`next_cursor`/`previous_cursor`).',
      ].join(' '),
    },
    servers: [{ url: 'http://127.0.0.1:8080', description: 'Local (the environment chosen by VRP_ENV)' }],
    security: [{ bearerAuth: [] }],
    tags: [
      { name: 'Mandates' },
      { name: 'Payments' },
      { name: 'Refunds' },
      { name: 'Webhooks' },
      { name: 'Sandbox' },
      { name: 'Operations' },
    ],
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'A merchant API token.' } },
      schemas,
    },
  };
}

export type { OpenApiFragment, OpenApiObject } from './types.js';
