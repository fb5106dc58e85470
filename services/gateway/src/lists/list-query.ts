import { createHash } from 'node:crypto';
import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { common } from '@vrp/contracts';
import { ApiError, validationError } from '@vrp/errors';
import { DEFAULT_PAGE_SIZE, MAX_METADATA_FILTERS, MAX_PAGE_SIZE } from '@vrp/pagination';
import { METADATA_LIMITS, unstorableText } from '@vrp/public-api';
import type { CursorCodec, CursorState } from './cursor.js';
import type { FilterSpec } from './filters.js';
import { minorUnitsParam, pageSizeParam, single, timestampParam } from './query-values.js';

const { SortOrder } = common;

/** The four list orders (docs/api.md) and their contract values. */
export const ORDERS = {
  '-created_at': SortOrder.CREATED_AT_DESC,
  created_at: SortOrder.CREATED_AT_ASC,
  amount_minor: SortOrder.AMOUNT_ASC,
  '-amount_minor': SortOrder.AMOUNT_DESC,
} as const;
export type ListOrder = keyof typeof ORDERS;

type Filters = Record<string, FilterSpec<unknown>>;
type FilterValues<F extends Filters> = { [K in keyof F]?: F[K] extends FilterSpec<infer T> ? T : never };

/** A list request, parsed and checked: filters for the service call, the page, and the cursor it came with. */
export interface ListRequest<F extends Filters> {
  filters: FilterValues<F>;
  createdAt?: common.TimeRange;
  amount?: common.AmountRange;
  /** The `metadata[key]=value` pairs, exact matches all (empty when none were given). */
  metadata: Record<string, string>;
  order: ListOrder;
  page: common.PageRequest;
  /** The decoded cursor, when one was sent. */
  cursor?: CursorState;
  /** Hash of the filters, stored in the cursors this page hands out. */
  filterHash: string;
}

const COMMON_PARAMS = ['cursor', 'page_size', 'order', 'created_at[gte]', 'created_at[lte]', 'merchant_id'];
const AMOUNT_PARAMS = ['amount[gte]', 'amount[lte]'];

/**
 * Declares a list endpoint's query: the resource it lists, its own filters (e.g. `customer_id`, `status`) and whether
 * it has amounts. `parse` is strict: an unknown or repeated parameter or a malformed value is a
 * 400 naming the parameter, with the dedicated codes (docs/api.md "Errors") for page_size, order and cursor.
 * `orders` narrows the orders the list accepts (every order by default); any other is invalid_order.
 */
