import { create } from '@bufbuild/protobuf';
import { timestampFromDate, type Timestamp } from '@bufbuild/protobuf/wkt';
import { common } from '@vrp/contracts';
import { ApiError } from '@vrp/errors';
import { presentMandate, presentPayment, presentRefund, presentWebhookEvent } from '@vrp/public-api';
import type { GatewayClients } from '../clients.js';
import type { ExportPosition, ExportType } from '../db/exports.js';
import type { CursorCodec } from '../lists/index.js';
import { listMandatesRequest, mandateList } from '../routes/mandates.js';
import { listPaymentsRequest, paymentList } from '../routes/payments.js';
import { listRefundsRequest, refundList } from '../routes/refunds.js';
import { eventList, listEventsRequest } from '../routes/webhooks.js';

/** Rows per call to the owning service: its largest page. */
export const EXPORT_PAGE_SIZE = 200;

/** One page of an export: the rows as the API presents them, the position after the last, and whether more follow. */
export interface ExportPage {
  rows: Record<string, unknown>[];
  last: ExportPosition | null;
  hasMore: boolean;
}

/** Where an export's rows come from: the list of the service that owns them, walked oldest first. */
export interface ExportSource {
  /** Checks `filters` (the list's own parameter names) as the list checks its query; 400 names `filters.<param>`. */
  check(merchantId: string, filters: Record<string, unknown>, cursors: CursorCodec): void;
  /** The page after `after` of the rows created at or before `snapshotAt` that match `filters`. */
  page(
    clients: GatewayClients,
    merchantId: string,
    filters: Record<string, unknown>,
    snapshotAt: Date,
    after: ExportPosition | null,
    cursors: CursorCodec,
  ): Promise<ExportPage>;
}

/** List parameters that position a walk, not select rows: an export walks everything itself. */
const WALK_PARAMS = new Set(['cursor', 'page_size', 'order']);

/** The export's filters as a list query: `metadata: {k: v}` becomes `metadata[k]=v`, values are text. */
function queryOf(filters: Record<string, unknown>): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(filters)) {
    if (WALK_PARAMS.has(name)) throw new ApiError('validation_error', `filters.${name} is not a filter`, { param: `filters.${name}` });
    if (name === 'metadata' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, v] of Object.entries(value)) query[`metadata[${key}]`] = textOf(`filters.metadata[${key}]`, v);
    } else query[name] = textOf(`filters.${name}`, value);
  }
  return query;
}

function textOf(param: string, value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  throw new ApiError('validation_error', `${param} must be a string`, { param });
}

/** A list's parse with its errors naming `filters.<param>`. */
function parsed<L extends { parse(q: Record<string, unknown>, c: { merchantId: string; cursors: CursorCodec }): unknown }>(
  list: L,
  merchantId: string,
  filters: Record<string, unknown>,
  cursors: CursorCodec,
): ReturnType<L['parse']> {
  try {
    return list.parse(queryOf(filters), { merchantId, cursors }) as ReturnType<L['parse']>;
  } catch (err) {
    if (err instanceof ApiError && err.param && !err.param.startsWith('filters.')) {
      throw new ApiError(err.code, err.message, { param: `filters.${err.param}` });
    }
    throw err;
  }
}

/** The walk's page request: oldest first, after the position, in the service's largest pages. */
function walkPage(after: ExportPosition | null): common.PageRequest {
  return create(common.PageRequestSchema, {
    order: common.SortOrder.CREATED_AT_ASC,
    pageSize: EXPORT_PAGE_SIZE,
    ...(after ? { after: { createdAt: { seconds: BigInt(after.seconds), nanos: after.nanos }, amountMinor: 0n, id: after.id } } : {}),
  });
}

/** The list's creation range bounded by the snapshot: nothing created after it is exported. */
function bounded(range: common.TimeRange | undefined, snapshotAt: Date): common.TimeRange {
  const snapshot = timestampFromDate(snapshotAt);
  const lte = range?.lte && before(range.lte, snapshot) ? range.lte : snapshot;
  return create(common.TimeRangeSchema, { ...(range?.gte ? { gte: range.gte } : {}), lte });
}
const before = (a: Timestamp, b: Timestamp) => a.seconds < b.seconds || (a.seconds === b.seconds && a.nanos <= b.nanos);

function pageOf<T extends { id: string; createdAt?: Timestamp }>(items: T[], hasMore: boolean, present: (item: T) => object): ExportPage {
  const last = items.at(-1);
  return {
    rows: items.map((i) => present(i) as Record<string, unknown>),
    last: last?.createdAt ? { seconds: last.createdAt.seconds.toString(), nanos: last.createdAt.nanos, id: last.id } : null,
    hasMore,
  };
}

/**
 * A source over one list: `list` parses the filters, `request` builds the service's request, `fetch`
 * calls the service. Rows come from the service that owns them, a page per call (keyset), so no
 * transaction stays open between pages and nobody else's tables are read.
 */
function source<
  L extends { parse(q: Record<string, unknown>, c: { merchantId: string; cursors: CursorCodec }): unknown },
  T extends { id: string; createdAt?: Timestamp },
>(
  list: L,
  fetch: (clients: GatewayClients, merchantId: string, list: ReturnType<L['parse']>) => Promise<{ items: T[]; hasMore: boolean }>,
  present: (item: T) => object,
): ExportSource {
  return {
    check: (merchantId, filters, cursors) => void parsed(list, merchantId, filters, cursors),
    async page(clients, merchantId, filters, snapshotAt, after, cursors) {
      const request = parsed(list, merchantId, filters, cursors) as ReturnType<L['parse']> & {
        createdAt?: common.TimeRange;
        page: common.PageRequest;
      };
      request.createdAt = bounded(request.createdAt, snapshotAt);
      request.page = walkPage(after);
      const { items, hasMore } = await fetch(clients, merchantId, request);
      return pageOf(items, hasMore, present);
    },
  };
}

/** The source of each export type. */
export const EXPORT_SOURCES: Record<ExportType, ExportSource> = {
  payments: source(
    paymentList,
    async (c, m, l) => {
      const out = await c.payment.listPayments(listPaymentsRequest(m, l));
      return { items: out.payments, hasMore: out.pageInfo?.hasMore ?? false };
    },
    presentPayment,
  ),
  refunds: source(
    refundList,
    async (c, m, l) => {
      const out = await c.refund.listRefunds(listRefundsRequest(m, l));
      return { items: out.refunds, hasMore: out.pageInfo?.hasMore ?? false };
    },
    presentRefund,
  ),
  mandates: source(
    mandateList,
    async (c, m, l) => {
      const out = await c.mandate.listMandates(listMandatesRequest(m, l));
      return { items: out.mandates, hasMore: out.pageInfo?.hasMore ?? false };
    },
    (m) => presentMandate(m),
  ),
  events: source(
    eventList,
    async (c, m, l) => {
      const out = await c.webhook.listEvents(listEventsRequest(m, l));
      return { items: out.events, hasMore: out.pageInfo?.hasMore ?? false };
    },
    (e) => presentWebhookEvent(e),
  ),
};
