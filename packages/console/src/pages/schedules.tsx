import { SCHEDULE_COLUMNS } from '../components/columns.js';
import { ResourceList } from '../components/resource-list.js';
import { PageHeader } from '../components/ui.js';
import { CREATED_RANGE, PAGE_SIZE } from '../format/list-filters.js';
import { SCHEDULE_STATUSES } from '../format/vocabulary.js';
import { useSession } from '../session.js';

/** Schedules, filtered by status, mandate and creation day. */
export function SchedulesPage() {
  const { api } = useSession();
  return (
    <>
      <PageHeader title="Schedules" />
      <ResourceList
        label="Schedules"
        filters={[
          { name: 'status', label: 'Status', kind: 'select', options: SCHEDULE_STATUSES },
          { name: 'mandate_id', label: 'Mandate id', kind: 'text' },
          ...CREATED_RANGE,
          PAGE_SIZE,
        ]}
        load={(q) => api.listSchedules(q)}
        empty="No schedules match."
        columns={SCHEDULE_COLUMNS}
      />
    </>
  );
}
