import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { common } from '@vrp/contracts';
import { describe, expect, it } from 'vitest';
import { SqlFilter, keysetPageSql, keysetQuery, keysetSql } from './index.js';

const columns = { createdAt: 'p.created_at', id: 'p.id', amount: 'p.amount_minor' };
const at = new Date('2026-01-01T00:00:00.000Z');

describe('keysetSql', () => {
  it('reads the first page newest first, its limit after the caller’s values', () => {
    const values: unknown[] = ['MR1'];
    expect(keysetSql(keysetQuery(undefined, columns), values)).toEqual({
      where: 'TRUE',
      orderBy: 'p.created_at DESC, p.id DESC',
      limit: '$2',
    });
    expect(values).toEqual(['MR1', 51]);
  });

  it('seeks past the position with one row comparison in the order’s direction', () => {
    const page = create(common.PageRequestSchema, {
      order: common.SortOrder.AMOUNT_ASC,
      pageSize: 10,
      after: { createdAt: timestampFromDate(at), amountMinor: 500n, id: 'PM1' },
    });
    const values: unknown[] = [];
    expect(keysetSql(keysetQuery(page, columns), values)).toEqual({
      where: '(p.amount_minor, p.created_at, p.id) > ($2, $3, $4)',
      orderBy: 'p.amount_minor ASC, p.created_at ASC, p.id ASC',
      limit: '$1',
    });
    expect(values).toEqual([11, '500', at, 'PM1']);
  });

  it('flips the comparison and the order for a backward page', () => {
    const page = create(common.PageRequestSchema, { pageSize: 2, backward: true, after: { createdAt: timestampFromDate(at), id: 'MD5' } });
    const values: unknown[] = [];
    expect(keysetSql(keysetQuery(page, columns), values)).toEqual({
      where: '(p.created_at, p.id) > ($2, $3)',
      orderBy: 'p.created_at ASC, p.id ASC',
      limit: '$1',
    });
  });

  it('builds a page statement from a filter, its seek placeholders after the filter’s', () => {
    const page = create(common.PageRequestSchema, { pageSize: 5, after: { createdAt: timestampFromDate(at), id: 'PM9' } });
    const filter = new SqlFilter().add((v) => `p.merchant_id = ${v}`, 'MR1').add((v) => `p.amount_minor >= ${v}::bigint`, 100n);
    expect(keysetPageSql('SELECT p.id FROM payment.payments p', filter, keysetQuery(page, columns))).toBe(
      'SELECT p.id FROM payment.payments p WHERE p.merchant_id = $1 AND p.amount_minor >= $2::bigint' +
        ' AND (p.created_at, p.id) < ($4, $5) ORDER BY p.created_at DESC, p.id DESC LIMIT $3',
    );
    expect(filter.values).toEqual(['MR1', '100', 6, at, 'PM9']);
  });

  it('filters on one of several values with ANY, and on a single value with an equality an index can order by', () => {
    const several = new SqlFilter().oneOf('p.status', ['settled', 'refunded']);
    expect([several.toString(), several.values]).toEqual(['p.status = ANY($1::text[])', [['settled', 'refunded']]]);
    const one = new SqlFilter().oneOf('p.status', ['settled']);
    expect([one.toString(), one.values]).toEqual(['p.status = $1', ['settled']]);
  });

  it('reads an empty filter as TRUE', () => {
    expect(new SqlFilter().toString()).toBe('TRUE');
  });
});
