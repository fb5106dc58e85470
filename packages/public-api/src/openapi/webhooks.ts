import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_ENDPOINT_STATUSES, WEBHOOK_EVENT_TYPES } from '../presenters/webhook.js';
import { errorResponses, idParam, idempotencyKeyParam, idempotentHeaders, jsonBody, jsonResponse, ref } from './components.js';
import { commonListParameters, listSchema } from './pagination.js';
import type { OpenApiFragment, OpenApiObject } from './types.js';

const eventType: OpenApiObject = { type: 'string', enum: [...WEBHOOK_EVENT_TYPES] };

const endpointProperties: Record<string, OpenApiObject> = {
  id: { type: 'string', examples: ['WE01JD3Q4M7P9X2K8V5N6R0T1W2Y'] },
  url: { type: 'string', format: 'uri', description: 'Where deliveries are POSTed.' },
  description: { type: 'string' },
  enabled_events: { type: 'array', items: eventType, description: 'Event types delivered here; empty means all.' },
  status: {
    type: 'string',
    enum: [...WEBHOOK_ENDPOINT_STATUSES],
    description:
      '`disabled`: it receives no new deliveries and its waiting ones end as failed; `disabled_reason` says why. `POST …/enable` turns it back on.',
  },
  disabled_reason: {
    type: ['string', 'null'],
    enum: ['gone', 'failing', 'merchant', null],
    description:
      'Why a disabled endpoint is disabled: `gone` (it answered 410 Gone), `failing` (no successful delivery for WEBHOOK_DISABLE_AFTER, 5 days by default, of continuous failures) or `merchant` (POST …/disable). Null while enabled.',
  },
  created_at: { type: 'string', format: 'date-time' },
  secret_expires_at: {
    type: 'string',
    format: 'date-time',
    description: 'Rotate the signing secret before this: 90 days after it was issued.',
  },
};

const secretProperty: OpenApiObject = {
  type: 'string',
  pattern: '^whsec_',
  description:
    'The signing secret, shown only now. Deliveries carry `X-SVC-Signature: t=<unix seconds>,v1=<hex>`: lowercase hex HMAC-SHA256 keyed with this string (UTF-8) over `<t>.<raw body>`. After a rotation the old secret keeps signing beside the new one for 24 h (one `v1=` each).',
};

const attemptSchema: OpenApiObject = {
  type: 'object',
  required: ['endpoint_id', 'attempt', 'attempted_at', 'status_code', 'latency_ms', 'error', 'success'],
  additionalProperties: false,
  properties: {
    endpoint_id: { type: 'string' },
    attempt: { type: 'integer', minimum: 1, description: 'Per endpoint; a manual retry continues the numbering.' },
    attempted_at: { type: 'string', format: 'date-time' },
    status_code: { type: ['integer', 'null'], description: 'HTTP status received; null when none was (timeout, refused connection).' },
    latency_ms: { type: 'integer', minimum: 0 },
    error: {
      type: ['string', 'null'],
      description:
        'Why it failed (`HTTP 503`, `timed out after 10000 ms`, `connection refused`, a refused private address); null on success.',
    },
    success: { type: 'boolean', description: 'A 2xx answer within 10 s.' },
  },
};

const eventProperties: Record<string, OpenApiObject> = {
  id: {
    type: 'string',
    description: 'The event id, equal to `event_id` in the delivered body.',
    examples: ['EV01JD3Q4M7P9X2K8V5N6R0T1W2Y'],
  },
  event_type: eventType,
  created_at: { type: 'string', format: 'date-time' },
  delivery_status: {
    type: 'string',
    enum: [...WEBHOOK_DELIVERY_STATUSES],
    description:
      'pending: nothing attempted yet; delivered: every endpoint answered 2xx, or no endpoint was subscribed (nothing to deliver, no attempts); retrying: an endpoint awaits another attempt; delivery_failed: attempts ran out (9 over at most 24 h).',
  },
  test: { type: 'boolean', description: 'A sandbox test event from POST /v1/webhooks/test.' },
  data: {
    description: 'The resource exactly as its own GET endpoint returned it when the event happened.',
    oneOf: [ref('Mandate'), ref('Payment'), ref('Refund')],
  },
};

