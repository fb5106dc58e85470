import type { Router } from 'express';
import type { deliveryReport, paymentReport } from '@vrp/contracts';
import { formatAmount } from '@vrp/money';
import type { Deps } from '../deps.js';
import { merchantOf } from '../middleware/locals.js';
import { parseReportRange } from './reports/report-range.js';

function presentPaymentDay(d: paymentReport.DailyPaymentReportDay) {
  return {
    date: d.date,
    currencies: d.currencies.map((c) => ({
      currency: c.currency,
      created: Number(c.created),
      succeeded: Number(c.succeeded),
      failed: Number(c.failed),
      collected_count: Number(c.collectedCount),
      collected: formatAmount(c.collectedMinor, c.currency),
    })),
  };
}

function presentDeliveryDay(d: deliveryReport.DailyDeliveryReportDay) {
  return { date: d.date, events: Number(d.events), delivered: Number(d.delivered), pending: Number(d.pending), failed: Number(d.failed) };
}

/** GET /v1/reports/payments/daily and /v1/reports/webhook-deliveries/daily: figures counted where the data is. */
export function registerReportRoutes(router: Router, deps: Deps): void {
  router.get('/reports/payments/daily', async (req, res) => {
    const range = parseReportRange(req.query);
    const out = await deps.clients.payment.getDailyPaymentReport({ merchantId: merchantOf(res).id, ...range });
    res.json({ ...range, days: out.days.map(presentPaymentDay) });
  });

  router.get('/reports/webhook-deliveries/daily', async (req, res) => {
    const range = parseReportRange(req.query);
    const out = await deps.clients.webhook.getDailyDeliveryReport({ merchantId: merchantOf(res).id, ...range });
    res.json({ ...range, days: out.days.map(presentDeliveryDay) });
  });
}
