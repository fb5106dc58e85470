import { metadataDocuments } from './metadata-filter.js';
import type { KeysetQuery } from './keyset.js';

/** The SQL of one keyset page, for lists in raw SQL: a condition to AND with the filters, the order and the limit. */
export interface KeysetSql {
  /** `TRUE` on the first page, else the seek past the position (a row comparison the index serves). */
  where: string;
  orderBy: string;
  limit: string;
}

/**
 * Renders a keysetQuery built with SQL column names as its fields (e.g. `{ createdAt:
 * 'p.created_at', id: 'p.id', amount: 'p.amount_minor' }`) as SQL, appending the position's
 * values to `values` (so their placeholders follow the caller's). Every order's keys run in one
 * direction, so "after the position" is one row comparison: `(k1, k2, id) > ($n, $n+1, $n+2)`.
 */
export function keysetSql(query: KeysetQuery, values: unknown[]): KeysetSql {
  const keys = query.orderBy.map((o) => Object.entries(o)[0]!) as [string, 'asc' | 'desc'][];
  const orderBy = keys.map(([column, dir]) => `${column} ${dir === 'asc' ? 'ASC' : 'DESC'}`).join(', ');
  values.push(query.take);
  const limit = `$${values.length}`;
  const branches = (query.where as { OR?: Record<string, unknown>[] }).OR;
  if (!branches) return { where: 'TRUE', orderBy, limit };
  // The last branch holds every key: equal to the position on all but the last, past it on that one.
  const last = branches[branches.length - 1]!;
  const placeholders = keys.map(([column], i) => {
    const bound = last[column];
    const value = i === keys.length - 1 ? Object.values(bound as Record<string, unknown>)[0] : bound;
    values.push(typeof value === 'bigint' ? value.toString() : value);
    return `$${values.length}`;
  });
  const op = keys[0]![1] === 'asc' ? '>' : '<';
  return { where: `(${keys.map(([c]) => c).join(', ')}) ${op} (${placeholders.join(', ')})`, orderBy, limit };
}

/** The conditions of a raw-SQL list's WHERE, each value bound to the next placeholder in `values`. */
export class SqlFilter {
  readonly values: unknown[] = [];
  private readonly conditions: string[] = [];

  /** ANDs `condition` with `value` as its placeholder (`$n`); bigints are bound as their digits. */
  add(condition: (placeholder: string) => string, value: unknown): this {
    this.values.push(typeof value === 'bigint' ? value.toString() : value);
    this.conditions.push(condition(`$${this.values.length}`));
    return this;
  }

  /**
   * ANDs `column` is one of `values` (text). One value is an equality, not `= ANY(array)`: only
   * then can an index that leads with the column give the rows in the page's order, instead of
   * every matching row being read and sorted for one page.
   */
  oneOf(column: string, values: readonly string[]): this {
    return values.length === 1 ? this.add((v) => `${column} = ${v}`, values[0]) : this.add((v) => `${column} = ANY(${v}::text[])`, values);
  }

  /**
   * ANDs `column` (jsonb) holds every pair exactly, each as one containment test (or two, for a
   * value that may have been stored as a number), so a GIN index on the column answers it.
   */
  metadataContains(column: string, pairs: Record<string, string> | undefined): this {
    for (const [key, value] of Object.entries(pairs ?? {})) {
      const docs = metadataDocuments(key, value);
      const tests: string[] = docs.map((doc) => {
        this.values.push(doc);
        return `${column} @> $${this.values.length}::jsonb`;
      });
      this.conditions.push(tests.length === 1 ? tests[0]! : `(${tests.join(' OR ')})`);
    }
    return this;
  }

  /** The conditions ANDed (`TRUE` when there are none). */
  toString(): string {
    return this.conditions.join(' AND ') || 'TRUE';
  }
}

/**
 * The statement of one keyset page: `select` (its `SELECT … FROM table alias`) with the filter's
 * conditions, then the seek past the position, the order and the limit, their values appended to
 * the filter's. Run it with `filter.values`, then give the rows to pageOf with the same query.
 */
export function keysetPageSql(select: string, filter: SqlFilter, query: KeysetQuery): string {
  const where = filter.toString();
  const keyset = keysetSql(query, filter.values);
  return `${select} WHERE ${where} AND ${keyset.where} ORDER BY ${keyset.orderBy} LIMIT ${keyset.limit}`;
}
