import express, { type Request, type RequestHandler } from 'express';
import { validationError } from '@vrp/errors';
import { assertStorableJson } from '../validation/storable-json.js';

const HAS_BODY = new Set(['POST', 'PATCH']);
const parseJson = express.json({ limit: '100kb', strict: false, type: () => true });

/** Whether the request announced a body (a length or a chunked transfer), as the parser decides. */
function declaresBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || req.headers['content-length'] !== undefined;
}

/**
 * Parses a request body as JSON whatever its Content-Type (clients often omit it). An empty
 * body counts as `{}`; anything but a JSON object is a 400 validation_error, and so is anything
 * the platform could not store exactly (see assertStorableJson). Malformed JSON reaches the
 * error handler as a body-parser error, which it also answers with validation_error.
 */
export function jsonBody(): RequestHandler[] {
  return [
    (req, res, next) => {
      // Bodies only matter on POST and PATCH; GETs and DELETEs never carry one worth parsing.
      if (!HAS_BODY.has(req.method)) return next();
      parseJson(req, res, next);
    },
    (req, _res, next) => {
      if (!HAS_BODY.has(req.method)) return next();
      // The parser skips a body it can no longer read: the client hung up before it arrived.
      // Never run that request as an empty one (its answer would be stored under its Idempotency-Key).
      if (req.body === undefined && declaresBody(req)) {
        return next(validationError('body', 'The connection closed before the request body arrived'));
      }
      if (req.body === undefined) req.body = {};
      const body: unknown = req.body;
      if (body === null || typeof body !== 'object' || Array.isArray(body)) {
        return next(validationError('body', 'The request body must be a JSON object'));
      }
      assertStorableJson(body);
      next();
    },
  ];
}
