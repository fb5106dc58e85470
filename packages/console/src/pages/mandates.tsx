import { MANDATE_COLUMNS } from '../components/columns.js';
import { ResourceList } from '../components/resource-list.js';
import { PageHeader } from '../components/ui.js';
import { MANDATE_STATUSES } from '../format/vocabulary.js';
import { useSession } from '../session.js';

/** Mandates, filtered by status, customer and creation day. */
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
          { name: 'created_from', label: 'Created from', kind: 'date', bound: { param: 'created_at[gte]', end: 'start' } },
          { name: 'created_to', label: 'Created to', kind: 'date', bound: { param: 'created_at[lte]', end: 'end' } },
        ]}
        load={(q) => api.listMandates(q)}
        empty="No mandates match."
        columns={MANDATE_COLUMNS}
      />
    </>
  );
}
