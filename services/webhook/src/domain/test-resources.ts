import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { exports, mandate, payment, refund, schedule } from '@vrp/contracts';
import { newId } from '@vrp/ids';
import { newDomainEvent, type DomainEvent, type EventResource, type EventType } from '@vrp/outbox';

const DAY = 24 * 3600 * 1000;
const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const TEST_METADATA = { source: 'sandbox_test_event' };

function testMandate(type: EventType, merchantId: string, now: Date): mandate.Mandate {
  const status =
    {
      'mandate.created': mandate.MandateStatus.PENDING_SCA,
      'mandate.revoked': mandate.MandateStatus.REVOKED,
      'mandate.suspended': mandate.MandateStatus.SUSPENDED,
      'mandate.expired': mandate.MandateStatus.EXPIRED,
    }[type as string] ?? mandate.MandateStatus.ACTIVE;
  return create(mandate.MandateSchema, {
    id: newId('mandate', now.getTime()),
    merchantId,
    customerId: newId('customer', now.getTime()),
    status,
    description: 'Test mandate',
    metadata: TEST_METADATA,
    maximumAmountMinor: 50_000n,
    currency: 'GBP',
    frequency: mandate.Frequency.MONTHLY,
    createdAt: timestampFromDate(new Date(now.getTime() - DAY)),
    ...(status === mandate.MandateStatus.REVOKED
      ? { revokedAt: timestampFromDate(now), revokedBy: mandate.RevokedBy.MERCHANT, revocationReason: 'merchant_cancelled' }
      : {}),
    ...(status === mandate.MandateStatus.SUSPENDED ? { suspendedAt: timestampFromDate(now), suspensionReason: 'risk_review' } : {}),
    ...(status === mandate.MandateStatus.EXPIRED ? { controls: { validTo: timestampFromDate(now), periodicLimits: [] } } : {}),
  });
}

function testPayment(type: EventType, merchantId: string, now: Date): payment.Payment {
  const S = payment.PaymentStatus;
  const status =
    { 'payment.submitted': S.SUBMITTED, 'payment.failed': S.FAILED, 'payment.refunded': S.REFUNDED }[type as string] ?? S.SETTLED;
  const created = new Date(now.getTime() - 3 * DAY);
  const settled = status === S.SETTLED || status === S.REFUNDED;
  const timeline = [{ status: 'submitted', at: timestampFromDate(created) }];
  if (settled) timeline.push({ status: 'settled', at: timestampFromDate(new Date(now.getTime() - DAY)) });
  if (status === S.FAILED) timeline.push({ status: 'failed', at: timestampFromDate(now) });
  if (status === S.REFUNDED) timeline.push({ status: 'refunded', at: timestampFromDate(now) });
  return create(payment.PaymentSchema, {
    id: newId('payment', now.getTime()),
    merchantId,
    mandateId: newId('mandate', created.getTime()),
    amountMinor: 12_550n,
    currency: 'GBP',
    status,
    clearingStatus: settled
      ? payment.ClearingStatus.CLEARED
      : status === S.FAILED
        ? payment.ClearingStatus.REJECTED
        : payment.ClearingStatus.PENDING,
    settlementDate: settled ? isoDate(new Date(now.getTime() - DAY)) : '',
    failureCode: status === S.FAILED ? 'insufficient_funds' : '',
    amountRefundedMinor: status === S.REFUNDED ? 12_550n : 0n,
    metadata: TEST_METADATA,
    createdAt: timestampFromDate(created),
    timeline,
  });
}

function testRefund(type: EventType, merchantId: string, now: Date): refund.Refund {
  const settled = type === 'refund.settled';
  const failed = type === 'refund.failed';
  const created = new Date(now.getTime() - (settled || failed ? 2 * DAY : 0));
  const timeline = [{ status: 'pending_settlement', at: timestampFromDate(created) }];
  if (settled) timeline.push({ status: 'settled', at: timestampFromDate(now) });
  if (failed) timeline.push({ status: 'failed', at: timestampFromDate(now) });
  return create(refund.RefundSchema, {
    id: newId('refund', created.getTime()),
    merchantId,
    paymentId: newId('payment', created.getTime() - 5 * DAY),
    amountMinor: 2_500n,
    currency: 'GBP',
    status: settled ? refund.RefundStatus.SETTLED : failed ? refund.RefundStatus.FAILED : refund.RefundStatus.PENDING_SETTLEMENT,
    reason: 'Test refund',
    metadata: TEST_METADATA,
    createdAt: timestampFromDate(created),
    expectedSettlementDate: isoDate(new Date(created.getTime() + 2 * DAY)),
    ...(settled ? { settledAt: timestampFromDate(now) } : {}),
    timeline,
  });
}

