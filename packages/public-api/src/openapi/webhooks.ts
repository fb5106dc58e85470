import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES } from '../vocabulary.js';
import {
  errorResponses,
  idParam,
  idempotencyKeyParam,
  idempotentHeaders,
  jsonBody,
  jsonResponse,
  rateLimitHeaders,
  ref,
} from './components.js';
import { commonListParameters, listSchema } from './pagination.js';
import type { OpenApiFragment, OpenApiObject } from './types.js';

const eventType: OpenApiObject = { type: 'string', enum: [...WEBHOOK_EVENT_TYPES] };

export const schemas: OpenApiFragment['schemas'] = {
  WebhookReplayResult: {
    type: 'object',
    required: ['count'],
    additionalProperties: false,
    properties: {
      count: {
        type: 'integer',
        minimum: 0,
        maximum: 10000,
        description: 'Events that matched and will be redelivered (in the background).',
      },
    },
  },
  WebhookEndpointList: listSchema('WebhookEndpoint'),
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
      description:
        'A merchant has at most 16 endpoints (deleted ones do not count; disabled ones do): the 17th is 422 `too_many_endpoints`.',
      parameters: [idempotencyKeyParam],
      requestBody: jsonBody(ref('WebhookEndpointCreate')),
      responses: {
        '201': jsonResponse('The endpoint with its signing secret (shown only now).', ref('WebhookEndpointWithSecret'), idempotentHeaders),
        ...errorResponses({
          '409': 'idempotency_key_in_use.',
          '422': 'invalid_webhook_url, too_many_endpoints (the merchant has its 16 endpoints; delete one first) or idempotency_key_reused.',
        }),
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
    patch: {
      operationId: 'updateWebhookEndpoint',
      tags,
      summary: 'Update a webhook endpoint',
      description:
        'Changes the URL, description or subscribed event types (at least one). The signing secret stays; deliveries already waiting go to the new URL from their next attempt. A PATCH changes the endpoint to the same state however often it is repeated, so it takes no Idempotency-Key.',
      parameters: [endpointId],
      requestBody: jsonBody(ref('WebhookEndpointUpdate')),
      responses: {
        '200': jsonResponse('The endpoint as it now is (never with its secret).', ref('WebhookEndpoint')),
        ...errorResponses({ ...notFound, '422': 'invalid_webhook_url.' }),
      },
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
          name: 'resource_id',
          in: 'query',
          required: false,
          description: 'Only events about this resource: a mandate, payment, refund, schedule or export id (the id of the event’s `data`).',
          schema: { type: 'string', examples: ['PM01JD3Q4M7P9X2K8V5N6R0T1W2Y'] },
        },
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
  '/v1/webhook-events/stream': {
    get: {
      operationId: 'streamWebhookEvents',
      tags,
      summary: 'Stream events as they happen (Server-Sent Events)',
      description:
        'Keeps the response open and sends each of the merchant\u2019s events as it is recorded, in order, as one Server-Sent Event: `id:` is the event\u2019s position in the merchant\u2019s stream, `event:` its type and `data:` the exact body a webhook delivery carries (`{event_id, event_type, created_at, data}`). ' +
        'Without `Last-Event-ID` the stream starts now; with it, every later event follows exactly once (EventSource clients send it when they reconnect). ' +
        'A comment line (`: heartbeat`) is sent every 15 s (EVENT_STREAM_HEARTBEAT) while nothing happens. The stream ends within a second of its token being revoked; the next attempt answers 401. ' +
        'Every event is streamed, whatever the merchant\u2019s endpoints subscribe to. `npm run -s vrp -- listen` forwards this stream to a local URL.',
      parameters: [
        {
          name: 'Last-Event-ID',
          in: 'header',
          required: false,
          description: 'The `id` of the last event received: the stream resumes right after it.',
          schema: { type: 'string', pattern: '^[0-9]{1,19}$' },
        },
      ],
      responses: {
        '200': {
          description:
            'An endless `text/event-stream`; each message is `id: <position>`, `event: <event type>`, `data: <webhook body JSON>`.',
          headers: rateLimitHeaders,
          content: { 'text/event-stream': { schema: { type: 'string' } } },
        },
        ...errorResponses(),
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
        'Queues an immediate redelivery to the event\u2019s enabled endpoints (and any subscribed since), whatever its status and whatever the endpoints\u2019 circuit breakers say; attempt numbers continue. A finished delivery gets one more attempt. Each call spends one of the merchant\u2019s 100 manual retries an hour (the hour from the first of them); beyond them it is 429 `rate_limited` with `Retry-After`.',
      parameters: [eventId, idempotencyKeyParam],
      responses: {
        '202': jsonResponse(
          'The event, queued (`retrying`, or `pending` if nothing was attempted before).',
          ref('WebhookEventWithAttempts'),
          idempotentHeaders,
        ),
        ...errorResponses({
          ...notFound,
          '409': 'idempotency_key_in_use.',
          '422': 'idempotency_key_reused.',
          '429':
            'rate_limited: the merchant\u2019s manual retries of the hour are spent (or the request rate limit); retry after Retry-After.',
        }),
      },
    },
  },
  '/v1/webhook-events/retry': {
    post: {
      operationId: 'replayWebhookEvents',
      tags,
      summary: 'Redeliver many events (bulk replay)',
      description:
        'Redelivers, like a manual retry of each, the events matching every given filter: at most 10,000, the oldest first (repeat the call for more). With `endpoint_id` only deliveries to that endpoint are re-armed. It answers at once with how many events matched; their redelivery is queued in the background (it survives a restart) and runs within seconds. A merchant\u2019s bulk replays are accepted at most once a minute: sooner is 429 `rate_limited` with `Retry-After`.',
      parameters: [idempotencyKeyParam],
      requestBody: jsonBody(ref('WebhookReplayRequest')),
      responses: {
        '202': jsonResponse('How many events will be redelivered.', ref('WebhookReplayResult'), idempotentHeaders),
        ...errorResponses({
          '400': 'validation_error.',
          ...notFound,
          '409': 'idempotency_key_in_use.',
          '422': 'idempotency_key_reused.',
          '429': 'rate_limited: a bulk replay was accepted less than a minute ago (or the request rate limit); retry after Retry-After.',
        }),
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
