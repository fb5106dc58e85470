import { validationError } from '@vrp/errors';
import { eventsAfter, streamHead, type StreamEventRow } from '../db/event-stream.js';
import type { Deps } from '../deps.js';

export interface ListStreamEventsInput {
  merchantId: string;
  /** The position after which events are wanted; undefined means the current end of the stream. */
  afterSeq?: bigint;
  /** At most this many (1..500; 0 means 100). */
  limit: number;
  /** How long to wait for an event when there is none yet (0..30000 ms). */
  waitMs: number;
  /** The caller went away: stop waiting. */
  signal?: AbortSignal;
}

const MAX_LIMIT = 500;
const MAX_WAIT_MS = 30_000;
/**
 * Longest wait between two looks while nothing is recorded by this process: events another
 * replica records wake nobody here, so readers look for them themselves this often.
 */
export const STREAM_POLL_MS = 1000;

/**
 * The merchant's events after a position of its stream, oldest first. When there is none, waits
 * up to `waitMs` for one to be recorded (woken by this process's recordings, looking again every
 * STREAM_POLL_MS for other replicas'). `lastSeq` is where the next call resumes: the last event's
 * position, or the one asked after (the current end when none was given), so resuming neither
 * skips nor repeats an event.
 */
export async function listStreamEvents(
  deps: Pick<Deps, 'sql' | 'recorded'>,
  input: ListStreamEventsInput,
): Promise<{ events: StreamEventRow[]; lastSeq: bigint }> {
  if (input.limit < 0 || input.limit > MAX_LIMIT) throw validationError('limit', `must be between 1 and ${MAX_LIMIT}`);
  if (input.waitMs < 0 || input.waitMs > MAX_WAIT_MS) throw validationError('wait_ms', `must be between 0 and ${MAX_WAIT_MS}`);
  const limit = input.limit || 100;
  const after = input.afterSeq ?? (await streamHead(deps.sql, input.merchantId));
  const deadline = performance.now() + input.waitMs;
  for (;;) {
    const events = await eventsAfter(deps.sql, input.merchantId, after, limit);
    if (events.length > 0) return { events, lastSeq: events.at(-1)!.seq };
    const left = deadline - performance.now();
    if (left <= 0 || input.signal?.aborted) return { events: [], lastSeq: after };
    await deps.recorded.next(Math.min(left, STREAM_POLL_MS), input.signal);
  }
}
