import type { Queryable } from '@vrp/sql';
import {
  addMandateReport as addMandateReportQuery,
  claimMandateReports as claimMandateReportsQuery,
  markMandateReported as markMandateReportedQuery,
  postponeMandateReport as postponeMandateReportQuery,
  type IClaimMandateReportsResult,
} from '../generated/sql/mandate-reports.queries.js';

/** Something the bank did to a mandate's consent that the mandate service must hear, as sql/mandate-reports.sql claims it. */
export type MandateReportRow = Omit<IClaimMandateReportsResult, 'id' | 'kind' | 'revokedBy' | 'cause'> & {
  id: bigint;
  kind: 'revoke' | 'suspend';
  revokedBy: 'customer' | 'bank' | null;
  /** What told of it: `revoked` (the consent), `payment:<id>` (a refused payment) or a notification's jti. */
  cause: string;
};

/** A report as claimed: its id (int8, read as its digits) a bigint, its kind and revoker as addMandateReport wrote them. */
const reportOf = (r: IClaimMandateReportsResult): MandateReportRow => ({
  ...r,
  id: BigInt(r.id),
  kind: r.kind as MandateReportRow['kind'],
  revokedBy: r.revokedBy as MandateReportRow['revokedBy'],
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
  const added = await addMandateReportQuery.run(
    {
      consentId: r.consentId,
      merchantId: r.merchantId,
      mandateId: r.mandateId,
      kind: r.kind,
      revokedBy: r.revokedBy,
      reason: r.reason,
      cause: r.cause,
    },
    db,
  );
  return added.length === 1;
}

/** Claims up to `limit` reports due, each for `leaseMs`, so several replicas each take their own. */
export async function claimMandateReports(db: Queryable, limit: number, leaseMs: number): Promise<MandateReportRow[]> {
  return (await claimMandateReportsQuery.run({ limit, leaseMs }, db)).map(reportOf);
}

/** The mandate service acknowledged the report (or refused it for good). */
export async function markMandateReported(db: Queryable, id: bigint): Promise<void> {
  await markMandateReportedQuery.run({ id: String(id) }, db);
}

/** The mandate service could not be reached: try again at `next`. */
export async function postponeMandateReport(db: Queryable, id: bigint, next: Date): Promise<void> {
  await postponeMandateReportQuery.run({ id: String(id), next }, db);
}