export const schemas: OpenApiFragment['schemas'] = {
  WebhookReplayResult: {
    type: 'object',
    required: ['count'],
    additionalProperties: false,
    properties: { count: { type: 'integer', minimum: 0, maximum: 10000, description: 'Events queued for redelivery.' } },
  },
  WebhookEndpoint: {
    type: 'object',
    required: Object.keys(endpointProperties),
    additionalProperties: false,
    properties: endpointProperties,
  },
  WebhookEndpointWithSecret: {
    type: 'object',
    required: [...Object.keys(endpointProperties), 'secret'],
    additionalProperties: false,
    properties: { ...endpointProperties, secret: secretProperty },
  },
  WebhookEndpointList: listSchema('WebhookEndpoint'),
  WebhookEvent: { type: 'object', required: Object.keys(eventProperties), additionalProperties: false, properties: eventProperties },
  WebhookEventWithAttempts: {
    type: 'object',
    required: [...Object.keys(eventProperties), 'attempts'],
    additionalProperties: false,
    properties: {
      ...eventProperties,
      attempts: { type: 'array', items: attemptSchema, description: 'Every delivery attempt, oldest first.' },
    },
  },
  WebhookEventList: listSchema('WebhookEvent'),
};

const endpointId = idParam('id', 'The webhook endpoint id.');
const eventId = idParam('event_id', 'The event id.');
const tags = ['Webhooks'];
const notFound = { '404': 'not_found: no such endpoint or event (also for other merchants\u2019).' };
const listNote = 'Orders: `-created_at` (default) or `created_at`; amount orders answer 400 `invalid_order`.';

