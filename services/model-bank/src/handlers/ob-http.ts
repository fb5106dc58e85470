import { randomUUID } from 'node:crypto';
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { createLocalJWKSet } from 'jose';
import type Provider from 'oidc-provider';
import type { z } from 'zod';
import {
  ERROR_CODES,
  FAPI_INTERACTION_ID_HEADER,
  IDEMPOTENCY_KEY_HEADER,
  JWS_SIGNATURE_HEADER,
  SIGNATURE_ERROR_CODES,
  SignatureError,
  signMessage,
  verifyMessage,
  type MessageSigner,
} from '@vrp/open-banking';
import type { Logger } from '@vrp/logging';
import type { RegisteredClient } from '../domain/clients.js';
import { BankError, invalid, type Problem } from '../domain/errors.js';
import { callerOf, TokenRefusal, type Caller, type GrantKind } from './access-tokens.js';
import { parseJson, validate } from './ob-validation.js';

/** What an endpoint's handler is given. */
export interface ObCall<T> {
  caller: Caller;
  client: RegisteredClient;
  /** The validated body (undefined for a request without one). */
  request: T;
  /** The body's exact bytes. */
  raw: Buffer;
  /** The x-idempotency-key of an idempotent POST. */
  idempotencyKey: string;
  interactionId: string;
  params: Record<string, string>;
}

/** What an endpoint answers: its status and body (none for 204). */
export interface ObAnswer {
  status: number;
  body?: unknown;
}

/** A header refused before the body is read: 415 and 406 besides the profile's 400s. */
class HeaderRefusal extends Error {
  constructor(
    readonly status: number,
    readonly problem: Problem,
  ) {
    super(problem.message);
  }
}

const IDEMPOTENCY_KEY = /^(?!\s)(.*)(\S)$/;

/** The interaction id of this request (played back, or a new one), set on every answer. */
export function interactionIdOf(res: Response): string {
  return res.locals.interactionId as string;
}

/**
 * The HTTP side of the OB resource server: every answer carries the x-fapi-interaction-id the
 * request sent (or a new one) and every answer body its detached JWS (x-jws-signature) by the
 * bank's key; every request body must carry the client's, verified against the client's
 * registered keys, issuer and the trust anchor.
 */
export class ObHttp {
  private readonly keys = new Map<string, ReturnType<typeof createLocalJWKSet>>();

  constructor(
    private readonly provider: Provider,
    private readonly clients: ReadonlyMap<string, RegisteredClient>,
    private readonly signer: MessageSigner,
    private readonly logger: Logger,
  ) {
    for (const client of clients.values()) this.keys.set(client.clientId, createLocalJWKSet(client.jwks as never));
  }

  /** Plays back (or starts) the request's x-fapi-interaction-id. */
  interaction(): RequestHandler {
    return (req, res, next) => {
      const sent = req.header(FAPI_INTERACTION_ID_HEADER);
      const id = sent && sent.length <= 128 ? sent : randomUUID();
      res.locals.interactionId = id;
      res.setHeader(FAPI_INTERACTION_ID_HEADER, id);
      next();
    };
  }

  /** Answers `body` signed (or an empty answer). */
  async send(res: Response, status: number, body?: unknown): Promise<void> {
    if (body === undefined) {
      res.status(status).end();
      return;
    }
    const json = JSON.stringify(body);
    res.setHeader(JWS_SIGNATURE_HEADER, await signMessage(json, this.signer));
    res.status(status).type('application/json; charset=utf-8').send(json);
  }

