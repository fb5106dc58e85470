import { ref } from './components.js';
import type { OpenApiObject } from './types.js';

/** The four orders every list accepts. */
export const LIST_ORDERS = ['-created_at', 'created_at', 'amount_minor', '-amount_minor'] as const;

const query = (name: string, description: string, schema: OpenApiObject): OpenApiObject => ({
  name,
  in: 'query',
  required: false,
  description,
  schema,
});

/** Query parameters common to every list endpoint (docs/api.md, "lists"). */
export const commonListParameters: OpenApiObject[] = [
  query(
    'cursor',
    'Opaque cursor from `next_cursor` or `previous_cursor`. Send it with the same filters and order as the request that returned it (only page_size may change); otherwise, or once it is older than 24 h or altered, the answer is 400 `invalid_cursor`.',
    { type: 'string' },
  ),
  query('page_size', 'Records per page, 1..200. Above 200: 400 `page_size_too_large`.', {
    type: 'integer',
    minimum: 1,
    maximum: 200,
    default: 50,
  }),
  query('order', 'Sort order; ties break on id. Anything else: 400 `invalid_order`.', {
    type: 'string',
    enum: [...LIST_ORDERS],
    default: '-created_at',
  }),
  query('created_at[gte]', 'Only records created at or after this time.', { type: 'string', format: 'date-time' }),
  query('created_at[lte]', 'Only records created at or before this time.', { type: 'string', format: 'date-time' }),
  query('merchant_id', 'Must equal the authenticated merchant (403 `merchant_mismatch` otherwise).', { type: 'string' }),
];

/** The common parameters of a list whose records carry no amount: ordered by creation time only. */
export const createdAtListParameters: OpenApiObject[] = commonListParameters.map((p) =>
  p.name === 'order'
    ? query('order', 'Sort order, by creation time; ties break on id. Anything else, amount orders included: 400 `invalid_order`.', {
        type: 'string',
        enum: ['-created_at', 'created_at'],
        default: '-created_at',
      })
    : p,
);

/** `amount[gte|lte]` filters, in minor units, for lists whose records have an amount. */
export const amountListParameters = (what: string): OpenApiObject[] => [
  query('amount[gte]', `Only records whose ${what} is at least this many minor units.`, { type: 'integer', minimum: 0 }),
  query('amount[lte]', `Only records whose ${what} is at most this many minor units.`, { type: 'integer', minimum: 0 }),
];

/** A `status` filter over `values`, case-insensitive, comma-separated for several. */
export const statusListParameter = (values: readonly string[]): OpenApiObject =>
  query('status', `Only records in this status (case-insensitive; comma-separate several): ${values.join(', ')}.`, { type: 'string' });

/** A filter parameter `name` holding an id. */
export const idListParameter = (name: string, description: string): OpenApiObject => query(name, description, { type: 'string' });

/** The collection envelope of every list, with items of component `item`. */
/** `metadata[key]=value` filters: exact matches on your metadata, at most 3 pairs, answered by an index. */
export const metadataListParameter: OpenApiObject = {
  name: 'metadata',
  in: 'query',
  required: false,
  style: 'deepObject',
  explode: true,
  description:
    'Only records whose metadata holds every pair exactly, written `metadata[key]=value` (at most 3 pairs; more is 400 `validation_error` on `metadata`). A value that reads as a number also matches that number.',
  schema: { type: 'object', maxProperties: 3, additionalProperties: { type: 'string', maxLength: 200 } },
};

export function listSchema(item: string): OpenApiObject {
  return {
    type: 'object',
    required: ['results', 'next_cursor', 'previous_cursor', 'page_size'],
    additionalProperties: false,
    properties: {
      results: { type: 'array', items: ref(item) },
      next_cursor: { type: ['string', 'null'], description: 'Pass as `cursor` for the next page; null when there is none.' },
      previous_cursor: { type: ['string', 'null'], description: 'Pass as `cursor` to page backwards; null on the first page.' },
      page_size: { type: 'integer', description: 'Number of records on this page.' },
    },
  };
}
