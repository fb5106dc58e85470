import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { Router } from 'express';
import type { webhook } from '@vrp/contracts';
import { validationError } from '@vrp/errors';
import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENT_TYPES,
  createWebhookEndpointBody,
  presentWebhookEndpoint,
  presentWebhookEvent,
  replayWebhookEventsBody,
  sendTestEventBody,
  updateWebhookEndpointBody,
} from '@vrp/public-api';
import type { Deps } from '../deps.js';
import { defineList, enumFilter, idFilter, listResponse, singleResourceQuery, type FilterSpec } from '../lists/index.js';
import { merchantOf } from '../middleware/locals.js';
import { timestampParam } from '../lists/query-values.js';
import { noBody, parseRequest } from '../validation/body.js';
import { idParam } from '../validation/ids.js';

/** Exactly one event type (case-sensitive, as it appears in deliveries). */
const eventTypeFilter: FilterSpec<string> = {
  parse(param, raw) {
    if (!(WEBHOOK_EVENT_TYPES as readonly string[]).includes(raw))
      throw validationError(param, `${param} must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}`);
    return raw;
  },
};

const endpointList = defineList({ resource: 'webhook-endpoints', filters: {}, amount: false });
/** GET /v1/webhook-events's query; exports of events take the same filters. */
export const eventList = defineList({
  resource: 'webhook-events',
  filters: { event_type: eventTypeFilter, delivery_status: enumFilter(WEBHOOK_DELIVERY_STATUSES), resource_id: idFilter() },
  amount: false,
});

/** The service request of a parsed event list. */
export function listEventsRequest(merchantId: string, list: ReturnType<typeof eventList.parse>) {
  return {
    merchantId,
    eventType: list.filters.event_type ?? '',
    deliveryStatuses: list.filters.delivery_status ?? [],
    resourceId: list.filters.resource_id ?? '',
    createdAt: list.createdAt,
    page: list.page,
  };
}

/** Reads a create-endpoint body (the service checks the event types against the ones it knows). */
function parseCreateEndpoint(raw: unknown) {
  const body = parseRequest(createWebhookEndpointBody, raw);
  return {
    url: body.url,
    description: body.description ?? '',
    enabledEvents: body.enabled_events ?? [],
    signatureScheme: body.signature_scheme ?? '',
    rateLimitPerSecond: body.rate_limit?.per_second ?? 0,
  };
}

/** Reads an update body: only the fields sent change (proto3 optional fields tell "not sent" from empty). */
function parseUpdateEndpoint(raw: unknown) {
  const body = parseRequest(updateWebhookEndpointBody, raw);
  return {
    ...(body.url !== undefined ? { url: body.url } : {}),
    ...(body.description !== undefined ? { description: body.description } : {}),
    replaceEnabledEvents: body.enabled_events !== undefined,
    enabledEvents: body.enabled_events ?? [],
    // null removes the throttle (0 on the wire); absent leaves it as it is.
    ...(body.rate_limit !== undefined ? { rateLimitPerSecond: body.rate_limit?.per_second ?? 0 } : {}),
  };
}

/** Reads a bulk replay body: every filter optional, each checked like the list's query. */
function parseReplay(raw: unknown) {
  const body = parseRequest(replayWebhookEventsBody, raw);
  const endpointId = body.endpoint_id === undefined ? '' : idParam('endpoint_id', body.endpoint_id);
  const at = (param: 'created_at[gte]' | 'created_at[lte]') => {
    const value = body[param];
    return value === undefined ? undefined : timestampFromDate(timestampParam(param, value));
  };
  const gte = at('created_at[gte]');
  const lte = at('created_at[lte]');
  return { deliveryStatus: body.delivery_status ?? '', endpointId, ...(gte || lte ? { createdAt: { gte, lte } } : {}) };
}

/** The message in a contract response; its absence would be a broken service, not a client error. */
function required<T>(value: T | undefined, what: string): T {
  if (!value) throw new Error(`webhook route: the service answered without ${what}`);
  return value;
}

const keyOf = (item: { createdAt?: webhook.Endpoint['createdAt']; id: string }) => ({ createdAt: item.createdAt, id: item.id });

