import type { Request, Response, Router } from 'express';
import type { webhook } from '@vrp/contracts';
import { isApiError, validationError } from '@vrp/errors';
import { sessionPolicyOf } from '../console/session-policy.js';
import { sessionSecretOf } from '../console/session-cookie.js';
import type { Deps } from '../deps.js';
import { merchantOf } from '../middleware/locals.js';
import { authenticate } from '../usecases/authenticate.js';
import { resumeSession } from '../usecases/console-sessions.js';

/** How often an open stream checks that its token (or console session) still holds, straight from the database. */
const AUTH_CHECK_MS = 500;
/** How long one call to the webhook service waits for events before the stream asks again. */
const WAIT_MS = 5000;
/** Events asked for at once. */
const PAGE = 100;

/** Reads Last-Event-ID: the position of the last event the client has, a non-negative integer. */
function lastEventId(req: Request): bigint | undefined {
  const raw = req.get('last-event-id');
  if (raw === undefined || raw.trim() === '') return undefined;
  if (!/^\d{1,19}$/.test(raw.trim()) || BigInt(raw.trim()) > 2n ** 63n - 1n) {
    throw validationError('Last-Event-ID', 'Last-Event-ID must be the id of an event this stream sent (a non-negative integer)');
  }
  return BigInt(raw.trim());
}

/** One SSE message: its id is the event's position, its data the exact body a webhook delivery carries. */
function frame(e: webhook.StreamEvent): string {
  return `id: ${e.seq}\nevent: ${e.event!.eventType}\ndata: ${e.bodyJson}\n\n`;
}

/** Whether the credentials the stream was opened with still speak for `merchantId` (a revoked token or ended session do not). */
async function stillAuthorized(deps: Deps, req: Request, merchantId: string): Promise<boolean> {
  const header = req.get('authorization');
  try {
    if (header !== undefined) return (await authenticate(deps.merchants, deps.config.env, header)).id === merchantId;
    const secret = sessionSecretOf(req);
    if (secret === undefined) return false;
    const session = await resumeSession(deps.consoleAccounts, secret, new Date(), sessionPolicyOf(deps.config));
    return session?.merchant.id === merchantId;
  } catch (err) {
    // A revoked or unknown token; a failed database query keeps the stream (the next check decides).
    return !(isApiError(err) && (err.code === 'invalid_token' || err.code === 'authentication_required'));
  }
}

/** Writes `text`, waiting while the client's socket is full; false once the client is gone. */
async function send(res: Response, text: string): Promise<boolean> {
  if (res.writableEnded || res.destroyed) return false;
  if (res.write(text)) return true;
  await new Promise<void>((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
  return !res.destroyed && !res.writableEnded;
}

/**
 * GET /v1/webhook-events/stream: the merchant's events as Server-Sent Events, as they are recorded.
 * Each message's `id` is the event's position in the merchant's stream; a client that reconnects
 * with `Last-Event-ID` gets every later event exactly once. Without it the stream starts now.
 * A comment line every EVENT_STREAM_HEARTBEAT keeps proxies from closing an idle stream. The
 * stream ends within AUTH_CHECK_MS of its token being revoked (or its console session ending).
 */
export function registerEventStreamRoutes(router: Router, deps: Deps): void {
  const webhooks = deps.clients.webhook;
  router.get('/webhook-events/stream', async (req, res) => {
    for (const param of Object.keys(req.query)) throw validationError(param, `Unknown query parameter '${param}'`);
    const after = lastEventId(req);
    const merchantId = merchantOf(res).id;
    // The first look happens before any byte is sent, so a failure is still an ordinary error answer.
    const first = await webhooks.listStreamEvents({ merchantId, afterSeq: after, limit: PAGE, waitMs: 0 });
    res.status(200).set({
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.flushHeaders();
    req.socket.setTimeout(0);
    req.socket.setNoDelay(true);

    let open = true;
    const close = () => {
      if (!open) return;
      open = false;
      clearInterval(heartbeat);
      clearInterval(authCheck);
      deps.stopping?.removeEventListener('abort', close);
      if (!res.writableEnded) res.end();
    };
    res.on('close', close);
    deps.stopping?.addEventListener('abort', close, { once: true });
    const heartbeat = setInterval(() => {
      if (open) res.write(': heartbeat\n\n');
    }, deps.config.eventStreamHeartbeatMs);
    let checking = false;
    const authCheck = setInterval(() => {
      if (checking || !open) return;
      checking = true;
      stillAuthorized(deps, req, merchantId)
        .then((ok) => {
          if (!ok) close();
        })
        .finally(() => (checking = false));
    }, AUTH_CHECK_MS);

    // `retry` tells EventSource clients how soon to reconnect; the first comment shows the stream is live.
    await send(res, `retry: 1000\n: stream of ${merchantId} open\n\n`);
    let cursor = first.lastSeq;
    let page = first;
    try {
      for (;;) {
        for (const e of page.events) if (!(await send(res, frame(e)))) return;
        cursor = page.lastSeq;
        if (!open) return;
        page = await webhooks.listStreamEvents(
          { merchantId, afterSeq: cursor, limit: PAGE, waitMs: WAIT_MS },
          { timeoutMs: WAIT_MS + deps.config.grpcTimeoutMs },
        );
        if (!open) return;
      }
    } catch (err) {
      // Headers are gone: end the stream; the client reconnects with Last-Event-ID and loses nothing.
      deps.logger.warn('event stream ended by a failed read', { err, merchant_id: merchantId, last_event_id: String(cursor) });
    } finally {
      close();
    }
  });
}
