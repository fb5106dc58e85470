/** The console's own routes under /console/api (everything else goes through the public /v1 API). */

export type Environment = 'sandbox' | 'production';

export type Role = 'owner' | 'developer' | 'viewer';

export interface Session {
  user: { id: string; email: string; merchant_id: string; role: Role; two_factor: boolean };
  merchant: { id: string; name: string };
  environment: Environment;
  csrf_token: string;
  expires_at: string;
  /** This user must set up two-factor sign-in before anything else (owners, where required). */
  two_factor_setup_required: boolean;
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
  role: Role;
  two_factor: boolean;
  created_at: string;
}

export interface Invitation {
  id: string;
  email: string;
  role: Role;
  created_at: string;
  expires_at: string;
}

export interface Account {
  id: string;
  email: string;
  role: Role;
  two_factor: boolean;
  recovery_codes_left: number;
}

export interface AuditEntry {
  id: string;
  created_at: string;
  action: string;
  actor: { type: 'user' | 'api_token' | 'operator'; id: string | null; email: string | null };
  target: { type: string; id: string } | null;
  details: Record<string, unknown>;
  ip: string | null;
  user_agent: string | null;
}

export interface AuditFilters {
  action?: string;
  'created_at[gte]'?: string;
  'created_at[lte]'?: string;
}

/** The audit log's query string for some filters (and a page position). */
export function auditQuery(filters: AuditFilters, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...filters, ...extra })) if (v) q.set(k, v);
  const s = q.toString();
  return s ? `?${s}` : '';
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
  signIn: (email: string, password: string, factor: { code?: string; recovery_code?: string } = {}) =>
    call<Session>('POST', '/session', { body: { email, password, ...factor } }),
  signOut: (csrf: string) => call<void>('DELETE', '/session', { csrf }),
  acceptInvitation: (token: string, code: string, password: string) =>
    call<Session>('POST', '/invitations/accept', { body: { token, code, password } }),
  tokens: () => call<{ results: ApiToken[] }>('GET', '/tokens'),
  createToken: (csrf: string, name: string) => call<ApiToken & { access_token: string }>('POST', '/tokens', { csrf, body: { name } }),
  revokeToken: (csrf: string, id: string) => call<ApiToken>('POST', `/tokens/${encodeURIComponent(id)}/revoke`, { csrf, body: {} }),
  team: () => call<{ results: TeamMember[]; invitations: Invitation[] }>('GET', '/users'),
  invite: (csrf: string, email: string, role: Role) =>
    call<Invitation & { invite_url: string }>('POST', '/invitations', { csrf, body: { email, role } }),
  revokeInvitation: (csrf: string, id: string) => call<Invitation>('DELETE', `/invitations/${encodeURIComponent(id)}`, { csrf }),
  removeUser: (csrf: string, id: string) => call<TeamMember>('DELETE', `/users/${encodeURIComponent(id)}`, { csrf }),
  changeRole: (csrf: string, id: string, role: Role) =>
    call<TeamMember>('PATCH', `/users/${encodeURIComponent(id)}`, { csrf, body: { role } }),
  account: () => call<Account>('GET', '/account'),
  changePassword: (csrf: string, current_password: string, new_password: string) =>
    call<void>('POST', '/account/password', { csrf, body: { current_password, new_password } }),
  signOutEverywhere: (csrf: string) => call<void>('POST', '/account/sign-out-everywhere', { csrf, body: {} }),
  beginTwoFactor: (csrf: string) => call<{ secret: string; otpauth_uri: string }>('POST', '/account/two-factor/setup', { csrf, body: {} }),
  confirmTwoFactor: (csrf: string, code: string) =>
    call<{ two_factor: true; recovery_codes: string[] }>('POST', '/account/two-factor/confirm', { csrf, body: { code } }),
  auditLog: (filters: AuditFilters, before?: string) =>
    call<{ results: AuditEntry[]; has_more: boolean; next_before: string | null }>(
      'GET',
      `/audit-log${auditQuery(filters, before ? { before } : {})}`,
    ),
};

/** Where the audit log's CSV download of some filters is. */
export const auditCsvUrl = (filters: AuditFilters) => `/console/api/audit-log.csv${auditQuery(filters)}`;
