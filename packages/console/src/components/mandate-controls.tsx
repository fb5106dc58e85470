import type { Mandate } from '@vrp/sdk';
import { formatAmount } from '../format/format.js';
import { DataTable, type Column } from './data-table.js';
import { Facts, Time } from './ui.js';

type Controls = NonNullable<Mandate['controls']>;
type Usage = NonNullable<Mandate['usage']>[number];
type Row = Controls['periodic_limits'][number] & { id: string; usage: Usage | undefined; currency: string };

const label = (period: string, alignment: string) => `${period.replace('_', ' ')} (${alignment})`;
const cap = (used: string, max: string | null, currency: string) =>
  max === null ? formatAmount(used, currency) : `${formatAmount(used, currency)} of ${formatAmount(max, currency)}`;

const COLUMNS: readonly Column<Row>[] = [
  { header: 'Limit', cell: (r) => label(r.period, r.alignment) },
  {
    header: 'Current period',
    cell: (r) =>
      r.usage ? (
        <>
          <Time iso={r.usage.period_start} /> – <Time iso={r.usage.period_end} />
        </>
      ) : (
        '—'
      ),
  },
  { header: 'Amount used', nowrap: true, cell: (r) => (r.usage ? cap(r.usage.amount_used, r.max_amount, r.currency) : '—') },
  {
    header: 'Payments used',
    nowrap: true,
    cell: (r) =>
      r.usage ? (r.max_payments === null ? String(r.usage.payments_used) : `${r.usage.payments_used} of ${r.max_payments}`) : '—',
  },
];

/** A mandate's VRP controls: its validity window and each periodic limit with what the current period has used. */
export function MandateControls({ mandate, heading = 'Controls and usage' }: { mandate: Mandate; heading?: string }) {
  const controls = mandate.controls;
  if (!controls) return null;
  const rows: Row[] = controls.periodic_limits.map((l, i) => ({
    ...l,
    id: `${l.period}-${l.alignment}`,
    usage: mandate.usage?.[i],
    currency: mandate.limits.currency,
  }));
  return (
    <>
      <h2>{heading}</h2>
      <Facts
        items={[
          ['Valid from', controls.valid_from ? <Time iso={controls.valid_from} /> : 'Creation'],
          ['Valid to', controls.valid_to ? <Time iso={controls.valid_to} /> : 'No end'],
        ]}
      />
      {rows.length ? <DataTable columns={COLUMNS} rows={rows} /> : <p className="muted">No periodic limits.</p>}
      {rows.length && !mandate.usage ? <p className="muted">Usage is unavailable right now.</p> : null}
    </>
  );
}
