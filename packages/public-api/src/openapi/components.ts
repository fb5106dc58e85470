import { ERROR_CODES } from '@vrp/errors';
import type { OpenApiObject } from './types.js';

/** `$ref` to a component schema. */
export const ref = (name: string): OpenApiObject => ({ $ref: `#/components/schemas/${name}` });

const header = (description: string, schema: OpenApiObject = { type: 'integer' }): OpenApiObject => ({ description, schema });

/** Every response header, written once in `components.headers` and referenced wherever it is sent. */
export const headerComponents: Record<string, OpenApiObject> = {
  'RateLimit-Limit': header(
    'Requests the merchant may burst (token bucket size). One bucket per merchant, shared by every gateway replica.',
  ),
  'RateLimit-Remaining': header('Requests left in the bucket now.'),
  'RateLimit-Reset': header('Seconds until the bucket is full again.'),
  'X-Request-Id': header('Identifier of this request (echoed when the client sent one).', { type: 'string' }),
  'Idempotent-Replayed': header('`true` when this response is a replay of an earlier request with the same Idempotency-Key.', {
    type: 'string',
    enum: ['true'],
  }),
  'Retry-After': header('Seconds to wait before retrying.'),
};

const headerRef = (name: keyof typeof headerComponents): OpenApiObject => ({ $ref: `#/components/headers/${name}` });

/** Headers on every authenticated response. */
export const rateLimitHeaders: Record<string, OpenApiObject> = {
  'RateLimit-Limit': headerRef('RateLimit-Limit'),
  'RateLimit-Remaining': headerRef('RateLimit-Remaining'),
  'RateLimit-Reset': headerRef('RateLimit-Reset'),
  'X-Request-Id': headerRef('X-Request-Id'),
};

/** Extra headers of a POST response. */
export const idempotentHeaders: Record<string, OpenApiObject> = {
  ...rateLimitHeaders,
  'Idempotent-Replayed': headerRef('Idempotent-Replayed'),
};

/** The Idempotency-Key header parameter every POST accepts. */
export const idempotencyKeyParam: OpenApiObject = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Makes the POST safe to retry. Scoped to the merchant and kept 24 h: the same key with the same method, path and body ' +
    'replays the first response (status and body) with `Idempotent-Replayed: true`; with a different request the answer is ' +
    '422 `idempotency_key_reused`. A duplicate sent while the first is still running waits for it and then replays it, and ' +
    'gets 409 `idempotency_key_in_use` only if the first takes too long. Answers that decide nothing are not remembered: ' +
    'server errors (5xx), 429 and 409 `idempotency_key_in_use`, so a retry with the key runs again. A secret in the answer ' +
    "(a webhook endpoint's `secret`) is kept sealed and shown again by the replay.",
  schema: { type: 'string', minLength: 1, maxLength: 255 },
};

/** A path parameter named `name` holding a resource id. */
export const idParam = (name: string, description: string): OpenApiObject => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string' },
});

/** The error body of every non-2xx response. */
export const errorSchemas: Record<string, OpenApiObject> = {
  Error: {
    type: 'object',
    required: ['error'],
    additionalProperties: false,
    properties: {
      error: {
        type: 'object',
        required: ['type', 'code', 'message', 'request_id'],
        additionalProperties: false,
        properties: {
          type: {
            type: 'string',
            description:
              'Category: invalid_request_error, authentication_error, permission_error, conflict_error, idempotency_error, unprocessable_error, rate_limit_error, api_error.',
          },
          code: {
            type: 'string',
            enum: Object.keys(ERROR_CODES),
            description:
              'Machine-readable reason, e.g. `validation_error` or `mandate_not_cancellable`; each response lists the codes it can carry.',
          },
          message: { type: 'string', description: 'Human-readable explanation; may change, never parse it.' },
          param: { type: 'string', description: 'The request parameter at fault, when there is one.' },
          details: {
            type: 'array',
            items: {
              type: 'object',
              required: ['param', 'message'],
              additionalProperties: false,
              properties: { param: { type: 'string' }, message: { type: 'string' } },
            },
          },
          request_id: { type: 'string' },
        },
      },
    },
  },
};

/** The API error codes a response description names (every code is written in snake_case in it). */
function codesIn(description: string): string[] {
  return Object.keys(ERROR_CODES).filter((code) => new RegExp(`(^|[^a-z_])${code}([^a-z_]|$)`).test(description));
}

/** An error response whose `code` is one of those its description names. */
const errorResponse = (description: string, headers: Record<string, OpenApiObject> = {}): OpenApiObject => {
  const codes = codesIn(description);
  const schema =
    codes.length === 0
      ? ref('Error')
      : { allOf: [ref('Error'), { type: 'object', properties: { error: { type: 'object', properties: { code: { enum: codes } } } } }] };
  return { description, headers, content: { 'application/json': { schema } } };
};

/** The error responses shared by every authenticated operation, plus `extra` statuses. */
export function errorResponses(extra: Record<string, string> = {}): Record<string, OpenApiObject> {
  const out: Record<string, OpenApiObject> = {
    '400': errorResponse(
      'validation_error: a parameter is missing or malformed (`param` names the first, `details` every one); ' +
        'invalid_cursor, page_size_too_large, invalid_order or invalid_expand for list and expand parameters.',
      rateLimitHeaders,
    ),
    '401': errorResponse('authentication_required (no or malformed Authorization header) or invalid_token.'),
    '429': errorResponse('rate_limited: slow down.', { ...rateLimitHeaders, 'Retry-After': headerRef('Retry-After') }),
    '500': errorResponse('internal_error.'),
    '503': errorResponse('service_unavailable: a dependency is unavailable; retry shortly.', { 'Retry-After': headerRef('Retry-After') }),
  };
  // 429 and 503 always say when to come back.
  const retryAfter = (status: string): Record<string, OpenApiObject> =>
    status === '429' || status === '503' ? { 'Retry-After': headerRef('Retry-After') } : {};
  for (const [status, description] of Object.entries(extra))
    out[status] = errorResponse(description, { ...rateLimitHeaders, ...retryAfter(status) });
  return out;
}

/** A JSON response with `schema` and the standard headers. */
export const jsonResponse = (description: string, schema: OpenApiObject, headers = rateLimitHeaders): OpenApiObject => ({
  description,
  headers,
  content: { 'application/json': { schema } },
});

/** A JSON request body with `schema`. */
export const jsonBody = (schema: OpenApiObject, required = true): OpenApiObject => ({
  required,
  content: { 'application/json': { schema } },
});
