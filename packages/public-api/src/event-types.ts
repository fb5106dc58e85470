import { EVENT_CATALOGUE, EVENT_TYPES, type EventType } from '@vrp/webhook-verify';
import { z } from 'zod';

/** One entry of GET /v1/event-types. */
export interface EventTypeJson {
  type: EventType;
  description: string;
  /** The JSON Schema (2020-12) of the event's `data`, self-contained. */
  schema: Record<string, unknown>;
}

/** The JSON Schema of a resource schema, standalone: its own definition at the root, no `$ref` to itself. */
function standaloneSchema(schema: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as Record<string, unknown>;
  if (typeof json.$ref !== 'string') return json;
  const { $defs = {}, $ref, ...rest } = json as { $defs?: Record<string, Record<string, unknown>>; $ref: string };
  const name = $ref.split('/').pop()!;
  const { [name]: root, ...others } = $defs;
  return { ...rest, ...root, ...(Object.keys(others).length ? { $defs: others } : {}) };
}

let catalogue: EventTypeJson[] | undefined;

/**
 * Every event type with when it is sent and the JSON Schema of its `data`, generated from the
 * event catalogue's zod schemas (the ones `VrpEvent` and the OpenAPI document's `webhooks` come
 * from). Built once: the catalogue does not change while the process runs.
 */
export function eventTypeCatalogue(): EventTypeJson[] {
  catalogue ??= EVENT_TYPES.map((type) => ({
    type,
    description: EVENT_CATALOGUE[type].description,
    schema: standaloneSchema(EVENT_CATALOGUE[type].data),
  }));
  return catalogue;
}
