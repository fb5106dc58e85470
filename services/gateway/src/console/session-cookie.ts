import type { Request, Response } from 'express';

/**
 * The console's session cookie: HttpOnly, Secure, SameSite=Strict, sent to /v1 and /console alike.
 * The `__Host-` prefix makes browsers take it only when set by this host over a secure origin with
 * Path=/ and no Domain, so no sibling subdomain can plant or shadow a session. Browsers treat
 * http://127.0.0.1 and http://localhost as secure for it (as they already must for `Secure`), so
 * the local sandbox console keeps working over plain HTTP.
 */
export const SESSION_COOKIE = '__Host-vrp_console_session';

/** The session cookie's value on a request, if any (cookies parsed by hand: this is the only one read). */
export function sessionSecretOf(req: Request): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === SESSION_COOKIE) {
      const value = part.slice(eq + 1).trim();
      return /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
    }
  }
  return undefined;
}

const ATTRIBUTES = 'Path=/; HttpOnly; Secure; SameSite=Strict';

export function setSessionCookie(res: Response, secret: string, expiresAt: Date): void {
  const maxAge = Math.max(1, Math.ceil((expiresAt.getTime() - Date.now()) / 1000));
  res.append('Set-Cookie', `${SESSION_COOKIE}=${secret}; ${ATTRIBUTES}; Max-Age=${maxAge}`);
}

export function clearSessionCookie(res: Response): void {
  res.append('Set-Cookie', `${SESSION_COOKIE}=; ${ATTRIBUTES}; Max-Age=0`);
}
