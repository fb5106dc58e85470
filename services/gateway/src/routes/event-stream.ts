import type { Request, Response, Router } from 'express';
import type { webhook } from '@vrp/contracts';
import { ApiError, isApiError, validationError } from '@vrp/errors';
import { sessionPolicyOf } from '../console/session-policy.js';
import { sessionSecretOf } from '../console/session-cookie.js';
import type { Deps } from '../deps.js';
import { merchantOf } from '../middleware/locals.js';
import { authenticate } from '../usecases/authenticate.js';
import { hashSecret, resumeSession } from '../usecases/console-sessions.js';
import type { CredentialCheck } from '../usecases/watch-credentials.js';

/** How often the credentials of open streams are checked, straight from the database (once per credential, however many streams share it). */
export const AUTH_CHECK_MS = 500;
/** How long one call to the webhook service waits for events before the stream asks again. */
const WAIT_MS = 5000;
/** Events asked for at once. */
const PAGE = 100;
/** How long a stream's lease lives without renewal, and how often an open stream renews it. */
export const STREAM_LEASE_TTL_MS = 30_000;
const RENEW_MS = 10_000;

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

/**
 * The credentials the stream was opened with, as the watch keys them (a hash, never the secret),
 * and how to ask whether they still speak for a merchant: a revoked token or an ended session do not.
 */
function credentialsOf(deps: Deps, req: Request): { key: string; check: CredentialCheck } {
  const header = req.get('authorization');
  if (header !== undefined) {
    return {
      key: `bearer:${hashSecret(header)}`,
      async check() {
        try {
          return (await authenticate(deps.merchants, deps.config.env, header)).id;
        } catch (err) {
          // A revoked or unknown token; a failed database query keeps the stream (the next check decides).
          return isApiError(err) && (err.code === 'invalid_token' || err.code === 'authentication_required') ? null : undefined;
        }
      },
    };
  }
  const secret = sessionSecretOf(req) ?? '';
  return {
    key: `session:${hashSecret(secret)}`,
    async check() {
      try {
        return (await resumeSession(deps.consoleAccounts, secret, new Date(), sessionPolicyOf(deps.config)))?.merchant.id ?? null;
      } catch {
        return undefined;
      }
    },
  };
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
 * A comment line every EVENT_STREAM_HEARTBEAT keeps proxies from closing an idle stream. A merchant
 * holds at most EVENT_STREAMS_PER_MERCHANT open streams across every gateway (more: 429
 * rate_limited with Retry-After). The stream ends within AUTH_CHECK_MS of its token being revoked
 * (or its console session ending); streams with the same credentials share that check.
 */
export function registerEventStreamRoutes(router: Router, deps: Deps): void {
  const webhooks = deps.clients.webhook;
  const { leases, credentials } = deps.eventStreams;
  router.get('/webhook-events/stream', async (req, res) => {
    for (const param of Object.keys(req.query)) throw validationError(param, `Unknown query parameter '${param}'`);
    const after = lastEventId(req);
    const merchantId = merchantOf(res).id;
    const max = deps.config.eventStreamsPerMerchant;
    const lease = await leases.claim(merchantId, max);
    if (!lease) {
      throw new ApiError('rate_limited', `At most ${max} event streams of a merchant may be open at once; close one or retry later.`, {
        retryAfter: 10,
      });
    }
    const release = () =>
      leases.release(lease).catch((err: unknown) => deps.logger.warn('event stream lease not released', { err, merchant_id: merchantId }));
    // The first look happens before any byte is sent, so a failure is still an ordinary error answer.
    let first;
    try {
      first = await webhooks.listStreamEvents({ merchantId, afterSeq: after, limit: PAGE, waitMs: 0 });
    } catch (err) {
      void release();
      throw err;
    }
    res.status(200).set({
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store, no-transform',
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
      clearInterval(renew);
      unwatch();
      void release();
      deps.stopping?.removeEventListener('abort', close);
      if (!res.writableEnded) res.end();
    };
    const heartbeat = setInterval(() => {
      if (open) res.write(': heartbeat\n\n');
    }, deps.config.eventStreamHeartbeatMs);
    const renew = setInterval(() => {
      leases.renew(lease).catch((err: unknown) => deps.logger.warn('event stream lease not renewed', { err, merchant_id: merchantId }));
    }, RENEW_MS);
    const { key, check } = credentialsOf(deps, req);
    const unwatch = credentials.watch(key, merchantId, check, close);
    res.on('close', close);
    deps.stopping?.addEventListener('abort', close, { once: true });

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
