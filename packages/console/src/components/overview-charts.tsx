import type { VrpClient } from '@vrp/sdk';
import { collectedPerDay, deliveryHealthPerDay, last30Days, majorUnits, successRatePerDay } from '../format/overview-stats.js';
import { useLoad } from '../use-load.js';
import { BarChart } from './bar-chart.js';
import { ErrorAlert } from './ui.js';

/** At most this many of the period's payments and events are read for the charts (newest first). */
const CAP = 2000;

type Page<T> = { results: T[]; next_cursor: string | null };

/** Every item of a list up to CAP, 200 at a time. */
async function upTo<T>(
  list: (q: Record<string, string | number>) => Promise<Page<T>>,
  query: Record<string, string>,
): Promise<{ items: T[]; capped: boolean }> {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const page: Page<T> = await list({ ...query, page_size: 200, ...(cursor ? { cursor } : {}) });
    items.push(...page.results);
    cursor = page.next_cursor;
  } while (cursor && items.length < CAP);
  return { items, capped: cursor !== null };
}

async function loadCharts(api: VrpClient) {
  const days = last30Days(new Date());
  const since = `${days[0]}T00:00:00Z`;
  const [payments, settled, events] = await Promise.all([
    upTo((q) => api.listPayments(q), { 'created_at[gte]': since }),
    upTo((q) => api.listPayments(q), { 'settlement_date[gte]': days[0]!, status: 'settled,refunded' }),
    upTo((q) => api.listWebhookEvents(q), { 'created_at[gte]': since }),
  ]);
  return {
    collected: collectedPerDay(settled.items, days),
    rates: successRatePerDay(payments.items, days),
    health: deliveryHealthPerDay(events.items, days),
    capped: payments.capped || settled.capped || events.capped,
  };
}

/** The Overview's charts: collected per day, payment success rate and webhook delivery health, last 30 days. */
export function OverviewCharts({ api }: { api: VrpClient }) {
  const data = useLoad(() => loadCharts(api), 'overview-charts');
  if (data.error) return <ErrorAlert error={data.error} />;
  if (!data.data) return <p className="muted">Loading charts…</p>;
  const { collected, rates, health, capped } = data.data;
  const currency = collected.currency ?? '';
  const total = collected.days.reduce((s, d) => s + d.value, 0);
  const decided = rates.filter((r) => r.value !== null);
  const delivered = health.reduce((s, d) => s + d.delivered, 0);
  const failed = health.reduce((s, d) => s + d.failed, 0);
  const pending = health.reduce((s, d) => s + d.pending, 0);
  return (
    <section aria-label="Last 30 days" className="charts">
      <h2>Last 30 days</h2>
      {capped ? <p className="muted">Based on the newest {CAP.toLocaleString('en')} payments and events of the period.</p> : null}
      <BarChart
        title={`Collected per day${currency ? ` (${currency})` : ''}`}
        summary={`${majorUnits(total, collected.digits)} ${currency} collected over 30 days.`}
        bars={collected.days.map((d) => ({ day: d.day, segments: [{ label: 'Collected', value: d.value, className: 'bar-collected' }] }))}
        format={(v) => majorUnits(v, collected.digits)}
      />
      <BarChart
        title="Payment success rate (%)"
        summary={
          decided.length
            ? `Success rate between ${Math.min(...decided.map((r) => r.value!))}% and ${Math.max(...decided.map((r) => r.value!))}% on the ${decided.length} days with settled or failed payments.`
            : 'No payment settled or failed in the last 30 days.'
        }
        bars={rates.map((r) => ({ day: r.day, segments: [{ label: 'Success rate', value: r.value, className: 'bar-success' }] }))}
        max={100}
        format={(v) => `${v}%`}
      />
      <BarChart
        title="Webhook delivery health"
        summary={`${delivered} events delivered, ${pending} still being delivered, ${failed} failed over 30 days.`}
        bars={health.map((h) => ({
          day: h.day,
          segments: [
            { label: 'Delivered', value: h.delivered, className: 'bar-delivered' },
            { label: 'Delivering', value: h.pending, className: 'bar-pending' },
            { label: 'Failed', value: h.failed, className: 'bar-failed' },
          ],
        }))}
        format={(v) => String(v)}
      />
    </section>
  );
}
