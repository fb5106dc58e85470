import { REFUND_COLUMNS } from '../components/columns.js';
import { ResourceList } from '../components/resource-list.js';
import { PageHeader } from '../components/ui.js';
import { REFUND_STATUSES } from '../format/vocabulary.js';
import { useSession } from '../session.js';

/** Refunds, filtered by status, payment and creation day. */
export function RefundsPage() {
  const { api } = useSession();
  return (
    <>
      <PageHeader title="Refunds" />
      <ResourceList
        label="Refunds"
        filters={[
          { name: 'status', label: 'Status', kind: 'select', options: REFUND_STATUSES },
          { name: 'payment_id', label: 'Payment id', kind: 'text' },
          { name: 'created_from', label: 'Created from', kind: 'date', bound: { param: 'created_at[gte]', end: 'start' } },
          { name: 'created_to', label: 'Created to', kind: 'date', bound: { param: 'created_at[lte]', end: 'end' } },
        ]}
        load={(q) => api.listRefunds(q)}
        empty="No refunds match."
        columns={REFUND_COLUMNS}
      />
    </>
  );
}
