import type { JsonValue } from '@bufbuild/protobuf';

/**
 * A stored mandate, as mandate-sql.ts and list-mandates.ts read it (mandate.mandates; amounts and
 * the version as bigint, JSON columns parsed).
 */
export interface MandateRow {
  id: string;
  merchantId: string;
  customerId: string;
  status: string;
  description: string;
  metadata: JsonValue;
  maximumAmountMinor: bigint;
  currency: string;
  frequency: string;
  createdAt: Date;
  revokedAt: Date | null;
  revokedBy: string | null;
  suspendedAt: Date | null;
  revocationReason: string | null;
  suspensionReason: string | null;
  vrpType: string;
  controls: JsonValue;
  version: bigint;
  mandateRequestId: string | null;
  authorisationUrl: string | null;
  authorisationExpiresAt: Date | null;
  consentExpected: boolean;
}
