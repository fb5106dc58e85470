import { createHash, randomBytes } from 'node:crypto';

export type TokenEnvironment = 'sandbox' | 'production';

const PREFIX: Record<TokenEnvironment, string> = { sandbox: 'vrp_sandbox_', production: 'vrp_live_' };
const SHAPE = /^vrp_(sandbox|live)_[A-Za-z0-9_-]{20,100}$/;

/** A new secret API token for `environment`: its prefix says where it works, the rest is 256 random bits. */
export function generateToken(environment: TokenEnvironment): string {
  return `${PREFIX[environment]}${randomBytes(32).toString('base64url')}`;
}

/** The only form in which a token is stored: sha256, lowercase hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The environment a token was issued for, or undefined when it does not look like a token at all. */
export function tokenEnvironment(token: string): TokenEnvironment | undefined {
  const m = SHAPE.exec(token);
  if (!m) return undefined;
  return m[1] === 'live' ? 'production' : 'sandbox';
}
