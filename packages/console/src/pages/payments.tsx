import { PAYMENT_COLUMNS } from '../components/columns.js';
import { ResourceList } from '../components/resource-list.js';
import { PageHeader } from '../components/ui.js';
import { PAYMENT_STATUSES } from '../format/vocabulary.js';
import { useSession } from '../session.js';

/** Payments, filtered by status, mandate, creation day and settlement date. */
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
          { name: 'created_from', label: 'Created from', kind: 'date', bound: { param: 'created_at[gte]', end: 'start' } },
          { name: 'created_to', label: 'Created to', kind: 'date', bound: { param: 'created_at[lte]', end: 'end' } },
          { name: 'settled_from', label: 'Settled from', kind: 'date', bound: { param: 'settlement_date[gte]', end: 'start', date: true } },
          { name: 'settled_to', label: 'Settled to', kind: 'date', bound: { param: 'settlement_date[lte]', end: 'end', date: true } },
        ]}
        load={(q) => api.listPayments(q)}
        empty="No payments match."
        columns={PAYMENT_COLUMNS}
      />
    </>
  );
}