  /**
   * One resource endpoint: its caller authenticated with a token of `grant`; with a `body` schema,
   * a JSON body signed by the client (and, when `idempotent`, an x-idempotency-key) validated into
   * `request`. The handler's answer is sent signed; a refusal goes to `errors()`.
   */
  endpoint<S extends z.ZodType | undefined>(
    options: { grant: GrantKind; body?: S; idempotent?: boolean },
    handler: (call: ObCall<S extends z.ZodType ? z.infer<S> : undefined>) => Promise<ObAnswer>,
  ): RequestHandler {
    return async (req, res, next) => {
      try {
        const caller = await callerOf(this.provider, req, options.grant);
        const client = this.clients.get(caller.clientId);
        if (!client) throw new TokenRefusal(403, 'the client is no longer registered');
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        let request: unknown;
        let idempotencyKey = '';
        if (options.body) {
          this.checkMediaTypes(req);
          if (options.idempotent) idempotencyKey = this.idempotencyKey(req);
          await this.verifySignature(raw, req.header(JWS_SIGNATURE_HEADER), client);
          request = validate(options.body, parseJson(raw));
        }
        const answer = await handler({
          caller,
          client,
          request: request as never,
          raw,
          idempotencyKey,
          interactionId: interactionIdOf(res),
          params: req.params as Record<string, string>,
        });
        await this.send(res, answer.status, answer.body);
      } catch (err) {
        next(err);
      }
    };
  }

  private checkMediaTypes(req: Request): void {
    if (!req.is('application/json')) {
      throw new HeaderRefusal(415, {
        code: ERROR_CODES.invalidHeader,
        message: 'Content-Type must be application/json',
        path: 'Content-Type',
      });
    }
    const accept = req.header('accept');
    if (accept && !req.accepts('application/json')) {
      throw new HeaderRefusal(406, { code: ERROR_CODES.invalidHeader, message: 'the answer is application/json', path: 'Accept' });
    }
  }

  private idempotencyKey(req: Request): string {
    const key = req.header(IDEMPOTENCY_KEY_HEADER);
    if (key === undefined || key === '') throw invalid(ERROR_CODES.missingHeader, 'x-idempotency-key is required', IDEMPOTENCY_KEY_HEADER);
    if (key.length > 40 || !IDEMPOTENCY_KEY.test(key)) {
      throw invalid(
        ERROR_CODES.invalidHeader,
        'x-idempotency-key must be at most 40 characters, without surrounding spaces',
        IDEMPOTENCY_KEY_HEADER,
      );
    }
    return key;
  }

  private async verifySignature(raw: Buffer, signature: string | undefined, client: RegisteredClient): Promise<void> {
    await verifyMessage(raw, signature, {
      issuer: client.signingIss,
      trustAnchors: [this.signer.trustAnchor],
      key: this.keys.get(client.clientId)!,
    });
  }

  /**
   * Turns a refusal into the profile's answer: 401 without a body (with a Bearer challenge), 403,
   * 400, 406 and 415 with a signed OBErrorResponse1 whose Errors name each problem; anything else is
   * a bank failure (500, U000), logged with the interaction id.
   */
  errors(): ErrorRequestHandler {
    return (err: unknown, _req, res, next) => {
      if (res.headersSent) return next(err);
      const answer = (status: number, problems: Problem[]) =>
        this.send(res, status, {
          Id: randomUUID(),
          Errors: problems.map((p) => ({ ErrorCode: p.code, Message: p.message.slice(0, 500), ...(p.path ? { Path: p.path } : {}) })),
        });
      let sent: Promise<void>;
      if (err instanceof TokenRefusal && err.status === 401) {
        res.setHeader('WWW-Authenticate', `Bearer error="invalid_token", error_description="${err.message}"`);
        sent = this.send(res, 401);
      } else if (err instanceof TokenRefusal) {
        sent = answer(403, [{ code: ERROR_CODES.invalidHeader, message: err.message, path: 'Authorization' }]);
      } else if (err instanceof SignatureError) {
        sent = answer(400, [{ code: SIGNATURE_ERROR_CODES[err.problem], message: err.message, path: JWS_SIGNATURE_HEADER }]);
      } else if (err instanceof HeaderRefusal) {
        sent = answer(err.status, [err.problem]);
      } else if (err instanceof BankError) {
        sent = answer(err.refusal === 'forbidden' ? 403 : 400, err.problems);
      } else if ((err as { type?: string }).type === 'entity.too.large') {
        sent = answer(400, [{ code: ERROR_CODES.invalidFormat, message: 'the body is too large' }]);
      } else {
        this.logger.error('request failed', { err, interaction_id: interactionIdOf(res) });
        sent = answer(500, [{ code: ERROR_CODES.unexpectedError, message: 'the bank failed; try again' }]);
      }
      sent.catch(next);
    };
  }
}
