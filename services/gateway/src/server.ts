import express, { Router, type Express, type RequestHandler } from 'express';
import { consoleApiRouter } from './console/api-routes.js';
import { consoleSecurityHeaders, consoleStaticRouter, DEFAULT_CONSOLE_DIR } from './console/static-app.js';
import type { Deps } from './deps.js';
import { auditChanges } from './middleware/audit-changes.js';
import { authenticate } from './middleware/authenticate.js';
import { errorHandler, notFoundRoute } from './middleware/error-handler.js';
import { guardForwardedFor } from './middleware/forwarded-for.js';
import { idempotency } from './middleware/idempotency.js';
import { SecretSealer } from './domain/secret-sealing.js';
import { limitPerAddress } from './middleware/address-limit.js';
import type { KeyedBuckets } from './middleware/keyed-buckets.js';
import { jsonBody } from './middleware/json-body.js';
import { rateLimit, type RateLimiter } from './middleware/rate-limit.js';
import { requestId } from './middleware/request-id.js';
import type { Readiness } from './readiness.js';
import type { Metrics } from '@vrp/metrics';
import { accessLog } from './middleware/access-log.js';
import { traceRequests } from './middleware/trace-requests.js';
import { httpMetrics, mountedAt } from './middleware/http-metrics.js';
import { registerCustomerRoutes } from './routes/customers.js';
import { registerEventStreamRoutes } from './routes/event-stream.js';
import { registerEventTypeRoutes } from './routes/event-types.js';
import { registerHealthRoutes } from './routes/health.js';
import { registerBankRoutes } from './routes/bank.js';
import { registerMandateRequestRoutes } from './routes/mandate-requests.js';
import { registerMandateRoutes } from './routes/mandates.js';
import { registerOpenApiRoutes } from './routes/openapi.js';
import { registerPaymentRoutes, registerSandboxPaymentRoutes } from './routes/payments.js';
import { registerExportRoutes } from './routes/exports.js';
import { registerRefundRoutes, registerSandboxRefundRoutes } from './routes/refunds.js';
import { registerReportRoutes } from './routes/reports.js';
import { registerSandboxRoutes } from './routes/sandbox.js';
import { registerScheduleRoutes } from './routes/schedules.js';
import { registerSandboxWebhookRoutes, registerWebhookRoutes } from './routes/webhooks.js';
import { checkPathIds } from './validation/ids.js';
import { limitUrlLength } from './http-server.js';

type RegisterRoutes = (router: Router, deps: Deps) => void;

/**
 * On every /v1 answer, errors included: nothing a merchant is answered may be kept by a cache
 * between them and the API, and no answer may be sniffed into another content type.
 */
const apiHeaders: RequestHandler = (_req, res, next) => {
  res.set({ 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
  next();
};

/** Every resource's authenticated /v1 routes; a new resource adds its register function here. */
// The event stream comes before the webhook routes, whose /webhook-events/:event_id would take its path.
const ROUTES: RegisterRoutes[] = [
  registerEventStreamRoutes,
  registerCustomerRoutes,
  registerMandateRoutes,
  registerMandateRequestRoutes,
  registerPaymentRoutes,
  registerRefundRoutes,
  registerScheduleRoutes,
  registerWebhookRoutes,
  registerEventTypeRoutes,
  registerExportRoutes,
  registerReportRoutes,
];
/** Routes that exist only in sandbox; production answers 404 for them like for any unknown path. */
const SANDBOX_ROUTES: RegisterRoutes[] = [
  registerSandboxRoutes,
  registerSandboxPaymentRoutes,
  registerSandboxRefundRoutes,
  registerSandboxWebhookRoutes,
];

/** A served route, as the OpenAPI document names it (`/v1/mandates/{id}`). */
export interface RouteEntry {
  method: string;
  path: string;
}

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
}

function routesOf(prefix: string, router: Router): RouteEntry[] {
  return (router.stack as Layer[]).flatMap((layer) =>
    layer.route
      ? Object.keys(layer.route.methods).map((method) => ({ method, path: prefix + layer.route!.path.replace(/:(\w+)/g, '{$1}') }))
      : [],
  );
}

/**
 * The gateway's Express application: request ids for everything; health and the OpenAPI
 * document unauthenticated; every other /v1 route behind bearer auth, the rate limit, JSON
 * body parsing and Idempotency-Key handling, in that order. Errors become the public error body.
 */
export function createHttpApp(
  deps: Deps,
  extras: {
    readiness: Readiness;
    rateLimiter: RateLimiter;
    metrics?: Metrics;
    /** Per client address, for /console/api. */
    consoleApiLimit: KeyedBuckets;
    /** Per client address, the 401s /v1 answered. */
    failedAuthentications: KeyedBuckets;
  },
): { app: Express; routes: () => RouteEntry[] } {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple'); // `created_at[gte]` stays a plain key; strict parsing happens per list
  app.set('etag', false);
  // Behind a proxy, the client's address (sign-in limits) comes from X-Forwarded-For only when trusted.
  if (deps.config.trustProxy)
    app.set('trust proxy', /^\d+$/.test(deps.config.trustProxy) ? Number(deps.config.trustProxy) : deps.config.trustProxy);
  if (extras.metrics) app.use(httpMetrics(extras.metrics));
  app.use(traceRequests(), requestId(), accessLog(deps.logger));
  app.use('/v1', apiHeaders);
  app.use(
    guardForwardedFor(deps.config, deps.logger, (reason) => extras.readiness.markMisconfigured(reason)),
    limitUrlLength(),
  );

  const root = Router();
  registerHealthRoutes(root, extras.readiness);
  const open = Router();
  open.use(mountedAt('/v1'));
  registerOpenApiRoutes(open);
  // The customer's browser and the bank call these: no merchant's token.
  registerBankRoutes(open, deps);
  const v1 = Router();
  v1.use(mountedAt('/v1'));
  checkPathIds(v1);
  v1.use(
    authenticate(deps, extras.failedAuthentications),
    auditChanges(deps.audit, deps.logger),
    rateLimit(extras.rateLimiter),
    ...jsonBody(),
  );
  v1.use(
    idempotency(deps.idempotency, {
      waitMs: deps.config.idempotencyWaitMs,
      logger: deps.logger,
      sealer: new SecretSealer(deps.config.idempotencySealingKeys),
    }),
  );
  for (const register of ROUTES) register(v1, deps);
  if (deps.config.env === 'sandbox') for (const register of SANDBOX_ROUTES) register(v1, deps);

  app.use(root);
  app.use('/v1', open);
  app.use('/v1', v1);
  app.use('/console', consoleSecurityHeaders(deps.config.env));
  app.use('/console/api', mountedAt('/console/api'), limitPerAddress(extras.consoleApiLimit), consoleApiRouter(deps));
  app.use('/console', consoleStaticRouter(deps.config.consoleDir || DEFAULT_CONSOLE_DIR));
  app.use(notFoundRoute());
  app.use(errorHandler(deps.logger));
  return { app, routes: () => [...routesOf('', root), ...routesOf('/v1', open), ...routesOf('/v1', v1)] };
}
