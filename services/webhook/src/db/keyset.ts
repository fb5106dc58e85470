import { timestampDate } from '@bufbuild/protobuf/wkt';
import { common } from '@vrp/contracts';
import { ApiError } from '@vrp/errors';
import { keysetQuery, type KeysetQuery } from '@vrp/pagination';

/**
 * A keyset query over (created_at, id) of the table aliased `alias`, the only orders webhook lists
 * have: amount orders answer 400 invalid_order because endpoints and events carry no amount.
 */
export function createdAtKeyset(page: common.PageRequest | undefined, alias: 'e' | 'ev'): KeysetQuery {
  const order = page?.order ?? common.SortOrder.UNSPECIFIED;
  if (order === common.SortOrder.AMOUNT_ASC || order === common.SortOrder.AMOUNT_DESC) {
    throw new ApiError('invalid_order', 'This list can only be ordered by created_at or -created_at.', { param: 'order' });
  }
  return keysetQuery(page, { createdAt: `${alias}.created_at`, id: `${alias}.id` });
}

/** An inclusive created_at range; either bound may be missing. */
export interface CreatedAtRange {
  gte?: Date;
  lte?: Date;
}

/** The inclusive created_at range a list asked for ({} when there is none). */
export function createdAtRange(range: common.TimeRange | undefined): CreatedAtRange {
  return {
    ...(range?.gte ? { gte: timestampDate(range.gte) } : {}),
    ...(range?.lte ? { lte: timestampDate(range.lte) } : {}),
  };
}
