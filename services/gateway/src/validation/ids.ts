import { ApiError, validationError } from '@vrp/errors';
import type { Router } from 'express';

/**
 * The shape every platform id has (a type prefix and a ULID: `MD01J…`), loosened to the
 * characters an id can ever contain. Anything else cannot name a resource, and some of it
 * (NUL, control characters) cannot even be looked up.
 */
const ID_SHAPE = /^[A-Za-z0-9_-]{1,64}$/;

/** True when `value` could be a platform id. */
export function isWellFormedId(value: string): boolean {
  return ID_SHAPE.test(value);
}

/** Path parameters holding a resource id, across every route. */
const ID_PARAMS = ['id', 'payment_id', 'event_id'] as const;

/**
 * Answers 404 not_found for a path id that cannot be an id, before any route or service sees
 * it: such a resource cannot exist, whoever asks.
 */
export function checkPathIds(router: Router): void {
  for (const name of ID_PARAMS) {
    router.param(name, (_req, _res, next, value: string) => {
      // The malformed value is not echoed: it may be huge or unprintable.
      if (!isWellFormedId(value)) return next(new ApiError('not_found', `No such resource: ${name} is not a well-formed id`));
      next();
    });
  }
}

/** The value of an id filter, or 400 validation_error naming it when it cannot be an id. */
export function idParam(param: string, raw: string): string {
  if (!isWellFormedId(raw)) throw validationError(param, `${param} must be an identifier such as MD01J5…, of letters, digits, '-' and '_'`);
  return raw;
}