export const paths: OpenApiFragment['paths'] = {
  '/v1/webhook-endpoints': {
    post: {
      operationId: 'createWebhookEndpoint',
      tags,
      summary: 'Register a webhook endpoint',
      parameters: [idempotencyKeyParam],
      requestBody: jsonBody(ref('WebhookEndpointCreate')),
      responses: {
        '201': jsonResponse('The endpoint with its signing secret (shown only now).', ref('WebhookEndpointWithSecret'), idempotentHeaders),
        ...errorResponses({ '409': 'idempotency_key_in_use.', '422': 'invalid_webhook_url or idempotency_key_reused.' }),
      },
    },
    get: {
      operationId: 'listWebhookEndpoints',
      tags,
      summary: 'List webhook endpoints',
      description: listNote,
      parameters: [...commonListParameters],
      responses: {
        '200': jsonResponse('One page of endpoints (never with secrets).', ref('WebhookEndpointList')),
        ...errorResponses({ '403': 'merchant_mismatch.' }),
      },
    },
  },
  '/v1/webhook-endpoints/{id}': {
    get: {
      operationId: 'getWebhookEndpoint',
      tags,
      summary: 'Get a webhook endpoint',
      parameters: [endpointId],
      responses: { '200': jsonResponse('The endpoint (never with its secret).', ref('WebhookEndpoint')), ...errorResponses(notFound) },
    },
    delete: {
      operationId: 'deleteWebhookEndpoint',
      tags,
      summary: 'Delete a webhook endpoint',
      description:
        'Deletes the endpoint: it receives nothing more, its waiting deliveries end as failed, and from now on it is 404 everywhere (get, list, delete, rotate, enable). Attempts already made stay on their events.',
      parameters: [endpointId],
      responses: { '200': jsonResponse('The endpoint as it was when deleted.', ref('WebhookEndpoint')), ...errorResponses(notFound) },
    },
  },
  '/v1/webhook-endpoints/{id}/enable': {
    post: {
      operationId: 'enableWebhookEndpoint',
      tags,
      summary: 'Enable a disabled webhook endpoint',
      description:
        'Turns deliveries back on, whatever disabled the endpoint (410 Gone, failing, the merchant), with a fresh run of failures. Events missed meanwhile are not redelivered by this: replay them with POST /v1/webhook-events/retry.',
      parameters: [endpointId, idempotencyKeyParam],
      responses: {
        '200': jsonResponse('The endpoint, enabled.', ref('WebhookEndpoint'), idempotentHeaders),
        ...errorResponses({ ...notFound, '409': 'idempotency_key_in_use.', '422': 'idempotency_key_reused.' }),
      },
    },
  },
  '/v1/webhook-endpoints/{id}/disable': {
    post: {
      operationId: 'disableWebhookEndpoint',
      tags,
      summary: 'Disable a webhook endpoint',
      description:
        'Stops new deliveries (`disabled_reason: merchant`); waiting deliveries end as failed when they come due. An endpoint already disabled keeps its reason.',
      parameters: [endpointId, idempotencyKeyParam],
      responses: {
        '200': jsonResponse('The endpoint, disabled.', ref('WebhookEndpoint'), idempotentHeaders),
        ...errorResponses({ ...notFound, '409': 'idempotency_key_in_use.', '422': 'idempotency_key_reused.' }),
      },
    },
  },
  '/v1/webhook-endpoints/{id}/rotate-secret': {
    post: {
      operationId: 'rotateWebhookEndpointSecret',
      tags,
      summary: 'Rotate the signing secret',
      description:
        'Issues a new secret. Each replaced secret keeps signing beside it for 24 h from its own rotation (one `v1=` per live secret), however often you rotate; `secret_expires_at` moves to 90 days from now.',
      parameters: [endpointId, idempotencyKeyParam],
      responses: {
        '200': jsonResponse('The endpoint with its new secret (shown only now).', ref('WebhookEndpointWithSecret'), idempotentHeaders),
        ...errorResponses({ ...notFound, '409': 'idempotency_key_in_use.', '422': 'idempotency_key_reused.' }),
      },
    },
  },
  '/v1/webhook-events': {
    get: {
      operationId: 'listWebhookEvents',
      tags,
      summary: 'List webhook events',
      description: listNote,
      parameters: [
        ...commonListParameters,
        { name: 'event_type', in: 'query', required: false, description: 'Only this event type.', schema: eventType },
        {
          name: 'delivery_status',
          in: 'query',
          required: false,
          description: `Only events in this delivery status (case-insensitive; comma-separate several): ${WEBHOOK_DELIVERY_STATUSES.join(', ')}.`,
          schema: { type: 'string' },
        },
      ],
      responses: {
        '200': jsonResponse('One page of events (without attempts).', ref('WebhookEventList')),
        ...errorResponses({ '403': 'merchant_mismatch.' }),
      },
    },
  },
  '/v1/webhook-events/{event_id}': {
    get: {
      operationId: 'getWebhookEvent',
      tags,
      summary: 'Get a webhook event with its delivery attempts',
      parameters: [eventId],
      responses: { '200': jsonResponse('The event and every attempt.', ref('WebhookEventWithAttempts')), ...errorResponses(notFound) },
    },
  },
  '/v1/webhook-events/{event_id}/retry': {
    post: {
      operationId: 'retryWebhookEvent',
      tags,
      summary: 'Redeliver an event now',
      description:
        'Queues an immediate redelivery to the event\u2019s enabled endpoints (and any subscribed since), whatever its status and whatever the endpoints\u2019 circuit breakers say; attempt numbers continue. A finished delivery gets one more attempt.',
      parameters: [eventId, idempotencyKeyParam],
      responses: {
        '202': jsonResponse(
          'The event, queued (`retrying`, or `pending` if nothing was attempted before).',
          ref('WebhookEventWithAttempts'),
          idempotentHeaders,
        ),
        ...errorResponses({ ...notFound, '409': 'idempotency_key_in_use.', '422': 'idempotency_key_reused.' }),
      },
    },
  },
  '/v1/webhook-events/retry': {
    post: {
      operationId: 'replayWebhookEvents',
      tags,
      summary: 'Redeliver many events now (bulk replay)',
      description:
        'Redelivers, like a manual retry of each, the events matching every given filter: at most 10,000, the oldest first (repeat the call for more). With `endpoint_id` only deliveries to that endpoint are re-armed.',
      parameters: [idempotencyKeyParam],
      requestBody: jsonBody(ref('WebhookReplayRequest')),
      responses: {
        '202': jsonResponse('How many events were queued.', ref('WebhookReplayResult'), idempotentHeaders),
        ...errorResponses({ '400': 'validation_error.', ...notFound, '409': 'idempotency_key_in_use.', '422': 'idempotency_key_reused.' }),
      },
    },
  },
  '/v1/webhooks/test': {
    post: {
      operationId: 'sendTestWebhookEvent',
      tags: ['Sandbox'],
      summary: 'Generate a test event (sandbox only)',
      description:
        'Records a realistic event of `event_type` with made-up resources, marked `test: true`, and delivers it like a real one to subscribed endpoints (sandbox endpoints start with https://sandbox). Deliveries carry `X-SVC-Sandbox: true`. Production answers 404.',
      parameters: [idempotencyKeyParam],
      requestBody: jsonBody(ref('WebhookTestRequest')),
      responses: {
        '201': jsonResponse('The generated event.', ref('WebhookEventWithAttempts'), idempotentHeaders),
        ...errorResponses({ '404': 'not_found (production).', '409': 'idempotency_key_in_use.', '422': 'idempotency_key_reused.' }),
      },
    },
  },
};
