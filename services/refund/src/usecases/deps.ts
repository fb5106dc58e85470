import type { bank, payment } from '@vrp/contracts';
import type { ServiceClient } from '@vrp/grpc';
import type { Logger } from '@vrp/logging';
import type { RefundDb } from '../db/client.js';

/** What the refund use cases work with; built once by app.ts. */
export interface RefundDeps {
  db: RefundDb;
  /** The payment service: the authority on what a payment still allows to refund. */
  payments: ServiceClient<typeof payment.PaymentService>;
  bank: ServiceClient<typeof bank.BankService>;
  logger: Logger;
  /** Subject prefix of the event stream, for outbox rows. */
  subjectPrefix: string;
  settlementBusinessDays: number;
  /** Called after a transaction with an outbox row committed, so the relay publishes at once. */
  onEventWritten(): void;
  /** Bank hand-overs running in the background (submitRefundLater); stop() waits for them. */
  bankSubmissions: Set<Promise<unknown>>;
}
