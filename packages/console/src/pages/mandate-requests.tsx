import { MANDATE_REQUEST_COLUMNS } from '../components/columns.js';
import { ResourceList } from '../components/resource-list.js';
import { PageHeader } from '../components/ui.js';
import { CREATED_RANGE, ORDER_BY_TIME, PAGE_SIZE } from '../format/list-filters.js';
import { MANDATE_REQUEST_STATUSES } from '../format/vocabulary.js';
import { useSession } from '../session.js';

/** Mandate requests (customers' consent journeys at their banks), by status, customer and creation day. */
export function MandateRequestsPage() {
  const { api } = useSession();
  return (
    <>
      <PageHeader title="Mandate requests" />
      <ResourceList
        label="Mandate requests"
        filters={[
          { name: 'status', label: 'Status', kind: 'select', options: MANDATE_REQUEST_STATUSES },
          { name: 'customer_id', label: 'Customer id', kind: 'text' },
          ...CREATED_RANGE,
          ORDER_BY_TIME,
          PAGE_SIZE,
        ]}
        load={(q) => api.listMandateRequests(q)}
        empty="No mandate requests match."
        columns={MANDATE_REQUEST_COLUMNS}
      />
    </>
  );
}
