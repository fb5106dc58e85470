import { rows, type Queryable } from '@vrp/sql';

/**
 * Sandbox: each merchant's creditor accounts whose clock at the model bank is behind the merchant's
 * own clock (the offset pushed last is smaller than the offset held, or none was pushed).
 */
export async function clocksBehind(db: Queryable, limit: number): Promise<{ merchantId: string; accountId: string; offsetMs: number }[]> {
  const found = await rows<{ merchant_id: string; account_id: string; offset_ms: string }>(
    db,
    `SELECT DISTINCT m.merchant_id, c.initiation->'CreditorAccount'->>'Identification' AS account_id, m.offset_ms::text AS offset_ms
     FROM connector.merchant_clocks m
     JOIN connector.consents c ON c.merchant_id = m.merchant_id AND c.initiation ? 'CreditorAccount'
     LEFT JOIN connector.back_office_clocks b
       ON b.merchant_id = m.merchant_id AND b.account_id = c.initiation->'CreditorAccount'->>'Identification'
     WHERE b.offset_ms IS NULL OR b.offset_ms < m.offset_ms
     LIMIT $1`,
    [limit],
  );
  return found.map((r) => ({ merchantId: r.merchant_id, accountId: r.account_id, offsetMs: Number(r.offset_ms) }));
}

/** Records the offset pushed for a merchant's account (never lowering one). */
export async function recordClockPushed(db: Queryable, merchantId: string, accountId: string, offsetMs: number): Promise<void> {
  await db.query(
    `INSERT INTO connector.back_office_clocks AS b (merchant_id, account_id, offset_ms) VALUES ($1, $2, $3::bigint)
     ON CONFLICT (merchant_id, account_id) DO UPDATE SET offset_ms = GREATEST(b.offset_ms, EXCLUDED.offset_ms)`,
    [merchantId, accountId, String(offsetMs)],
  );
}
