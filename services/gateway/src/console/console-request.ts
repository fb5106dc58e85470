import type { Request, Response } from 'express';
import { validationError } from '@vrp/errors';
import type { ConsoleSessionRecord } from '../db/console-accounts.js';
import { clientAddressOf } from '../middleware/forwarded-for.js';
import type { Acting } from '../usecases/console-team.js';

export type Body = Record<string, unknown>;

/** A required string field of a console request body, at most `max` characters. */
export function field(body: Body, name: string, max: number): string {
  const value = body[name];
  if (typeof value !== 'string' || value.length === 0) throw validationError(name, `${name} is required`);
  if (value.length > max) throw validationError(name, `${name} must be at most ${max} characters`);
  return value;
}

/** An optional string field: undefined when absent or empty. */
export function optionalField(body: Body, name: string, max: number): string | undefined {
  const value = body[name];
  if (value === undefined || value === null || value === '') return undefined;
  return field(body, name, max);
}

const sessions = new WeakMap<Response, ConsoleSessionRecord>();

export function setConsoleSession(res: Response, session: ConsoleSessionRecord): void {
  sessions.set(res, session);
}

/** The live session of a console request (set by the console router's session check). */
export function sessionOf(res: Response): ConsoleSessionRecord {
  const s = sessions.get(res);
  if (!s) throw new Error('console route without a session');
  return s;
}

/** Where a request came from, for the audit log. */
export function whereFrom(req: Request): Omit<Acting, 'actor'> {
  const userAgent = req.get('user-agent');
  return { ip: clientAddressOf(req), ...(userAgent ? { userAgent } : {}) };
}

/** The signed-in user acting from where the request came. */
export function actingOf(req: Request, res: Response): Acting {
  const { user } = sessionOf(res);
  return { actor: { type: 'user', id: user.id, email: user.email }, ...whereFrom(req) };
}
