import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { withRequestContext } from '@vrp/logging';
import { setRequestId } from './locals.js';

// A client-chosen id is echoed only when it is safe to log and to put in a header.
const ACCEPTABLE = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Gives every request an id: the client's X-Request-Id when sensible, otherwise a new one.
 * It is echoed on the response, carried into logs and forwarded to downstream services.
 */
export function requestId(): RequestHandler {
  return (req, res, next) => {
    const given = req.get('x-request-id');
    const id = given && ACCEPTABLE.test(given) ? given : `req_${randomUUID().replaceAll('-', '')}`;
    setRequestId(res, id);
    res.set('X-Request-Id', id);
    withRequestContext({ requestId: id }, () => next());
  };
}
