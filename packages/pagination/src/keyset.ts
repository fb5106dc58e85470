import { timestampDate } from '@bufbuild/protobuf/wkt';
import { common } from '@vrp/contracts';

const { SortOrder } = common;
type PageRequest = common.PageRequest;

/** Largest page a list returns (docs/api.md: `page_size` 1–200, default 50). */
export const MAX_PAGE_SIZE = 200;
export const DEFAULT_PAGE_SIZE = 50;

type Dir = 'asc' | 'desc';

/** Field names of the sort keys in a Prisma model. */
export interface KeysetFields {
  createdAt: string;
  id: string;
  /** The amount column in minor units, for models that have amount orders. */
  amount?: string;
}

/** A Prisma query fragment for one keyset page. */
export interface KeysetQuery {
  /** AND this with the filters of the list. */
  where: Record<string, unknown>;
  orderBy: Record<string, Dir>[];
  /** page_size + 1: the extra row tells whether more lie beyond. */
  take: number;
  /** Rows come back in reverse display order (backward page); call pageOf to fix. */
  backward: boolean;
  pageSize: number;
}

function sortKeys(order: common.SortOrder, fields: KeysetFields): { field: string; dir: Dir; key: 'createdAt' | 'id' | 'amount' }[] {
  const amount = (dir: Dir) => {
    if (!fields.amount) throw new Error('this list has no amount order');
    return { field: fields.amount, dir, key: 'amount' as const };
  };
  switch (order) {
    case SortOrder.CREATED_AT_ASC:
      return [
        { field: fields.createdAt, dir: 'asc', key: 'createdAt' },
        { field: fields.id, dir: 'asc', key: 'id' },
      ];
    case SortOrder.AMOUNT_ASC:
      return [amount('asc'), { field: fields.createdAt, dir: 'asc', key: 'createdAt' }, { field: fields.id, dir: 'asc', key: 'id' }];
    case SortOrder.AMOUNT_DESC:
      return [amount('desc'), { field: fields.createdAt, dir: 'desc', key: 'createdAt' }, { field: fields.id, dir: 'desc', key: 'id' }];
    default:
      return [
        { field: fields.createdAt, dir: 'desc', key: 'createdAt' },
        { field: fields.id, dir: 'desc', key: 'id' },
      ];
  }
}

/**
 * Translates a PageRequest into a Prisma where/orderBy/take for keyset pagination over a total
 * order (the sort keys, then id). Page N costs the same as page 1: an index seek, never OFFSET.
 * For a backward page the order is flipped and the rows are reversed afterwards by pageOf.
 */
export function keysetQuery(page: PageRequest | undefined, fields: KeysetFields): KeysetQuery {
  const pageSize = Math.min(Math.max(page?.pageSize || DEFAULT_PAGE_SIZE, 1), MAX_PAGE_SIZE);
  const backward = Boolean(page?.backward && page.after);
  const keys = sortKeys(page?.order ?? SortOrder.UNSPECIFIED, fields).map((k) => ({
    ...k,
    dir: backward ? (k.dir === 'asc' ? 'desc' : 'asc') : k.dir,
  })) as { field: string; dir: Dir; key: 'createdAt' | 'id' | 'amount' }[];
  let where: Record<string, unknown> = {};
  const after = page?.after;
  if (after) {
    const value = (key: 'createdAt' | 'id' | 'amount'): unknown =>
      key === 'createdAt' ? (after.createdAt ? timestampDate(after.createdAt) : new Date(0)) : key === 'id' ? after.id : after.amountMinor;
    // (k1 > v1) OR (k1 = v1 AND k2 > v2) OR ... with > meaning "after" in each key's direction.
    const branches = keys.map((k, i) => {
      const clause: Record<string, unknown> = {};
      for (const prev of keys.slice(0, i)) clause[prev.field] = value(prev.key);
      clause[k.field] = { [k.dir === 'asc' ? 'gt' : 'lt']: value(k.key) };
      return clause;
    });
    where = { OR: branches };
  }
  return { where, orderBy: keys.map((k) => ({ [k.field]: k.dir })), take: pageSize + 1, backward, pageSize };
}

/** Trims the extra row and restores display order; `hasMore` is about the direction read. */
export function pageOf<T>(rows: T[], query: KeysetQuery): { items: T[]; hasMore: boolean } {
  const hasMore = rows.length > query.pageSize;
  const items = rows.slice(0, query.pageSize);
  if (query.backward) items.reverse();
  return { items, hasMore };
}
