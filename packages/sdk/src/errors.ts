/** One invalid field of a request, as the API reports it in `details`. */
export interface FieldProblem {
  param: string;
  message: string;
}

/**
 * An error answer of the API, typed: `code` is the machine-readable reason (docs/api.md "Errors"), `param` the
 * first field at fault and `details` every one, `requestId` what to quote to support.
 */
export class VrpApiError extends Error {
  readonly status: number;
  readonly type: string;
  readonly code: string;
  readonly param: string | undefined;
  readonly details: FieldProblem[];
  readonly requestId: string | undefined;
  /** Seconds the API asked to wait before retrying (429, 503), when it said. */
  readonly retryAfter: number | undefined;

  constructor(status: number, body: unknown, headers: Headers) {
    const error = ((body as { error?: Record<string, unknown> } | undefined)?.error ?? {}) as Record<string, unknown>;
    super(typeof error.message === 'string' ? error.message : `HTTP ${status}`);
    this.name = 'VrpApiError';
    this.status = status;
    this.type = typeof error.type === 'string' ? error.type : 'api_error';
    this.code = typeof error.code === 'string' ? error.code : status >= 500 ? 'internal_error' : 'unknown';
    this.param = typeof error.param === 'string' ? error.param : undefined;
    this.details = Array.isArray(error.details) ? (error.details as FieldProblem[]) : [];
    this.requestId = typeof error.request_id === 'string' ? error.request_id : (headers.get('x-request-id') ?? undefined);
    const retryAfter = Number(headers.get('retry-after'));
    this.retryAfter = Number.isFinite(retryAfter) && headers.has('retry-after') ? retryAfter : undefined;
  }
}

/** The API could not be reached (connection refused, reset, timed out); retried like a 503. */
export class VrpConnectionError extends Error {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, options);
    this.name = 'VrpConnectionError';
  }
}
