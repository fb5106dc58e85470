import { CUSTOMER_COLUMNS } from '../components/columns.js';
import { ResourceList } from '../components/resource-list.js';
import { PageHeader } from '../components/ui.js';
import { CREATED_RANGE, ORDER_BY_TIME, PAGE_SIZE } from '../format/list-filters.js';
import { useSession } from '../session.js';

/** Customers, found by email (any case) or reference, by creation day, newest or oldest first. */
export function CustomersPage() {
  const { api } = useSession();
  return (
    <>
      <PageHeader title="Customers" />
      <ResourceList
        label="Customers"
        filters={[
          { name: 'email', label: 'Email', kind: 'text' },
          { name: 'reference', label: 'Reference', kind: 'text' },
          ...CREATED_RANGE,
          ORDER_BY_TIME,
          PAGE_SIZE,
        ]}
        load={(q) => api.listCustomers(q)}
        empty="No customers match."
        columns={CUSTOMER_COLUMNS}
      />
    </>
  );
}
