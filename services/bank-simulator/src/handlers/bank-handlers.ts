import type { ServiceImpl } from '@connectrpc/connect';
import { bank } from '@vrp/contracts';
import type { SimulatedBank } from '../usecases/simulated-bank.js';

/** BankService over the simulated bank: proto in, proto out. */
export function bankHandlers(sim: SimulatedBank): ServiceImpl<typeof bank.BankService> {
  return {
    submitPayment(req) {
      return sim.submitPayment(req);
    },
    submitPayments(req) {
      return { receipts: req.submissions.map((submission) => sim.submitPayment(submission)) };
    },
    submitRefund(req) {
      return { bankReference: sim.submitRefund(req) };
    },
    forcePaymentOutcome(req) {
      sim.forcePaymentOutcome(req);
      return {};
    },
    forceRefundSettlement(req) {
      sim.forceRefundSettlement(req.refundId, req.outcome === bank.ForcedOutcome.FAIL ? 'fail' : 'settle');
      return {};
    },
  };
}
