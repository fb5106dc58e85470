/**
 * Where a service keeps its merchants' clock offsets: a table `<schema>.merchant_clocks`
 * (merchant_id text primary key, offset_ms bigint >= 0, updated_at), so a restarted or second
 * replica knows them. Written through the `$queryRawUnsafe` shape the Idempotency-Key helpers
 * take (a Prisma client, or rawSql(pool) from @vrp/sql).
 */
export interface RawSql {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
}

const SCHEMA = /^[a-z_]+$/;

function table(schema: string): string {
  if (!SCHEMA.test(schema)) throw new Error(`not a schema name: ${schema}`);
  return `"${schema}"."merchant_clocks"`;
}

/** Every merchant whose clock runs ahead, with its offset. */
export async function loadClockOffsets(db: RawSql, schema: string): Promise<[string, number][]> {
  const found = await db.$queryRawUnsafe<{ merchant_id: string; offset_ms: string }[]>(
    `SELECT merchant_id, offset_ms::text AS offset_ms FROM ${table(schema)}`,
  );
  return found.map((r) => [r.merchant_id, Number(r.offset_ms)]);
}

/** Stores the merchant's offset unless a larger one is stored (monotonic); answers the offset stored now. */
export async function saveClockOffset(db: RawSql, schema: string, merchantId: string, offsetMs: number): Promise<number> {
  const t = table(schema);
  const [row] = await db.$queryRawUnsafe<{ offset_ms: string }[]>(
    `INSERT INTO ${t} AS c (merchant_id, offset_ms, updated_at) VALUES ($1, $2::bigint, now())
     ON CONFLICT (merchant_id) DO UPDATE SET offset_ms = GREATEST(c.offset_ms, EXCLUDED.offset_ms), updated_at = now()
     RETURNING offset_ms::text AS offset_ms`,
    merchantId,
    String(offsetMs),
  );
  return Number(row!.offset_ms);
}
