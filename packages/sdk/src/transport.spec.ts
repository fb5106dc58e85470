import { afterEach, describe, expect, it, vi } from 'vitest';
import { VrpClient } from './client.js';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** A fetch that, like a browser's, refuses to be called as another object's method. */
function browserLikeFetch(seen: { headers?: Headers }) {
  return vi.fn(function (this: unknown, _input: string | URL | Request, init?: RequestInit) {
    if (this !== undefined && this !== globalThis) throw new TypeError("Failed to execute 'fetch' on 'Window': Illegal invocation");
    seen.headers = new Headers(init?.headers);
    return Promise.resolve(new Response(JSON.stringify({ results: [], next_cursor: null, previous_cursor: null, page_size: 0 })));
  });
}

describe('Transport in a browser', () => {
  it('calls the global fetch unbound, so a browser does not refuse it', async () => {
    const seen: { headers?: Headers } = {};
    globalThis.fetch = browserLikeFetch(seen) as unknown as typeof fetch;
    const vrp = new VrpClient({ baseUrl: 'https://console.example', token: 'vrp_sandbox_x', maxRetries: 0 });
    await expect(vrp.listMandates()).resolves.toMatchObject({ results: [] });
    expect(seen.headers?.get('authorization')).toBe('Bearer vrp_sandbox_x');
  });

  it('sends no Authorization without a token (the console’s cookie speaks) and adds the given headers', async () => {
    const seen: { headers?: Headers } = {};
    globalThis.fetch = browserLikeFetch(seen) as unknown as typeof fetch;
    const vrp = new VrpClient({ baseUrl: 'https://console.example', headers: { 'X-CSRF-Token': 'csrf123' }, maxRetries: 0 });
    await vrp.listMandates();
    expect(seen.headers?.has('authorization')).toBe(false);
    expect(seen.headers?.get('x-csrf-token')).toBe('csrf123');
  });
});