function testMandateRequest(type: EventType, merchantId: string, now: Date): mandate.MandateRequest {
  const S = mandate.MandateRequestStatus;
  const status = { 'mandate_request.authorised': S.AUTHORISED, 'mandate_request.declined': S.DECLINED }[type as string] ?? S.EXPIRED;
  const created = new Date(now.getTime() - 30 * 60 * 1000);
  return create(mandate.MandateRequestSchema, {
    id: newId('mandateRequest', created.getTime()),
    merchantId,
    customerId: newId('customer', created.getTime()),
    status,
    maximumAmountMinor: 50_000n,
    currency: 'GBP',
    frequency: mandate.Frequency.MONTHLY,
    description: 'Test mandate request',
    metadata: TEST_METADATA,
    redirectUri: 'https://sandbox.example.com/mandate-requests/done',
    expiresAt: timestampFromDate(now),
    mandateId: newId('mandate', created.getTime()),
    createdAt: timestampFromDate(created),
    endedAt: timestampFromDate(now),
  });
}

function testSchedule(type: EventType, merchantId: string, now: Date): schedule.Schedule {
  const S = schedule.ScheduleStatus;
  const status =
    { 'schedule.paused': S.PAUSED, 'schedule.cancelled': S.CANCELLED, 'schedule.completed': S.COMPLETED }[type as string] ?? S.ACTIVE;
  const created = new Date(now.getTime() - 30 * DAY);
  const ongoing = status === S.ACTIVE || status === S.PAUSED;
  const next = Array.from({ length: ongoing ? 10 : 0 }, (_, i) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1 + i, 1));
    return create(schedule.CycleSchema, { chargeDate: isoDate(d), amountMinor: 999n, status: 'pending' });
  });
  return create(schedule.ScheduleSchema, {
    id: newId('schedule', created.getTime()),
    merchantId,
    mandateId: newId('mandate', created.getTime()),
    status,
    currency: 'GBP',
    amountMinor: 999n,
    intervalUnit: schedule.IntervalUnit.MONTH,
    interval: 1,
    dayOfMonth: 1,
    startDate: isoDate(created),
    onLimit: schedule.OnLimit.DEFER,
    retryEnabled: true,
    maxRetries: 3,
    metadata: TEST_METADATA,
    createdAt: timestampFromDate(created),
    nextChargeDate: next[0]?.chargeDate ?? '',
    upcoming: next,
    cancelCause: status === S.CANCELLED ? 'merchant' : '',
    paymentsCreated: 1,
  });
}

/**
 * A completed export of 42 payments. Its download_url is on the sandbox's documented address: a
 * test event names no file that exists (downloading it answers 404 not_found).
 */
function testExport(merchantId: string, now: Date): exports.Export {
  const created = new Date(now.getTime() - 60_000);
  const id = newId('export', created.getTime());
  return create(exports.ExportSchema, {
    id,
    merchantId,
    type: 'payments',
    format: 'csv',
    filtersJson: JSON.stringify({ status: 'settled' }),
    status: 'completed',
    rowCount: 42n,
    snapshotAt: timestampFromDate(created),
    createdAt: timestampFromDate(created),
    completedAt: timestampFromDate(now),
    downloadUrl: `http://127.0.0.1:8080/v1/exports/${id}/download`,
    expiresAt: timestampFromDate(new Date(now.getTime() + DAY)),
  });
}

/**
 * A realistic event of `type` for the sandbox: fabricated but well-formed resources (ids with
 * the right prefixes, statuses matching the event) that render exactly like real ones.
 */
export function testDomainEvent(type: EventType, merchantId: string, now: Date): DomainEvent {
  const kind = type.split('.')[0];
  let resource: EventResource;
  if (kind === 'mandate') resource = { case: 'mandate', value: testMandate(type, merchantId, now) };
  else if (kind === 'mandate_request') resource = { case: 'mandateRequest', value: testMandateRequest(type, merchantId, now) };
  else if (kind === 'payment') resource = { case: 'payment', value: testPayment(type, merchantId, now) };
  else if (kind === 'schedule') resource = { case: 'schedule', value: testSchedule(type, merchantId, now) };
  else if (kind === 'export') resource = { case: 'export', value: testExport(merchantId, now) };
  else resource = { case: 'refund', value: testRefund(type, merchantId, now) };
  return newDomainEvent(type, merchantId, resource, now);
}
