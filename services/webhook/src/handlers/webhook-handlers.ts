import type { ServiceImpl } from '@connectrpc/connect';
import { webhook } from '@vrp/contracts';
import { validationError } from '@vrp/errors';
import type { EndpointRow } from '../db/endpoints.js';
import type { Deps } from '../deps.js';
import { createEndpoint } from '../usecases/create-endpoint.js';
import { deleteEndpoint } from '../usecases/delete-endpoint.js';
import { getEndpoint } from '../usecases/get-endpoint.js';
import { getDailyDeliveryReport } from '../usecases/get-daily-delivery-report.js';
import { getEvent } from '../usecases/get-event.js';
import { listEndpoints } from '../usecases/list-endpoints.js';
import { listEvents } from '../usecases/list-events.js';
import { listStreamEvents } from '../usecases/list-stream-events.js';
import { replayEvents } from '../usecases/replay-events.js';
import { retryEvent } from '../usecases/retry-event.js';
import { rotateEndpointSecret } from '../usecases/rotate-endpoint-secret.js';
import { sendTestEvent } from '../usecases/send-test-event.js';
import { setEndpointEnabled } from '../usecases/set-endpoint-enabled.js';
import { updateEndpoint } from '../usecases/update-endpoint.js';
import { endpointToProto, eventToProto, streamEventToProto } from '../messages.js';

/** Every request names its merchant; without one nothing can be scoped. */
function merchant(req: { merchantId: string }): string {
  if (!req.merchantId) throw validationError('merchant_id', 'is required');
  return req.merchantId;
}

/** WebhookService: proto <-> use-case translation only. */
export function webhookHandlers(deps: Deps): ServiceImpl<typeof webhook.WebhookService> {
  const present = (e: EndpointRow) => endpointToProto(e, deps.clocks.now(e.merchantId));
  return {
    async getDailyDeliveryReport(req) {
      const days = await getDailyDeliveryReport(deps, req.merchantId, req.from, req.to);
      return { days: days.map(({ day, ...counts }) => ({ date: day, ...counts })) };
    },
    async createEndpoint(req) {
      const { endpoint, secret } = await createEndpoint(deps, {
        merchantId: merchant(req),
        url: req.url,
        description: req.description,
        enabledEvents: req.enabledEvents,
        signatureScheme: req.signatureScheme,
        rateLimitPerSecond: req.rateLimitPerSecond,
      });
      return { endpoint: present(endpoint), secret };
    },
    async getEndpoint(req) {
      return { endpoint: present(await getEndpoint(deps, merchant(req), req.id)) };
    },
    async listEndpoints(req) {
      const { items, hasMore } = await listEndpoints(deps, { merchantId: merchant(req), createdAt: req.createdAt, page: req.page });
      return { endpoints: items.map(present), pageInfo: { hasMore } };
    },
    async deleteEndpoint(req) {
      return { endpoint: present(await deleteEndpoint(deps, merchant(req), req.id)) };
    },
    async rotateEndpointSecret(req) {
      const { endpoint, secret } = await rotateEndpointSecret(deps, merchant(req), req.id);
      return { endpoint: present(endpoint), secret };
    },
    async setEndpointEnabled(req) {
      return { endpoint: present(await setEndpointEnabled(deps, merchant(req), req.id, req.enabled)) };
    },
    async updateEndpoint(req) {
      const endpoint = await updateEndpoint(deps, {
        merchantId: merchant(req),
        id: req.id,
        url: req.url,
        description: req.description,
        enabledEvents: req.replaceEnabledEvents ? req.enabledEvents : undefined,
        rateLimitPerSecond: req.rateLimitPerSecond,
      });
      return { endpoint: present(endpoint) };
    },
    async replayEvents(req) {
      const count = await replayEvents(deps, {
        merchantId: merchant(req),
        deliveryStatus: req.deliveryStatus,
        endpointId: req.endpointId,
        createdAt: req.createdAt,
      });
      return { count };
    },
    async getEvent(req) {
      const event = await getEvent(deps, merchant(req), req.id);
      return { event: eventToProto(event, event.attempts) };
    },
    async listEvents(req) {
      const { items, hasMore } = await listEvents(deps, {
        merchantId: merchant(req),
        eventType: req.eventType,
        deliveryStatuses: req.deliveryStatuses,
        resourceId: req.resourceId,
        createdAt: req.createdAt,
        page: req.page,
      });
      return { events: items.map((e) => eventToProto(e)), pageInfo: { hasMore } };
    },
    async retryEvent(req) {
      const event = await retryEvent(deps, merchant(req), req.id);
      return { event: eventToProto(event, event.attempts) };
    },
    async sendTestEvent(req) {
      const event = await sendTestEvent(deps, merchant(req), req.eventType);
      return { event: eventToProto(event, event.attempts) };
    },
    async listStreamEvents(req, context) {
      const { events, lastSeq } = await listStreamEvents(deps, {
        merchantId: merchant(req),
        afterSeq: req.afterSeq,
        limit: req.limit,
        waitMs: req.waitMs,
        signal: context.signal,
      });
      return { events: events.map(streamEventToProto), lastSeq };
    },
  };
}
