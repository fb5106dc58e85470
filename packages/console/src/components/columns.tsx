import type { Customer, Mandate, MandateRequest, Payment, Refund, Schedule } from '@vrp/sdk';
import { formatAmount } from '../format/format.js';
import type { Column } from './data-table.js';
import { IdLink, StatusPill, Time } from './ui.js';

/** How each kind of object shows as a table row, wherever it is listed. */

/** A detail the customer may not have, or no longer has (erased). */
const optional = (value: string | null) => value ?? <span className="muted">—</span>;

export const CUSTOMER_COLUMNS: readonly Column<Customer>[] = [
  { header: 'Customer', cell: (c) => <IdLink to={`/customers/${c.id}`} id={c.id} /> },
  // An erased customer has no personal data left to show: say so where the email was.
  { header: 'Email', cell: (c) => (c.erased_at ? <StatusPill status="erased" /> : optional(c.email)) },
  { header: 'Name', cell: (c) => optional(c.name) },
  { header: 'Reference', cell: (c) => optional(c.reference) },
  { header: 'SCA', cell: (c) => (c.sca_completed ? 'completed' : 'not yet') },
  { header: 'Created', cell: (c) => <Time iso={c.created_at} /> },
];

export const MANDATE_REQUEST_COLUMNS: readonly Column<MandateRequest>[] = [
  { header: 'Mandate request', cell: (r) => <code>{r.id}</code> },
  { header: 'Status', cell: (r) => <StatusPill status={r.status} /> },
  { header: 'Customer', cell: (r) => <IdLink to={`/customers/${r.customer_id}`} id={r.customer_id} /> },
  { header: 'Limit', cell: (r) => `${formatAmount(r.limits.maximum_amount, r.limits.currency)} ${r.limits.frequency}` },
  { header: 'Mandate', cell: (r) => (r.mandate_id ? <IdLink to={`/mandates/${r.mandate_id}`} id={r.mandate_id} /> : optional(null)) },
  { header: 'Expires', cell: (r) => <Time iso={r.expires_at} /> },
  { header: 'Created', cell: (r) => <Time iso={r.created_at} /> },
];

const MANDATE_ID: Column<Mandate> = { header: 'Mandate', cell: (m) => <IdLink to={`/mandates/${m.id}`} id={m.id} /> };
const MANDATE_DETAILS: readonly Column<Mandate>[] = [
  { header: 'Limit', cell: (m) => `${formatAmount(m.limits.maximum_amount, m.limits.currency)} ${m.limits.frequency}` },
  { header: 'Description', cell: (m) => m.description },
  { header: 'Created', cell: (m) => <Time iso={m.created_at} /> },
];
const MANDATE_STATUS: Column<Mandate> = { header: 'Status', cell: (m) => <StatusPill status={m.status} /> };

export const MANDATE_COLUMNS: readonly Column<Mandate>[] = [
  MANDATE_ID,
  MANDATE_STATUS,
  { header: 'Customer', cell: (m) => <IdLink to={`/customers/${m.customer_id}`} id={m.customer_id} /> },
  ...MANDATE_DETAILS,
];

/** Mandates on their customer's page: the customer goes without saying. */
export const CUSTOMER_MANDATE_COLUMNS: readonly Column<Mandate>[] = [MANDATE_ID, MANDATE_STATUS, ...MANDATE_DETAILS];

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

/** How a schedule repeats: "9.99 every month", "2 instalments". */
export function cadenceOf(s: Schedule): string {
  if (s.interval_unit === null) return `${s.upcoming.length} instalment(s) to come`;
  const every = s.interval === 1 ? s.interval_unit : `${s.interval} ${s.interval_unit}s`;
  return `${formatAmount(s.amount ?? '0', s.currency)} every ${every}`;
}

export const SCHEDULE_COLUMNS: readonly Column<Schedule>[] = [
  { header: 'Schedule', cell: (s) => <IdLink to={`/schedules/${s.id}`} id={s.id} /> },
  { header: 'Status', cell: (s) => <StatusPill status={s.status} /> },
  { header: 'Mandate', cell: (s) => <IdLink to={`/mandates/${s.mandate_id}`} id={s.mandate_id} /> },
  { header: 'Collects', cell: cadenceOf },
  { header: 'Next charge', cell: (s) => s.next_charge_date ?? '—', nowrap: true },
  { header: 'Payments', cell: (s) => String(s.payments_created) },
  { header: 'Created', cell: (s) => <Time iso={s.created_at} /> },
];

/** Payments on their schedule's page: the schedule goes without saying. */
export const SCHEDULE_PAYMENT_COLUMNS: readonly Column<Payment>[] = MANDATE_PAYMENT_COLUMNS;
