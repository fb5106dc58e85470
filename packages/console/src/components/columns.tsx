import type { Mandate, Payment, Refund } from '@vrp/sdk';
import { formatAmount } from '../format/format.js';
import type { Column } from './data-table.js';
import { IdLink, StatusPill, Time } from './ui.js';

/** How each kind of object shows as a table row, wherever it is listed. */

export const MANDATE_COLUMNS: readonly Column<Mandate>[] = [
  { header: 'Mandate', cell: (m) => <IdLink to={`/mandates/${m.id}`} id={m.id} /> },
  { header: 'Status', cell: (m) => <StatusPill status={m.status} /> },
  { header: 'Customer', cell: (m) => <span className="mono">{m.customer_id}</span> },
  { header: 'Limit', cell: (m) => `${formatAmount(m.limits.maximum_amount, m.limits.currency)} ${m.limits.frequency}` },
  { header: 'Description', cell: (m) => m.description },
  { header: 'Created', cell: (m) => <Time iso={m.created_at} /> },
];

const PAYMENT_ID: Column<Payment> = { header: 'Payment', cell: (p) => <IdLink to={`/payments/${p.id}`} id={p.id} /> };
const PAYMENT_DETAILS: readonly Column<Payment>[] = [
  { header: 'Amount', cell: (p) => formatAmount(p.amount, p.currency), nowrap: true },
  { header: 'Status', cell: (p) => <StatusPill status={p.status} /> },
];
const PAYMENT_DATES: readonly Column<Payment>[] = [
  { header: 'Settled on', cell: (p) => p.settlement_date ?? '—', nowrap: true },
  { header: 'Created', cell: (p) => <Time iso={p.created_at} /> },
];

export const PAYMENT_COLUMNS: readonly Column<Payment>[] = [
  PAYMENT_ID,
  ...PAYMENT_DETAILS,
  { header: 'Mandate', cell: (p) => <IdLink to={`/mandates/${p.mandate_id}`} id={p.mandate_id} /> },
  ...PAYMENT_DATES,
];

/** Payments on their mandate's page: the mandate goes without saying. */
export const MANDATE_PAYMENT_COLUMNS: readonly Column<Payment>[] = [PAYMENT_ID, ...PAYMENT_DETAILS, ...PAYMENT_DATES];

const REFUND_ID: Column<Refund> = { header: 'Refund', cell: (r) => <IdLink to={`/refunds/${r.id}`} id={r.id} /> };
const REFUND_DETAILS: readonly Column<Refund>[] = [
  { header: 'Amount', cell: (r) => formatAmount(r.amount, r.currency), nowrap: true },
  { header: 'Status', cell: (r) => <StatusPill status={r.status} /> },
  { header: 'Reason', cell: (r) => r.reason ?? '—' },
  { header: 'Created', cell: (r) => <Time iso={r.created_at} /> },
];

export const REFUND_COLUMNS: readonly Column<Refund>[] = [
  REFUND_ID,
  { header: 'Payment', cell: (r) => <IdLink to={`/payments/${r.payment_id}`} id={r.payment_id} /> },
  ...REFUND_DETAILS,
];

/** Refunds on their payment's page. */
export const PAYMENT_REFUND_COLUMNS: readonly Column<Refund>[] = [REFUND_ID, ...REFUND_DETAILS];
