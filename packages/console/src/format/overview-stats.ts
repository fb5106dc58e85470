/**
 * The last 30 days of a merchant as the Overview charts them, from the platform's daily reports
 * (GET /v1/reports/...): the server counts every payment and event; this only shapes the figures.
 */

export interface DayValue {
  /** YYYY-MM-DD (UTC). */
  day: string;
  value: number;
}

/** One UTC day of the payment report. */
export interface PaymentReportDay {
  date: string;
  currencies: { currency: string; created: number; succeeded: number; failed: number; collected_count: number; collected: string }[];
}

/** One UTC day of the delivery report. */
export interface DeliveryReportDay {
  date: string;
  events: number;
  delivered: number;
  pending: number;
  failed: number;
}

/** The 30 UTC days ending with `today`, oldest first. */
export function last30Days(today: Date): string[] {
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: 30 }, (_, i) => new Date(end - (29 - i) * 86_400_000).toISOString().slice(0, 10));
}

/** The day after `day` (YYYY-MM-DD): a report's exclusive end. */
export function dayAfter(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** A decimal amount string ("12.50") as integer minor units (1250), without floating point. */
export function minorUnits(amount: string): number {
  const [whole, fraction = ''] = amount.split('.');
  return Number(`${whole}${fraction}`);
}

/** Minor units back to a decimal string with `digits` minor digits. */
export function majorUnits(minor: number, digits: number): string {
  if (digits === 0) return String(minor);
  const text = String(minor).padStart(digits + 1, '0');
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** A currency's total over the period, in minor units with its minor digits. */
export interface CurrencyTotal {
  currency: string;
  digits: number;
  minor: number;
  payments: number;
}

/**
 * Collected per settlement day in the currency most payments were collected in (a merchant's
 * payout currency in practice); the other currencies' totals beside it, never added to it.
 */
export function collectedPerDay(report: readonly PaymentReportDay[]): {
  main: CurrencyTotal | null;
  others: CurrencyTotal[];
  days: DayValue[];
} {
  const totals = new Map<string, CurrencyTotal>();
  for (const day of report)
    for (const c of day.currencies) {
      if (c.collected_count === 0) continue;
      const t = totals.get(c.currency) ?? { currency: c.currency, digits: c.collected.split('.')[1]?.length ?? 0, minor: 0, payments: 0 };
      t.minor += minorUnits(c.collected);
      t.payments += c.collected_count;
      totals.set(c.currency, t);
    }
  const [main = null, ...others] = [...totals.values()].sort((a, b) => b.payments - a.payments || a.currency.localeCompare(b.currency));
  const days = report.map((d) => {
    const c = main && d.currencies.find((x) => x.currency === main.currency);
    return { day: d.date, value: c ? minorUnits(c.collected) : 0 };
  });
  return { main, others, days };
}

/**
 * The share of payments created each day that succeeded, in whole percent: settled (or refunded)
 * against those that failed, whatever their currency; a day with neither has no rate (null).
 */
export function successRatePerDay(report: readonly PaymentReportDay[]): { day: string; value: number | null }[] {
  return report.map((d) => {
    const ok = d.currencies.reduce((s, c) => s + c.succeeded, 0);
    const decided = ok + d.currencies.reduce((s, c) => s + c.failed, 0);
    return { day: d.date, value: decided === 0 ? null : Math.round((100 * ok) / decided) };
  });
}

/** Events created each day by how their delivery stands: delivered, still trying, or failed. */
export function deliveryHealthPerDay(
  report: readonly DeliveryReportDay[],
): { day: string; delivered: number; pending: number; failed: number }[] {
  return report.map((d) => ({ day: d.date, delivered: d.delivered, pending: d.pending, failed: d.failed }));
}
