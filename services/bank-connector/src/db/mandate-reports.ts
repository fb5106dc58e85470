import { rows, type Queryable } from '@vrp/sql';

/** Something the bank did to a mandate's consent that the mandate service must hear. */
export interface MandateReportRow {
  id: bigint;
  merchantId: string;
  mandateId: string;
  kind: 'revoke' | 'suspend';
  revokedBy: 'customer' | 'bank' | null;
  reason: string | null;
  /** What told of it: `revoked` (the consent), `payment:<id>` (a refused payment) or a notification's jti. */
  cause: string;
  checks: number;
}

interface Row {
  id: string;
  merchant_id: string;
  mandate_id: string;
  kind: 'revoke' | 'suspend';
  revoked_by: 'customer' | 'bank' | null;
  reason: string | null;
  cause: string;
  checks: number;
}

const reportOf = (r: Row): MandateReportRow => ({
  id: BigInt(r.id),
  merchantId: r.merchant_id,
  mandateId: r.mandate_id,
  kind: r.kind,
  revokedBy: r.revoked_by,
  reason: r.reason,
  cause: r.cause,
  checks: r.checks,
});

/**
 * Records a report to make, once: a consent's revocation once whatever told of it (notification or
 * read), a suspension once per notification (`cause`). True when it is new.
 */
export async function addMandateReport(
  db: Queryable,
  r: {
    consentId: string;
    merchantId: string;
    mandateId: string;
    kind: 'revoke' | 'suspend';
    revokedBy: 'customer' | 'bank' | null;
    reason: string | null;
    cause: string;
  },
): Promise<boolean> {
  const added = await rows(
    db,
    `INSERT INTO connector.mandate_reports (consent_id, merchant_id, mandate_id, kind, revoked_by, reason, cause)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (consent_id, kind, cause) DO NOTHING RETURNING id`,
    [r.consentId, r.merchantId, r.mandateId, r.kind, r.revokedBy, r.reason, r.cause],
  );
  return added.length === 1;
}

/** Claims up to `limit` reports due, each for `leaseMs`, so several replicas each take their own. */
export async function claimMandateReports(db: Queryable, limit: number, leaseMs: number): Promise<MandateReportRow[]> {
  const found = await rows<Row>(
    db,
    `UPDATE connector.mandate_reports SET next_check_at = now() + make_interval(secs => $2::double precision / 1000)
     WHERE id IN (SELECT id FROM connector.mandate_reports WHERE reported_at IS NULL AND next_check_at <= now()
                  ORDER BY next_check_at LIMIT $1 FOR UPDATE SKIP LOCKED)
     RETURNING id::text AS id, merchant_id, mandate_id, kind, revoked_by, reason, cause, checks`,
    [limit, leaseMs],
  );
  return found.map(reportOf);
}

/** The mandate service acknowledged the report (or refused it for good). */
export async function markMandateReported(db: Queryable, id: bigint): Promise<void> {
  await db.query(`UPDATE connector.mandate_reports SET reported_at = now() WHERE id = $1`, [String(id)]);
}

/** The mandate service could not be reached: try again at `next`. */
export async function postponeMandateReport(db: Queryable, id: bigint, next: Date): Promise<void> {
  await db.query(`UPDATE connector.mandate_reports SET next_check_at = $2, checks = checks + 1 WHERE id = $1`, [String(id), next]);
}
