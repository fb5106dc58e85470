/** The console's own routes under /console/api (everything else goes through the public /v1 API). */

export type Environment = 'sandbox' | 'production';

export interface Session {
  user: { id: string; email: string; merchant_id: string };
  merchant: { id: string; name: string };
  environment: Environment;
  csrf_token: string;
  expires_at: string;
}

export interface ApiToken {
  id: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface TeamMember {
  id: string;
  email: string;
  created_at: string;
}

export interface Invitation {
  id: string;
  email: string;
  created_at: string;
  expires_at: string;
}

/** An error answer of the console routes: `{"error": {code, message, details?, request_id}}`. */
export class ConsoleError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId?: string,
    readonly details: { param: string; message: string }[] = [],
    /** Seconds the server asked to wait (429 on sign-in), when it said. */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'ConsoleError';
  }
}

interface ErrorBody {
  error?: { code?: string; message?: string; request_id?: string; details?: { param: string; message: string }[] };
}

async function call<T>(method: string, path: string, options: { body?: unknown; csrf?: string } = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.csrf) headers['x-csrf-token'] = options.csrf;
  const res = await fetch(`/console/api${path}`, {
    method,
    headers,
    credentials: 'same-origin',
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  if (res.status === 204) return undefined as T;
  const body = (await res.json().catch(() => ({}))) as ErrorBody;
  if (!res.ok) {
    const e = body.error ?? {};
    const retryAfter = res.headers.has('retry-after') ? Number(res.headers.get('retry-after')) : NaN;
    throw new ConsoleError(
      res.status,
      e.code ?? 'unknown',
      e.message ?? `HTTP ${res.status}`,
      e.request_id ?? res.headers.get('x-request-id') ?? undefined,
      Array.isArray(e.details) ? e.details : [],
      Number.isFinite(retryAfter) ? retryAfter : undefined,
    );
  }
  return body as T;
}

/** Typed calls of the console routes; changes carry the session's CSRF token. */
export const consoleApi = {
  session: () => call<Session>('GET', '/session'),
  signIn: (email: string, password: string) => call<Session>('POST', '/session', { body: { email, password } }),
  signOut: (csrf: string) => call<void>('DELETE', '/session', { csrf }),
  acceptInvitation: (token: string, password: string) => call<Session>('POST', '/invitations/accept', { body: { token, password } }),
  tokens: () => call<{ results: ApiToken[] }>('GET', '/tokens'),
  createToken: (csrf: string, name: string) => call<ApiToken & { access_token: string }>('POST', '/tokens', { csrf, body: { name } }),
  revokeToken: (csrf: string, id: string) => call<ApiToken>('POST', `/tokens/${encodeURIComponent(id)}/revoke`, { csrf, body: {} }),
  team: () => call<{ results: TeamMember[]; invitations: Invitation[] }>('GET', '/users'),
  invite: (csrf: string, email: string) => call<Invitation & { invite_url: string }>('POST', '/invitations', { csrf, body: { email } }),
};
