import { PAYMENT_COLUMNS } from '../components/columns.js';
import { AMOUNT_RANGE, CREATED_RANGE, ORDER_BY_TIME_OR_AMOUNT, PAGE_SIZE } from '../format/list-filters.js';
import { ResourceList } from '../components/resource-list.js';
import { PageHeader } from '../components/ui.js';
import { PAYMENT_STATUSES } from '../format/vocabulary.js';
import { useSession } from '../session.js';

/** Payments, filtered by status, mandate, id, creation day, amount and settlement date, in any of the API's orders. */
export function PaymentsPage() {
  const { api } = useSession();
  return (
    <>
      <PageHeader title="Payments" />
      <ResourceList
        label="Payments"
        filters={[
          { name: 'status', label: 'Status', kind: 'select', options: PAYMENT_STATUSES },
          { name: 'mandate_id', label: 'Mandate id', kind: 'text' },
          { name: 'payment_id', label: 'Payment id', kind: 'text' },
          ...CREATED_RANGE,
          ...AMOUNT_RANGE,
          { name: 'settled_from', label: 'Settled from', kind: 'date', bound: { param: 'settlement_date[gte]', end: 'start', date: true } },
          { name: 'settled_to', label: 'Settled to', kind: 'date', bound: { param: 'settlement_date[lte]', end: 'end', date: true } },
          ORDER_BY_TIME_OR_AMOUNT,
          PAGE_SIZE,
        ]}
        load={(q) => api.listPayments(q)}
        exportAs={{ api, type: 'payments' }}
        empty="No payments match."
        columns={PAYMENT_COLUMNS}
      />
    </>
  );
}
