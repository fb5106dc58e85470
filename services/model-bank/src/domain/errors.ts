import { ERROR_CODES } from '@vrp/open-banking';

/** One problem of a refused request, as an OB error entry (Errors[]) carries it. */
export interface Problem {
  /** The OB error code (U0xx). */
  code: string;
  message: string;
  /** The field at fault, as OB writes paths (Data.Initiation.InstructedAmount.Currency). */
  path?: string;
}

/**
 * What kind of refusal a BankError is; each transport turns it into its status: the resource
 * server answers `not_found` with 400 (the profile's rule for an unknown id), the back office 404.
 */
export type Refusal = 'invalid' | 'not_found' | 'forbidden' | 'conflict';

/** The one error use cases throw: a refusal with every problem found, never a transport exception. */
export class BankError extends Error {
  override readonly name = 'BankError';

  constructor(
    readonly refusal: Refusal,
    readonly problems: Problem[],
  ) {
    super(problems.map((p) => (p.path ? `${p.path}: ${p.message}` : p.message)).join('; '));
  }
}

/** A request the bank refuses for `problems` (400 U0xx). */
export function invalid(code: string, message: string, path?: string): BankError {
  return new BankError('invalid', [{ code, message, path }]);
}

/** A resource that does not exist (for this client). */
export function notFound(what: string, path?: string): BankError {
  return new BankError('not_found', [{ code: ERROR_CODES.resourceNotFound, message: `${what} not found`, path }]);
}

/** A resource of another client, or an operation the caller may not perform. */
export function forbidden(message: string): BankError {
  return new BankError('forbidden', [{ code: ERROR_CODES.invalidField, message }]);
}

/** A state the operation does not apply to (the back office: settling a rejected payment). */
export function conflict(message: string): BankError {
  return new BankError('conflict', [{ code: ERROR_CODES.invalidConsentStatus, message }]);
}

/** Throws every problem found at once, if any. */
export function throwProblems(problems: Problem[]): void {
  if (problems.length) throw new BankError('invalid', problems);
}
