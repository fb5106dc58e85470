import type { ConsoleAccounts } from '../../src/db/console-accounts.js';
import { newId } from '@vrp/ids';
import { normaliseEmail } from '../../src/domain/email.js';
import { createConsoleUser } from '../../src/usecases/console-team.js';
import type { MerchantRepository } from '../../src/db/merchants.js';
import type { Role } from '../../src/domain/roles.js';

/** An answer of the console routes as tests look at it. */
export interface ConsoleResponse {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

/**
 * A browser's view of the console: it keeps the session cookie the gateway sets (as a browser
 * would) and sends the CSRF token it was given on changes, unless told otherwise.
 */
export class ConsoleBrowser {
  cookie: string | undefined;
  csrf: string | undefined;

  /** `from`: the client address a trusted proxy reports (X-Forwarded-For), for a gateway with TRUST_PROXY. */
  constructor(
    private readonly baseUrl: string,
    private readonly from?: string,
  ) {}

  async request(
    method: string,
    path: string,
    options: { body?: unknown; headers?: Record<string, string>; csrf?: boolean } = {},
  ): Promise<ConsoleResponse> {
    const headers: Record<string, string> = { ...(this.from ? { 'x-forwarded-for': this.from } : {}), ...options.headers };
    if (this.cookie) headers.cookie = `__Host-vrp_console_session=${this.cookie}`;
    if (options.body !== undefined) headers['content-type'] ??= 'application/json';
    if (method !== 'GET' && options.csrf !== false && this.csrf) headers['x-csrf-token'] = this.csrf;
    const res = await fetch(this.baseUrl + path, {
      method,
      headers,
      ...(options.body !== undefined ? { body: typeof options.body === 'string' ? options.body : JSON.stringify(options.body) } : {}),
    });
    for (const set of res.headers.getSetCookie()) {
      const m = /^__Host-vrp_console_session=([^;]*);.*Max-Age=(\d+)/.exec(set);
      if (m) this.cookie = m[2] === '0' ? undefined : m[1];
    }
    const text = await res.text();
    const body = (text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : { text }) as Record<string, unknown>;
    if (typeof body.csrf_token === 'string') this.csrf = body.csrf_token;
    return { status: res.status, headers: res.headers, body };
  }

  signIn(email: string, password: string): Promise<ConsoleResponse> {
    return this.request('POST', '/console/api/session', { body: { email, password } });
  }
}

export const PASSWORD = 'correct horse battery staple';

/**
 * The scrypt work factor test platforms hash console passwords at (PASSWORD_SCRYPT_LOG_N):
 * 16 MiB a hash instead of production's 128 MiB, so the suite's many sign-ins stay cheap. The
 * hashing-slot tests set production's factor back, as they need each hash to take a while.
 */
export const TEST_SCRYPT_LOG_N = 14;

let passwordHash: Promise<string> | undefined;

/**
 * A console user of `merchantId` with PASSWORD. The operator CLI's use case (createConsoleUser)
 * makes the first one (at TEST_SCRYPT_LOG_N); later ones reuse its hash, so a test file pays for
 * one scrypt, not one per user.
 */
export async function consoleUser(
  accounts: ConsoleAccounts,
  merchants: MerchantRepository,
  merchantId: string,
  email: string,
  role: Role = 'owner',
): Promise<{ email: string; password: string }> {
  if (!passwordHash) {
    passwordHash = createConsoleUser(
      { accounts, merchants, scryptLogN: TEST_SCRYPT_LOG_N },
      { merchantId, email, password: PASSWORD, role },
    ).then(async (user) => {
      return (await accounts.findUsersForSignIn(user.email, 1))[0]!.passwordHash;
    });
    passwordHash.catch(() => (passwordHash = undefined));
    await passwordHash;
    return { email, password: PASSWORD };
  }
  await accounts.createUser({ id: newId('consoleUser'), merchantId, email: normaliseEmail(email), passwordHash: await passwordHash, role });
  return { email, password: PASSWORD };
}
