/**
 * The PISPs registered with the model bank (their client metadata at its authorisation server):
 * where their customers come back to, the public keys they sign with, where event notifications go.
 */
export interface RegisteredClient {
  clientId: string;
  /** The PISP's public signing keys (request objects, client assertions, message signatures). */
  jwks: { keys: Record<string, unknown>[] };
  redirectUris: string[];
  /** Where event notifications are POSTed; undefined: none are sent. */
  eventUrl?: string;
  /** The `http://openbanking.org.uk/iss` the PISP signs messages as. */
  signingIss: string;
}

/** One client as configured: the settings' own, or an entry of the clients file (same names). */
export interface ClientEntry {
  client_id?: unknown;
  jwks?: unknown;
  redirect_uris?: unknown;
  event_url?: unknown;
  signing_iss?: unknown;
}

const isHttpUrl = (value: string, schemes: string[]) => {
  try {
    return schemes.includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

function client(entry: ClientEntry, where: (field: string) => string): RegisteredClient {
  const problems: string[] = [];
  const clientId = typeof entry.client_id === 'string' && entry.client_id ? entry.client_id : undefined;
  if (!clientId) problems.push(`${where('client_id')} must be a non-empty string`);
  const keys = (entry.jwks as { keys?: unknown } | undefined)?.keys;
  const usable =
    Array.isArray(keys) && keys.length > 0 && keys.every((k) => k && typeof k === 'object' && (k as { kty?: unknown }).kty === 'RSA');
  if (!usable) problems.push(`${where('jwks')} must be a JWKS ({"keys": [...]}) of RSA public keys`);
  const redirectUris = Array.isArray(entry.redirect_uris) ? entry.redirect_uris : [];
  if (!redirectUris.length || !redirectUris.every((u) => typeof u === 'string' && isHttpUrl(u, ['https:', 'http:']))) {
    problems.push(`${where('redirect_uris')} must list at least one http(s) URL`);
  }
  const eventUrl = typeof entry.event_url === 'string' && entry.event_url ? entry.event_url : undefined;
  if (entry.event_url !== undefined && entry.event_url !== '' && (!eventUrl || !isHttpUrl(eventUrl, ['https:', 'http:']))) {
    problems.push(`${where('event_url')} must be an http(s) URL or empty`);
  }
  if (entry.signing_iss !== undefined && (typeof entry.signing_iss !== 'string' || !entry.signing_iss)) {
    problems.push(`${where('signing_iss')} must be a non-empty string`);
  }
  if (problems.length) throw new Error(problems.join('\n'));
  return {
    clientId: clientId!,
    jwks: { keys: keys as Record<string, unknown>[] },
    redirectUris: redirectUris as string[],
    eventUrl,
    signingIss: (entry.signing_iss as string | undefined) ?? clientId!,
  };
}

const SETTING_OF: Record<string, string> = {
  client_id: 'MODEL_BANK_CLIENT_ID',
  jwks: 'MODEL_BANK_CLIENT_JWKS',
  redirect_uris: 'MODEL_BANK_CLIENT_REDIRECT_URIS',
  event_url: 'MODEL_BANK_CLIENT_EVENT_URL',
  signing_iss: 'MODEL_BANK_CLIENT_SIGNING_ISS',
};

/**
 * Every registered client: the one the MODEL_BANK_CLIENT_* settings describe, then each entry of
 * the clients file (a JSON array of objects with client_id, jwks, redirect_uris, event_url?,
 * signing_iss?). Throws one line per problem, naming the setting or the file entry; client ids
 * must be unique.
 */
export function registeredClients(primary: ClientEntry, file?: unknown): RegisteredClient[] {
  const problems: string[] = [];
  const clients: RegisteredClient[] = [];
  const take = (entry: ClientEntry, where: (field: string) => string) => {
    try {
      clients.push(client(entry, where));
    } catch (err) {
      problems.push(...(err as Error).message.split('\n'));
    }
  };
  take(primary, (field) => SETTING_OF[field]!);
  if (file !== undefined) {
    if (!Array.isArray(file)) problems.push('MODEL_BANK_CLIENTS_FILE must hold a JSON array of clients');
    else file.forEach((entry: ClientEntry, i) => take(entry ?? {}, (field) => `MODEL_BANK_CLIENTS_FILE[${i}].${field}`));
  }
  const ids = clients.map((c) => c.clientId);
  const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
  if (twice.length) problems.push(`client ids must be unique; registered more than once: ${[...new Set(twice)].join(', ')}`);
  if (problems.length) throw new Error(problems.join('\n'));
  return clients;
}