/** /v1/webhook-endpoints (create, list, get, delete, rotate-secret) and /v1/webhook-events (list, get, retry). */
export function registerWebhookRoutes(router: Router, deps: Deps): void {
  const webhooks = deps.clients.webhook;

  router.post('/webhook-endpoints', async (req, res) => {
    const out = await webhooks.createEndpoint({ merchantId: merchantOf(res).id, ...parseCreateEndpoint(req.body) });
    res.status(201).json(presentWebhookEndpoint(required(out.endpoint, 'an endpoint'), out.secret));
  });

  router.get('/webhook-endpoints', async (req, res) => {
    const merchantId = merchantOf(res).id;
    const list = endpointList.parse(req.query, { merchantId, cursors: deps.cursors });
    const out = await webhooks.listEndpoints({ merchantId, createdAt: list.createdAt, page: list.page });
    res.json(listResponse(list, out.endpoints, out.pageInfo, { cursors: deps.cursors, keyOf, present: (e) => presentWebhookEndpoint(e) }));
  });

  router.get('/webhook-endpoints/:id', async (req, res) => {
    singleResourceQuery(req.query, []);
    const out = await webhooks.getEndpoint({ merchantId: merchantOf(res).id, id: req.params.id as string });
    res.json(presentWebhookEndpoint(required(out.endpoint, 'an endpoint')));
  });

  router.patch('/webhook-endpoints/:id', async (req, res) => {
    const out = await webhooks.updateEndpoint({
      merchantId: merchantOf(res).id,
      id: req.params.id as string,
      ...parseUpdateEndpoint(req.body),
    });
    res.json(presentWebhookEndpoint(required(out.endpoint, 'an endpoint')));
  });

  router.delete('/webhook-endpoints/:id', async (req, res) => {
    const out = await webhooks.deleteEndpoint({ merchantId: merchantOf(res).id, id: req.params.id as string });
    res.json(presentWebhookEndpoint(required(out.endpoint, 'an endpoint')));
  });

  router.post('/webhook-endpoints/:id/rotate-secret', async (req, res) => {
    noBody(req.body);
    const out = await webhooks.rotateEndpointSecret({ merchantId: merchantOf(res).id, id: req.params.id as string });
    res.json(presentWebhookEndpoint(required(out.endpoint, 'an endpoint'), out.secret));
  });

  for (const [action, enabled] of [
    ['enable', true],
    ['disable', false],
  ] as const) {
    router.post(`/webhook-endpoints/:id/${action}`, async (req, res) => {
      noBody(req.body);
      const out = await webhooks.setEndpointEnabled({ merchantId: merchantOf(res).id, id: req.params.id as string, enabled });
      res.json(presentWebhookEndpoint(required(out.endpoint, 'an endpoint')));
    });
  }

  router.post('/webhook-events/retry', async (req, res) => {
    const filter = parseReplay(req.body);
    const out = await webhooks.replayEvents({ merchantId: merchantOf(res).id, ...filter });
    res.status(202).json({ count: out.count });
  });

  router.get('/webhook-events', async (req, res) => {
    const merchantId = merchantOf(res).id;
    const list = eventList.parse(req.query, { merchantId, cursors: deps.cursors });
    const out = await webhooks.listEvents(listEventsRequest(merchantId, list));
    res.json(listResponse(list, out.events, out.pageInfo, { cursors: deps.cursors, keyOf, present: (e) => presentWebhookEvent(e) }));
  });

  router.get('/webhook-events/:event_id', async (req, res) => {
    singleResourceQuery(req.query, []);
    const out = await webhooks.getEvent({ merchantId: merchantOf(res).id, id: req.params.event_id as string });
    res.json(presentWebhookEvent(required(out.event, 'an event'), { withAttempts: true }));
  });

  router.post('/webhook-events/:event_id/retry', async (req, res) => {
    noBody(req.body);
    const out = await webhooks.retryEvent({ merchantId: merchantOf(res).id, id: req.params.event_id as string });
    res.status(202).json(presentWebhookEvent(required(out.event, 'an event'), { withAttempts: true }));
  });
}

/** Sandbox only: POST /v1/webhooks/test generates a realistic test event. */
export function registerSandboxWebhookRoutes(router: Router, deps: Deps): void {
  router.post('/webhooks/test', async (req, res) => {
    const eventType = parseRequest(sendTestEventBody, req.body).event_type;
    const out = await deps.clients.webhook.sendTestEvent({ merchantId: merchantOf(res).id, eventType });
    res.status(201).json(presentWebhookEvent(required(out.event, 'an event'), { withAttempts: true }));
  });
}
