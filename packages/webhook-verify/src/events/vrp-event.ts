import { z } from 'zod';
import { EVENT_CATALOGUE, EVENT_TYPES, type EventType } from './catalogue.js';

/** The delivered body of one event type: `{event_id, event_type, created_at, data}`. */
function envelope<T extends EventType>(type: T) {
  return z.strictObject({
    event_id: z.string().describe('Unique per event and stable across redeliveries: deduplicate on it.'),
    event_type: z.literal(type),
    created_at: z.string().meta({ format: 'date-time', description: 'When the change happened (ISO 8601, UTC).' }),
    data: EVENT_CATALOGUE[type].data as (typeof EVENT_CATALOGUE)[T]['data'],
  });
}

type EventSchemas = { [T in EventType]: ReturnType<typeof envelope<T>> };

/** One zod schema per event type: the whole delivered body, `data` typed by the catalogue. */
export const EVENT_SCHEMAS = Object.fromEntries(EVENT_TYPES.map((t) => [t, envelope(t)])) as EventSchemas;

/** Any delivered event: a union discriminated by `event_type`. */
export const vrpEventSchema = z.discriminatedUnion(
  'event_type',
  Object.values(EVENT_SCHEMAS) as unknown as [EventSchemas[EventType], ...EventSchemas[EventType][]],
);

/** A delivered event of one type, `data` typed (`payment.settled` carries a payment). */
export type VrpEventOf<T extends EventType> = z.output<EventSchemas[T]>;

/**
 * Every delivered event as one union discriminated by `event_type`: in a `switch (event.event_type)`
 * each case narrows `data` to the resource that type carries.
 */
export type VrpEvent = { [T in EventType]: VrpEventOf<T> }[EventType];
