import { newId } from '@vrp/ids';
import type { EndpointRow } from '../db/endpoints.js';
import type { Deps } from '../deps.js';
import { renderEndpointData } from '../messages.js';
import { recordEvents } from './record-event.js';

/** The operational events about an endpoint (docs/webhooks.md, the event catalogue). */
export type EndpointEventType = 'webhook_endpoint.disabled' | 'webhook_endpoint.enabled';

/**
 * Records that an endpoint was disabled or enabled again, with the endpoint as its data, for the
 * merchant's other enabled endpoints subscribed to it and the event stream: never for the
 * endpoint concerned (a disabled one receives nothing; an enabled one is left out).
 */
export async function recordEndpointEvent(
  deps: Pick<Deps, 'sql' | 'clocks' | 'undeliverable' | 'afterCommit'>,
  endpoint: EndpointRow,
  eventType: EndpointEventType,
): Promise<void> {
  const at = deps.clocks.now(endpoint.merchantId);
  await recordEvents(
    deps,
    [
      {
        id: newId('event', at.getTime()),
        merchantId: endpoint.merchantId,
        eventType,
        createdAt: at,
        data: renderEndpointData(endpoint, at),
        test: false,
        traceparent: null,
      },
    ],
    { exceptEndpoints: [{ id: endpoint.id, url: endpoint.url }] },
  );
  deps.afterCommit();
}
