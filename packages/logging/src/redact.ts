/** What a redacted value is replaced with. */
export const REDACTED = '[redacted]';

/** Field names whose values are credentials, wherever they sit (top level or one or two levels down). */
const SECRET_NAMES = ['authorization', 'cookie', 'set-cookie', 'password', 'secret', 'token', 'access_token', 'csrf_token', 'x-csrf-token'];
export const REDACTED_KEYS = SECRET_NAMES.flatMap((name) => {
  const key = /^[a-z_]+$/.test(name) ? name : `["${name}"]`;
  const dot = key.startsWith('[') ? '' : '.';
  return [key, `*${dot}${key}`, `*.*${dot}${key}`];
});

/** Credentials by their shape: API tokens and webhook signing secrets. */
const SECRET_SHAPES = /\b(vrp_(?:sandbox|live)_|whsec_)[A-Za-z0-9_+/=-]+/g;

const SECRET_KEY = new RegExp(`^(${SECRET_NAMES.join('|').replace(/-/g, '\\-')})$`, 'i');

/**
 * A value with every credential in it replaced: strings shaped like a token or a signing secret
 * (anywhere in the text, e.g. inside an error message), and whatever sits under a credential's
 * name at any depth.
 */
export function redactSecrets(value: unknown, key = '', depth = 0): unknown {
  if (key && SECRET_KEY.test(key)) return REDACTED;
  if (typeof value === 'string') return value.replace(SECRET_SHAPES, (_m, prefix: string) => `${prefix}${REDACTED}`);
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redactSecrets(v, '', depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactSecrets(v, k, depth + 1)]));
}
