import { validationError } from '@vrp/errors';
import { EVENT_TYPES } from '@vrp/webhook-verify';

/** The resource part of an event type: `payment` of `payment.settled`. */
const resourceOf = (type: string) => type.split('.')[0]!;

/**
 * The enabled_events entries that take `eventType`: the type itself, `*`, and its resource's
 * wildcard (`payment.*`). An empty list takes every event too. The database function
 * webhook.subscribes says the same for the statements that match in SQL.
 */
export function subscriptionsTaking(eventType: string): string[] {
  return [eventType, '*', `${resourceOf(eventType)}.*`];
}

/** The wildcards a subscription may use: `*` and one `<resource>.*` per resource with events (operational ones included). */
export function wildcards(types: readonly string[] = EVENT_TYPES): string[] {
  return ['*', ...new Set(types.map((t) => `${resourceOf(t)}.*`))];
}

/**
 * Validates a subscription list: known event types and wildcards only (`payment.*`, `*`),
 * duplicates dropped, order kept. Anything else is a validation_error naming enabled_events.
 */
export function normaliseEnabledEvents(entries: string[]): string[] {
  const known = new Set<string>([...EVENT_TYPES, ...wildcards()]);
  const unknown = entries.filter((t) => !known.has(t));
  if (unknown.length)
    throw validationError(
      'enabled_events',
      `Unknown event type(s): ${unknown.join(', ')}. Known: ${EVENT_TYPES.join(', ')}, or a wildcard: ${wildcards().join(', ')}.`,
    );
  return [...new Set(entries)];
}
