import { MANDATE_COLUMNS } from '../components/columns.js';
import { AMOUNT_RANGE, CREATED_RANGE, ORDER_BY_TIME_OR_AMOUNT, PAGE_SIZE } from '../format/list-filters.js';
import { ResourceList } from '../components/resource-list.js';
import { PageHeader } from '../components/ui.js';
import { MANDATE_STATUSES } from '../format/vocabulary.js';
import { useSession } from '../session.js';

/** Mandates, filtered by status, customer, creation day and maximum amount, in any of the API's orders. */
export function MandatesPage() {
  const { api } = useSession();
  return (
    <>
      <PageHeader title="Mandates" />
      <ResourceList
        label="Mandates"
        filters={[
          { name: 'status', label: 'Status', kind: 'select', options: MANDATE_STATUSES },
          { name: 'customer_id', label: 'Customer id', kind: 'text' },
          ...CREATED_RANGE,
          ...AMOUNT_RANGE,
          ORDER_BY_TIME_OR_AMOUNT,
          PAGE_SIZE,
        ]}
        load={(q) => api.listMandates(q)}
        exportAs={{ api, type: 'mandates' }}
        empty="No mandates match."
        columns={MANDATE_COLUMNS}
      />
    </>
  );
}
