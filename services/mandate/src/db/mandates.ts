import type { IReadMandateResult } from '../generated/sql/mandates.queries.js';

/**
 * A stored mandate, as mandate-sql.ts and list-mandates.ts read it (mandate.mandates): the row of
 * the typed reads of sql/mandates.sql, with the maximum amount and the version as bigints.
 */
export type MandateRow = Omit<IReadMandateResult, 'maximumAmountMinor' | 'version'> & { maximumAmountMinor: bigint; version: bigint };

/**
 * A mandate's columns, for a table aliased `m`: the select list of every mandate query in
 * sql/mandates.sql, word for word (test/mandate-columns.test.ts keeps them equal), so the list
 * page, built at run time, returns the typed queries' rows.
 */
export const MANDATE_COLUMNS = `m.id, m.merchant_id AS "merchantId", m.customer_id AS "customerId", m.status, m.description, m.metadata,
       m.maximum_amount_minor AS "maximumAmountMinor", m.currency, m.frequency, m.created_at AS "createdAt",
       m.revoked_at AS "revokedAt", m.revoked_by AS "revokedBy", m.suspended_at AS "suspendedAt", m.revocation_reason AS "revocationReason",
       m.suspension_reason AS "suspensionReason", m.vrp_type AS "vrpType", m.controls, m.version, m.mandate_request_id AS "mandateRequestId",
       m.authorisation_url AS "authorisationUrl", m.authorisation_expires_at AS "authorisationExpiresAt", m.consent_expected AS "consentExpected"`;

/** A mandate as a typed mandate query returns it (int8 columns as their digits), as a MandateRow. */
export const toMandateRow = (row: IReadMandateResult): MandateRow => ({
  ...row,
  maximumAmountMinor: BigInt(row.maximumAmountMinor),
  version: BigInt(row.version),
});
