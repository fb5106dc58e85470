import type { Timestamp } from '@bufbuild/protobuf/wkt';
import type { common } from '@vrp/contracts';
import type { CursorCodec, KeysetPoint } from './cursor.js';
import type { ListRequest } from './list-query.js';

/** The parts of a list request that decide its cursors. */
export type ListWalk = Pick<ListRequest<Record<string, never>>, 'order' | 'filterHash' | 'cursor'>;

/** The collection envelope every list endpoint returns. */
export interface ListJson<J> {
  results: J[];
  next_cursor: string | null;
  previous_cursor: string | null;
  page_size: number;
}

/** The sort key of one record, as the service returned it. */
export interface RecordKey {
  createdAt?: Timestamp;
  amountMinor?: bigint;
  id: string;
}

const pointOf = (key: RecordKey): KeysetPoint => ({
  seconds: String(key.createdAt?.seconds ?? 0n),
  nanos: key.createdAt?.nanos ?? 0,
  amountMinor: String(key.amountMinor ?? 0n),
  id: key.id,
});

/**
 * Builds the collection response for one page. The service says whether more records lie
 * beyond the page in the direction it read (`page_info.has_more`); the other direction is known
 * from how we got here: a page reached through a cursor always has something before it.
 */
export function listResponse<T, J>(
  request: ListWalk,
  items: T[],
  pageInfo: common.PageInfo | undefined,
  options: { cursors: CursorCodec; keyOf: (item: T) => RecordKey; present: (item: T) => J },
): ListJson<J> {
  const hasMore = pageInfo?.hasMore ?? false;
  const encode = (item: T | undefined, backward: boolean) =>
    item === undefined
      ? null
      : options.cursors.encode({ order: request.order, filters: request.filterHash, point: pointOf(options.keyOf(item)), backward });
  const first = items[0];
  const last = items[items.length - 1];
  const readBackward = request.cursor?.backward ?? false;
  let next: string | null;
  let previous: string | null;
  if (readBackward) {
    previous = hasMore ? encode(first, true) : null;
    next = encode(last, false);
  } else {
    next = hasMore ? encode(last, false) : null;
    previous = request.cursor
      ? (encode(first, true) ??
        options.cursors.encode({ order: request.order, filters: request.filterHash, point: request.cursor.point, backward: true }))
      : null;
  }
  return { results: items.map(options.present), next_cursor: next, previous_cursor: previous, page_size: items.length };
}
