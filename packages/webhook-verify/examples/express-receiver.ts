/**
 * A complete VRP webhook receiver on Express 5.
 *
 *   VRP_WEBHOOK_SECRETS=whsec_... PORT=3000 npx tsx examples/express-receiver.ts
 *
 * During a secret rotation put both secrets in VRP_WEBHOOK_SECRETS, comma-separated. Endpoints
 * signed either way (`vrp` or `standard_webhooks`) are verified.
 */
import { fileURLToPath } from 'node:url';
import express from 'express';
import { expressVerifier, type VrpEvent } from '@vrp/webhook-verify';

// Lets route handlers read req.webhookEvent with its type.
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      webhookEvent?: VrpEvent;
    }
  }
}

export interface ReceiverOptions {
  /** Live signing secrets; a function is read on every request, so a rotation needs no restart. */
  secrets: string | string[] | (() => string[]);
  /** Your business logic. Runs after the 2xx has been sent. */
  onEvent: (event: VrpEvent) => Promise<void> | void;
}

export function createReceiverApp({ secrets, onEvent }: ReceiverOptions): express.Express {
  const app = express();
  // In production this is a table with a unique index on event_id, written in the same
  // transaction as the work (or as a durable inbox that a worker drains).
  const seen = new Set<string>();

  app.post(
    '/webhooks/vrp',
    // The signature covers the exact bytes sent: keep the body raw for this route.
    express.raw({ type: 'application/json' }),
    expressVerifier({ secrets }),
    (req, res) => {
      const event = req.webhookEvent!;
      // Delivery is at least once: a redelivery of a handled event is acknowledged, not redone.
      if (seen.has(event.event_id)) {
        res.sendStatus(200);
        return;
      }
      seen.add(event.event_id);
      // Answer 2xx within 10 seconds or the delivery counts as failed and is retried;
      // do slow work after answering.
      res.sendStatus(200);
      setImmediate(() => {
        Promise.resolve(onEvent(event)).catch((err: unknown) => {
          console.error(`handling ${event.event_id} failed`, err);
        });
      });
    },
  );

  return app;
}

function secretsFromEnv(): string[] {
  const secrets = (process.env.VRP_WEBHOOK_SECRETS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (secrets.length === 0) throw new Error('Set VRP_WEBHOOK_SECRETS to your whsec_... signing secret.');
  return secrets;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const app = createReceiverApp({
    secrets: secretsFromEnv(),
    onEvent: (event) => {
      // event_type narrows data: a payment event carries a payment, a mandate event a mandate.
      switch (event.event_type) {
        case 'payment.settled':
          console.log(`payment ${event.data.id} settled: ${event.data.amount} ${event.data.currency}`);
          break;
        case 'mandate.revoked':
          console.log(`mandate ${event.data.id} revoked by ${event.data.revoked_by}`);
          break;
        default:
          console.log(`received ${event.event_type} ${event.event_id}`);
      }
    },
  });
  const port = Number(process.env.PORT ?? 3000);
  app.listen(port, () => console.log(`listening on http://127.0.0.1:${port}/webhooks/vrp`));
}
