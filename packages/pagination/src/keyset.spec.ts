import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { common } from '@vrp/contracts';
import { describe, expect, it } from 'vitest';
import { keysetQuery, pageOf } from './index.js';

const fields = { createdAt: 'createdAt', id: 'id', amount: 'amountMinor' };
const at = new Date('2026-01-01T00:00:00.000Z');

describe('keysetQuery', () => {
  it('defaults to newest first with page size 50 (+1 probe row)', () => {
    const q = keysetQuery(undefined, fields);
    expect(q.orderBy).toEqual([{ createdAt: 'desc' }, { id: 'desc' }]);
    expect(q.take).toBe(51);
    expect(q.where).toEqual({});
  });

  it('seeks strictly after the position in amount order', () => {
    const page = create(common.PageRequestSchema, {
      order: common.SortOrder.AMOUNT_ASC,
      pageSize: 10,
      after: { createdAt: timestampFromDate(at), amountMinor: 500n, id: 'PM1' },
    });
    const q = keysetQuery(page, fields);
    expect(q.orderBy).toEqual([{ amountMinor: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }]);
    expect(q.where).toEqual({
      OR: [
        { amountMinor: { gt: 500n } },
        { amountMinor: 500n, createdAt: { gt: at } },
        { amountMinor: 500n, createdAt: at, id: { gt: 'PM1' } },
      ],
    });
  });

  it('flips order for a backward page and pageOf restores display order', () => {
    const page = create(common.PageRequestSchema, { pageSize: 2, backward: true, after: { createdAt: timestampFromDate(at), id: 'MD5' } });
    const q = keysetQuery(page, fields);
    expect(q.orderBy).toEqual([{ createdAt: 'asc' }, { id: 'asc' }]);
    expect(pageOf(['a', 'b', 'c'], q)).toEqual({ items: ['b', 'a'], hasMore: true });
  });
});
