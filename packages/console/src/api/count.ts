import { cappedCount } from '../format/format.js';

/** One call of a list endpoint, as far as counting needs it. */
export type ListCall = (query: { page_size: number; cursor?: string }) => Promise<{ results: unknown[]; next_cursor: string | null }>;

/** The largest page the API serves. */
const PAGE_SIZE = 200;

/**
 * How many items a list has, for a count on screen: the API has no totals, so this walks the
 * pages (200 at a time, following next_cursor) until `cap` items were seen. Beyond the cap the
 * answer is "1000+" rather than a walk through the whole list.
 */
export async function countUpTo(list: ListCall, cap = 1000): Promise<string> {
  let count = 0;
  let cursor: string | undefined;
  do {
    const page = await list({ page_size: PAGE_SIZE, ...(cursor ? { cursor } : {}) });
    count += page.results.length;
    cursor = page.next_cursor ?? undefined;
  } while (cursor && count < cap);
  const more = count > cap || (count === cap && cursor !== undefined);
  return cappedCount(Math.min(count, cap), more);
}
