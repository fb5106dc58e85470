import type { RequestHandler } from 'express';
import { ApiError } from '@vrp/errors';
import { clientAddressOf } from './forwarded-for.js';
import type { KeyedBuckets } from './keyed-buckets.js';

/**
 * Refuses a client address's requests beyond its bucket with 429 rate_limited and Retry-After,
 * before they cost anything else (the buckets live in this process's memory).
 */
export function limitPerAddress(buckets: KeyedBuckets, now: () => number = Date.now): RequestHandler {
  return (req, _res, next) => {
    const verdict = buckets.take(clientAddressOf(req), now());
    if (!verdict.allowed) {
      throw new ApiError('rate_limited', 'Too many requests from this address; retry after the time in Retry-After.', {
        retryAfter: verdict.retryAfterSeconds,
      });
    }
    next();
  };
}
