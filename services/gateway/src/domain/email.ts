import { validationError } from '@vrp/errors';

// Deliberately loose (RFC 5322 allows far more than anyone uses): one @, no spaces, a dot in the domain.
const SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The form an email is stored and compared in: trimmed and lower-cased; 400 validation_error when it is not one. */
export function normaliseEmail(raw: string, param = 'email'): string {
  const email = raw.trim().toLowerCase();
  if (email.length > 254 || !SHAPE.test(email)) throw validationError(param, 'must be an email address');
  return email;
}
