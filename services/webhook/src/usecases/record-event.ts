import { currentTraceparent } from '@vrp/tracing';
import { recordWithSubscriptions, withdrawDeliveries, type NewEvent } from '../db/recording.js';
import type { Deps } from '../deps.js';

export type { NewEvent };

/**
 * Records an event once (a repeat of the same event id changes nothing) together with one due
 * delivery per endpoint subscribed to it right now, as recordEvents does. The event keeps the
 * active trace, which its delivery attempts continue. Returns whether the event was new.
 */
export async function recordEvent(deps: Pick<Deps, 'sql' | 'clocks' | 'undeliverable'>, event: NewEvent): Promise<boolean> {
  const [due] = await recordEvents(deps, [{ ...event, traceparent: event.traceparent ?? currentTraceparent() ?? null }]);
  return due !== null;
}

/**
 * Records events once each (a repeat of an event id, within the batch or of one recorded before,
 * changes nothing) together with one due delivery per endpoint subscribed to each right now, in
 * one statement whatever their number (one commit). Endpoints whose URL this deployment may not
 * deliver to (e.g. not `https://sandbox…` in sandbox) get none: those known are left out by the
 * statement, one it did not know yet has its delivery taken back at once (before the caller
 * wakes any worker). An event nothing is subscribed to has nothing left to deliver and is
 * recorded as delivered. The traceparent each event carries is kept (callers take it in the
 * event's own trace). Returns, per event, how many deliveries it made due, or null when it was
 * not new.
 */
export async function recordEvents(
  deps: Pick<Deps, 'sql' | 'clocks' | 'undeliverable'>,
  events: NewEvent[],
  options: { exceptEndpoints?: { id: string; url: string }[] } = {},
): Promise<(number | null)[]> {
  const first = new Map<string, NewEvent>();
  for (const event of events) if (!first.has(event.id)) first.set(event.id, event);
  const fresh = await recordWithSubscriptions(
    deps.sql,
    [...first.values()].map((event) => ({
      event: { ...event, traceparent: event.traceparent ?? null },
      at: deps.clocks.now(event.merchantId),
    })),
    [...deps.undeliverable.list, ...(options.exceptEndpoints ?? [])],
  );
  const refused = [...fresh].flatMap(([eventId, endpoints]) =>
    deps.undeliverable.refusedAmong(endpoints).map((e) => ({ eventId, endpointId: e.id })),
  );
  if (refused.length > 0) {
    await withdrawDeliveries(deps.sql, refused);
    for (const { eventId, endpointId } of refused)
      fresh.set(
        eventId,
        fresh.get(eventId)!.filter((e) => e.id !== endpointId),
      );
  }
  return events.map((event) => (first.get(event.id) === event ? (fresh.get(event.id)?.length ?? null) : null));
}
