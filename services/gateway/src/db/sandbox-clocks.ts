import { transaction, type SqlPool } from '@vrp/sql';
import { lockClock, selectClockOffset, setClockOffset } from '../generated/sql/sandbox-clocks.queries.js';

/** How far the merchant's sandbox clock runs ahead of the wall clock (0 when never advanced). */
export async function clockOffsetOf(pool: SqlPool, merchantId: string): Promise<number> {
  const [row] = await selectClockOffset.run({ merchantId }, pool);
  return row ? Number(row.offsetMs) : 0;
}

/**
 * Moves the merchant's clock `stepMs` forward: the row is locked (concurrent advances of one
 * merchant queue behind each other), `push` hands the new offset to every service, and only when
 * it resolves is the offset stored. When `push` throws nothing is stored, so repeating the
 * advance pushes the same offset again and every service converges on it.
 */
export async function advanceClockOffset(
  pool: SqlPool,
  merchantId: string,
  stepMs: number,
  push: (offsetMs: number) => Promise<void>,
): Promise<number> {
  return transaction(pool, async (tx) => {
    const [row] = await lockClock.run({ merchantId }, tx);
    const offsetMs = Number(row!.offsetMs) + stepMs;
    await push(offsetMs);
    await setClockOffset.run({ merchantId, offsetMs: BigInt(offsetMs).toString() }, tx);
    return offsetMs;
  });
}
