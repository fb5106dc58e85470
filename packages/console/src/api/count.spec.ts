import { describe, expect, it } from 'vitest';
import { countUpTo, type ListCall } from './count.js';

/** A list endpoint over `total` items that records the queries it was asked. */
function fakeList(total: number) {
  const queries: { page_size: number; cursor?: string }[] = [];
  const list: ListCall = async (query) => {
    queries.push(query);
    const start = query.cursor ? Number(query.cursor) : 0;
    const end = Math.min(start + query.page_size, total);
    return { results: Array.from({ length: end - start }), next_cursor: end < total ? String(end) : null };
  };
  return { list, queries };
}

describe('counting a list', () => {
  it('walks the pages by their cursors, 200 at a time', async () => {
    const { list, queries } = fakeList(450);
    expect(await countUpTo(list)).toBe('450');
    expect(queries).toEqual([{ page_size: 200 }, { page_size: 200, cursor: '200' }, { page_size: 200, cursor: '400' }]);
  });

  it('counts an empty list as 0 in one call', async () => {
    const { list, queries } = fakeList(0);
    expect(await countUpTo(list)).toBe('0');
    expect(queries).toHaveLength(1);
  });

  it('shows exactly 1000 when the list ends there', async () => {
    expect(await countUpTo(fakeList(1000).list)).toBe('1000');
  });

  it('stops at 1000 and says there are more', async () => {
    const { list, queries } = fakeList(5000);
    expect(await countUpTo(list)).toBe('1000+');
    expect(queries).toHaveLength(5);
  });

  it('never shows more than the cap, whatever the page size gives', async () => {
    const { list } = fakeList(450);
    expect(await countUpTo(list, 300)).toBe('300+');
    expect(await countUpTo(list, 450)).toBe('450');
  });
});