export function defineList<F extends Filters>(spec: {
  resource: string;
  filters: F;
  amount: boolean;
  orders?: readonly ListOrder[];
  /** Whether the list takes `metadata[key]=value` filters (at most MAX_METADATA_FILTERS). */
  metadata?: boolean;
}) {
  const allowed = new Set([...COMMON_PARAMS, ...(spec.amount ? AMOUNT_PARAMS : []), ...Object.keys(spec.filters)]);
  const orders: readonly string[] = spec.orders ?? Object.keys(ORDERS);
  return {
    parse(query: Record<string, unknown>, ctx: { merchantId: string; cursors: CursorCodec }): ListRequest<F> {
      for (const param of Object.keys(query)) {
        if (!allowed.has(param) && !(spec.metadata && METADATA_PARAM.test(param)))
          throw validationError(param, `Unknown query parameter '${param}'`);
      }
      const get = (param: string) => single(param, query[param]);
      const merchantId = get('merchant_id');
      if (merchantId !== undefined && merchantId !== ctx.merchantId) {
        throw new ApiError('merchant_mismatch', 'merchant_id must be the authenticated merchant', { param: 'merchant_id' });
      }
      const pageSize = pageSizeParam(get('page_size'), DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
      const orderRaw = get('order') ?? '-created_at';
      if (!orders.includes(orderRaw)) throw new ApiError('invalid_order', `order must be one of ${orders.join(', ')}`, { param: 'order' });
      const order = orderRaw as ListOrder;

      const filters: Record<string, unknown> = {};
      for (const [param, filter] of Object.entries(spec.filters)) {
        const raw = get(param);
        if (raw !== undefined) filters[param] = filter.parse(param, raw);
      }
      const range = <T>(base: string, parseOne: (param: string, raw: string) => T) => {
        const [gte, lte] = ['gte', 'lte'].map((op) => {
          const raw = get(`${base}[${op}]`);
          return raw === undefined ? undefined : parseOne(`${base}[${op}]`, raw);
        });
        return gte === undefined && lte === undefined ? undefined : { gte, lte };
      };
      const created = range('created_at', timestampParam);
      const amount = spec.amount ? range('amount', minorUnitsParam) : undefined;
      const metadata = spec.metadata ? metadataParams(query) : {};

      // The list's resource is part of the hash: a cursor of /v1/payments is no cursor of /v1/mandates.
      const filterHash = hashFilters({
        resource: spec.resource,
        merchantId: ctx.merchantId,
        filters,
        created,
        amount,
        ...(Object.keys(metadata).length ? { metadata } : {}),
      });
      const cursorRaw = get('cursor');
      const cursor = cursorRaw === undefined ? undefined : ctx.cursors.decode(cursorRaw, { order, filters: filterHash });
      const page = create(common.PageRequestSchema, {
        order: ORDERS[order],
        pageSize,
        backward: cursor?.backward ?? false,
        ...(cursor
          ? {
              after: {
                createdAt: { seconds: BigInt(cursor.point.seconds), nanos: cursor.point.nanos },
                amountMinor: BigInt(cursor.point.amountMinor),
                id: cursor.point.id,
              },
            }
          : {}),
      });
      return {
        filters: filters as FilterValues<F>,
        ...(created
          ? {
              createdAt: create(common.TimeRangeSchema, {
                gte: created.gte && timestampFromDate(created.gte),
                lte: created.lte && timestampFromDate(created.lte),
              }),
            }
          : {}),
        ...(amount ? { amount: create(common.AmountRangeSchema, { gte: amount.gte, lte: amount.lte }) } : {}),
        metadata,
        order,
        page,
        ...(cursor ? { cursor } : {}),
        filterHash,
      };
    },
  };
}

const METADATA_PARAM = /^metadata\[.*\]$/s;

/**
 * The `metadata[key]=value` parameters: keys and values as metadata allows them (a key of 1 to
 * 40 characters, a value of at most 200), at most MAX_METADATA_FILTERS pairs, in key order so
 * equal filters hash equal. Anything else is a validation_error naming the parameter.
 */
function metadataParams(query: Record<string, unknown>): Record<string, string> {
  const pairs: [string, string][] = [];
  for (const param of Object.keys(query)) {
    if (!METADATA_PARAM.test(param)) continue;
    const key = param.slice('metadata['.length, -1);
    const value = single(param, query[param])!;
    if (key.length === 0 || key.length > METADATA_LIMITS.maxKeyLength)
      throw validationError(param, `metadata keys must be 1 to ${METADATA_LIMITS.maxKeyLength} characters`);
    if (value.length > METADATA_LIMITS.maxValueLength)
      throw validationError(param, `metadata values must be at most ${METADATA_LIMITS.maxValueLength} characters`);
    const unstorable = unstorableText(key) ?? unstorableText(value);
    if (unstorable) throw validationError(param, `${param} ${unstorable}`);
    pairs.push([key, value]);
  }
  if (pairs.length > MAX_METADATA_FILTERS) throw validationError('metadata', `at most ${MAX_METADATA_FILTERS} metadata[key]=value filters`);
  return Object.fromEntries(pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** A stable hash of everything that selects records (not page_size), so a cursor only works with its own query. */
function hashFilters(value: unknown): string {
  const text = JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v instanceof Date ? v.toISOString() : v));
  return createHash('sha256').update(text).digest('base64url').slice(0, 22);
}
