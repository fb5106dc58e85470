import type { VrpClient } from '@vrp/sdk';
import { collectedPerDay, dayAfter, deliveryHealthPerDay, last30Days, majorUnits, successRatePerDay } from '../format/overview-stats.js';
import { useLoad } from '../use-load.js';
import { BarChart } from './bar-chart.js';
import { ErrorAlert } from './ui.js';

/** The last 30 UTC days from the platform's daily reports: every payment and event counted by the server. */
async function loadCharts(api: VrpClient) {
  const days = last30Days(new Date());
  const range = { from: days[0]!, to: dayAfter(days[days.length - 1]!) };
  const [payments, deliveries] = await Promise.all([api.getDailyPaymentReport(range), api.getDailyDeliveryReport(range)]);
  return {
    collected: collectedPerDay(payments.days),
    rates: successRatePerDay(payments.days),
    health: deliveryHealthPerDay(deliveries.days),
  };
}

/** The Overview's charts: collected per day, payment success rate and webhook delivery health, last 30 days. */
export function OverviewCharts({ api }: { api: VrpClient }) {
  const data = useLoad(() => loadCharts(api), 'overview-charts');
  if (data.error) return <ErrorAlert error={data.error} />;
  if (!data.data) return <p className="muted">Loading charts…</p>;
  const { collected, rates, health } = data.data;
  const currency = collected.main?.currency ?? '';
  const digits = collected.main?.digits ?? 2;
  const total = collected.main?.minor ?? 0;
  const decided = rates.filter((r) => r.value !== null);
  const delivered = health.reduce((s, d) => s + d.delivered, 0);
  const failed = health.reduce((s, d) => s + d.failed, 0);
  const pending = health.reduce((s, d) => s + d.pending, 0);
  return (
    <section aria-label="Last 30 days" className="charts">
      <h2>Last 30 days</h2>
      <BarChart
        title={`Collected per day${currency ? ` (${currency})` : ''}`}
        summary={`${majorUnits(total, digits)} ${currency} collected over 30 days.`}
        bars={collected.days.map((d) => ({ day: d.day, segments: [{ label: 'Collected', value: d.value, className: 'bar-collected' }] }))}
        format={(v) => majorUnits(v, digits)}
      />
      {collected.others.length ? (
        <p className="muted">{`Also collected, not added to the chart: ${collected.others.map((o) => `${majorUnits(o.minor, o.digits)} ${o.currency}`).join(', ')}.`}</p>
      ) : null}
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
