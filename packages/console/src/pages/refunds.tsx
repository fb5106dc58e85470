import { REFUND_COLUMNS } from '../components/columns.js';
import { AMOUNT_RANGE, CREATED_RANGE, ORDER_BY_TIME_OR_AMOUNT, PAGE_SIZE } from '../format/list-filters.js';
import { ResourceList } from '../components/resource-list.js';
import { PageHeader } from '../components/ui.js';
import { REFUND_STATUSES } from '../format/vocabulary.js';
import { useSession } from '../session.js';

/** Refunds, filtered by status, payment, creation day and amount, in any of the API's orders. */
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
          ...CREATED_RANGE,
          ...AMOUNT_RANGE,
          ORDER_BY_TIME_OR_AMOUNT,
          PAGE_SIZE,
        ]}
        load={(q) => api.listRefunds(q)}
        exportAs={{ api, type: 'refunds' }}
        empty="No refunds match."
        columns={REFUND_COLUMNS}
      />
    </>
  );
}
