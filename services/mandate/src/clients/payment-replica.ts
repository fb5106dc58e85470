import { payment } from '@vrp/contracts';
import { createServiceClient } from '@vrp/grpc';
import type { Logger } from '@vrp/logging';
import type { MandateRow } from '../db/mandates.js';
import { toMandateMessage } from '../db/mandate-messages.js';

/**
 * The payment service's replica of active mandates' terms, as this service keeps it: pushed when
 * a mandate becomes active, fenced before and after every move out of active. With the replica
 * a payment create under an active mandate does not call this service.
 */
export interface TermsReplica {
  /** Forgets the replica and refuses creates relying on a lower version; throws when the payment service cannot be reached. */
  fence(merchantId: string, mandateId: string, version: bigint, close: boolean): Promise<void>;
  /** Pushes an active mandate's terms; never throws: a lost push only means its next payment create asks this service. */
  replicate(row: MandateRow): Promise<void>;
  close(): void;
}

/** A TermsReplica over gRPC to the payment service at `baseUrl`, through a breaker. */
export function paymentTermsReplica(
  options: { baseUrl: string; timeoutMs?: number; onBreakerStateChange?: (state: string) => void },
  logger: Logger,
): TermsReplica {
  const client = createServiceClient(payment.PaymentService, { resetTimeoutMs: 1000, ...options });
  return {
    async fence(merchantId, mandateId, version, close) {
      await client.fenceMandate({ merchantId, mandateId, version, close });
    },
    async replicate(row) {
      try {
        await client.replicateMandate({ mandate: toMandateMessage(row), version: row.version });
      } catch (err) {
        logger.warn('mandate terms not replicated; its next payment create asks for them', { mandate_id: row.id, err });
      }
    },
    close() {
      client.close();
    },
  };
}
