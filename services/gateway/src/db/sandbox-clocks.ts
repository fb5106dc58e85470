import type { Db } from './client.js';

/** How far the merchant's sandbox clock runs ahead of the wall clock (0 when never advanced). */
export async function clockOffsetOf(db: Db, merchantId: string): Promise<number> {
  const [row] = await db.$queryRaw<{ offset_ms: string }[]>`
    SELECT offset_ms::text AS offset_ms FROM "gateway"."sandbox_clocks" WHERE merchant_id = ${merchantId}`;
  return row ? Number(row.offset_ms) : 0;
}

/**
 * Moves the merchant's clock `stepMs` forward: the row is locked (concurrent advances of one
 * merchant queue behind each other), `push` hands the new offset to every service, and only when
 * it resolves is the offset stored. When `push` throws nothing is stored, so repeating the
 * advance pushes the same offset again and every service converges on it.
 */
export async function advanceClockOffset(
  db: Db,
  merchantId: string,
  stepMs: number,
  push: (offsetMs: number) => Promise<void>,
): Promise<number> {
  return db.$transaction(
    async (tx) => {
      const [row] = await tx.$queryRaw<{ offset_ms: string }[]>`
        INSERT INTO "gateway"."sandbox_clocks" AS c (merchant_id, offset_ms) VALUES (${merchantId}, 0)
        ON CONFLICT (merchant_id) DO UPDATE SET updated_at = c.updated_at
        RETURNING offset_ms::text AS offset_ms`;
      const offsetMs = Number(row!.offset_ms) + stepMs;
      await push(offsetMs);
      await tx.$executeRaw`
        UPDATE "gateway"."sandbox_clocks" SET offset_ms = ${BigInt(offsetMs)}, updated_at = now() WHERE merchant_id = ${merchantId}`;
      return offsetMs;
    },
    { timeout: 30_000, maxWait: 30_000 },
  );
}
