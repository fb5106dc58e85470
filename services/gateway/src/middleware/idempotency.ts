import type { RequestHandler, Response } from 'express';
import { ApiError, validationError } from '@vrp/errors';
import type { Logger } from '@vrp/logging';
import type { IdempotencyClaim, IdempotencyStore } from '../db/idempotency-store.js';
import { requestFingerprint } from '../domain/request-fingerprint.js';
import type { SecretSealer } from '../domain/secret-sealing.js';
import { openSecrets, sealSecrets } from './idempotent-secrets.js';
import { merchantOf, setIdempotency } from './locals.js';

const MAX_KEY_LENGTH = 255;
const JSON_TYPE = 'application/json; charset=utf-8';

function sendJsonText(res: Response, send: Response['send'], status: number, text: string): void {
  res.status(status).set('Content-Type', JSON_TYPE);
  send.call(res, text);
}

/**
 * Whether an answer is the key's final one, to replay for 24 h. Not so: a 5xx, a 429 and a 409
 * idempotency_key_in_use (from this gateway or from the service that owns the resource): each says
 * "nothing was decided, retry", so the key is given back and the merchant's retry runs again.
 */
export function isFinalAnswer(status: number, body: unknown): boolean {
  if (status >= 500 || status === 429) return false;
  const code = (body as { error?: { code?: unknown } } | null)?.error?.code;
  return !(status === 409 && code === 'idempotency_key_in_use');
}

/**
 * Idempotency-Key on POST. The first request to claim the key in the database runs; its final
 * response (status and exact body bytes) is stored before it is sent, so duplicates replay it
 * with `Idempotent-Replayed: true`. A duplicate arriving while the first runs waits up to `waitMs`
 * for it to finish, then replays; only after that 409. A different request under the same key is
 * 422. Answers that are not final (isFinalAnswer) are forgotten so the client can retry. Secrets
 * in a stored answer are sealed with `sealer` and opened again for the replay.
 */
export function idempotency(store: IdempotencyStore, options: { waitMs: number; logger: Logger; sealer: SecretSealer }): RequestHandler {
  return async (req, res, next) => {
    const key = req.get('idempotency-key');
    if (req.method !== 'POST' || key === undefined) return next();
    if (key.length === 0 || key.length > MAX_KEY_LENGTH) {
      throw validationError('Idempotency-Key', `Idempotency-Key must be 1..${MAX_KEY_LENGTH} characters`);
    }
    const merchantId = merchantOf(res).id;
    const path = req.originalUrl.split('?')[0]!;
    const hash = requestFingerprint(req.method, path, req.body);
    setIdempotency(res, { key, fingerprint: hash });
    const deadline = Date.now() + options.waitMs;
    for (let pause = 10; ; pause = Math.min(pause * 2, 100)) {
      const claim = await store.claim(merchantId, key, req.method, path, hash);
      if (claim) return runAndRecord(claim, store, res, next, options);
      const record = await store.find(merchantId, key);
      if (record && record.requestHash !== hash) {
        throw new ApiError('idempotency_key_reused', 'This Idempotency-Key was used with a different request.', {
          param: 'Idempotency-Key',
        });
      }
      if (record && record.responseStatus !== null && record.responseBody !== null) {
        res.set('Idempotent-Replayed', 'true');
        const replay = openSecrets(record.responseBody, options.sealer, merchantId, key, (field) =>
          options.logger.warn('idempotent replay without a secret: its sealing key is no longer configured', { field }),
        );
        return sendJsonText(res, res.send, record.responseStatus, replay);
      }
      if (Date.now() >= deadline) {
        throw new ApiError('idempotency_key_in_use', 'A request with this Idempotency-Key is still being processed; retry shortly.', {
          param: 'Idempotency-Key',
          retryAfter: 1,
        });
      }
      // No record means it was released or expired meanwhile: claim again after the pause.
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  };
}

/** Lets the request run, capturing its JSON response to store it (secrets sealed) before it goes out. */
function runAndRecord(
  claim: IdempotencyClaim,
  store: IdempotencyStore,
  res: Response,
  next: () => void,
  { logger, sealer }: { logger: Logger; sealer: SecretSealer },
): void {
  const send = res.send;
  let settled = false;
  res.json = (body: unknown) => {
    settled = true;
    const text = JSON.stringify(body);
    const status = res.statusCode;
    const record = isFinalAnswer(status, body)
      ? Promise.resolve()
          .then(() => sealSecrets(text, sealer, claim.merchantId, claim.key))
          .then((stored) => store.complete(claim, status, stored))
      : store.release(claim);
    record
      .catch((err: unknown) => logger.error('could not record idempotent response', { err }))
      .finally(() => sendJsonText(res, send, status, text));
    return res;
  };
  // A client that hangs up does not stop the handler: the key stays claimed until the handler's
  // own outcome is recorded, so the client's retry waits and replays instead of running twice.
  // Only a response that finished without going through res.json (none do today) releases it;
  // a handler that never answers is covered by the lock timeout.
  res.on('finish', () => {
    if (!settled) store.release(claim).catch((err: unknown) => logger.error('could not release idempotency key', { err }));
  });
  next();
}
