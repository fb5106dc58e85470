import { once } from 'node:events';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'undici';
import type { BankCredentials } from '@vrp/testing';

/**
 * What the proxy does with the next requests: pass them on; alter the answer's signature; answer
 * 503 without asking the bank; hold the request `delayMs` first; or pass the request on and then
 * drop the connection, so the bank acted but its answer never arrives.
 */
export type ProxyMode = 'pass' | 'tamper' | 'unavailable' | 'slow' | 'lose-answer';

/** One request the proxy saw. */
export interface Proxied {
  method: string;
  path: string;
  mode: ProxyMode;
  hadClientCertificate: boolean;
  /** The request's headers (lower-case names). */
  headers: Record<string, string>;
}

/**
 * A man in the middle for the tests: the bank's resource server seen through an HTTPS server with
 * the bank's certificate (so the connector trusts it), which forwards each request to the model
 * bank presenting the platform's transport certificate (so tokens bound to it still work) and
 * does to the answers what `mode` says.
 */
export interface BankProxy {
  /** The bank's origin, as seen through the proxy. */
  url: string;
  mode: ProxyMode;
  /** How many more requests `mode` applies to before the proxy passes requests on again (default: all). */
  times: number;
  delayMs: number;
  seen: Proxied[];
  /**
   * Sets the mode for the next `times` requests that `only` accepts (default: every request, until
   * changed); the others pass. Background reads of other resources then never use up a test's `times`.
   */
  set(mode: ProxyMode, options?: { times?: number; only?: (method: string, path: string) => boolean }): void;
  stop(): Promise<void>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'host', 'content-length']);

export async function startBankProxy(bankOrigin: string, credentials: BankCredentials): Promise<BankProxy> {
  const upstream = new Agent({ connect: { cert: credentials.tppTransport.cert, key: credentials.tppTransport.key, ca: credentials.ca } });
  const proxy = { mode: 'pass', times: Infinity, delayMs: 0, seen: [] } as unknown as BankProxy;
  let only: (method: string, path: string) => boolean = () => true;
  proxy.set = (mode, options = {}) => {
    proxy.mode = mode;
    proxy.times = options.times ?? Infinity;
    only = options.only ?? (() => true);
  };
  const server = createServer(
    {
      cert: credentials.bankServer.cert,
      key: credentials.bankServer.key,
      ca: credentials.ca,
      requestCert: true,
      rejectUnauthorized: false,
    },
    (req, res) => {
      const applies = proxy.mode !== 'pass' && proxy.times > 0 && only(req.method!, req.url!);
      const mode = applies ? proxy.mode : 'pass';
      if (applies && --proxy.times === 0) proxy.mode = 'pass';
      const socket = req.socket as import('node:tls').TLSSocket;
      const seenHeaders = Object.fromEntries(Object.entries(req.headers).filter((e): e is [string, string] => typeof e[1] === 'string'));
      proxy.seen.push({ method: req.method!, path: req.url!, mode, hadClientCertificate: socket.authorized, headers: seenHeaders });
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', async () => {
        if (mode === 'unavailable') {
          res.writeHead(503, { 'content-type': 'application/json' }).end('{"Errors":[{"ErrorCode":"U000","Message":"down"}]}');
          return;
        }
        if (mode === 'slow') await new Promise((r) => setTimeout(r, proxy.delayMs));
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(req.headers)) if (!HOP_BY_HOP.has(k) && typeof v === 'string') headers[k] = v;
        try {
          const answer = await request(`${bankOrigin}${req.url}`, {
            method: req.method as 'GET',
            headers,
            body: chunks.length ? Buffer.concat(chunks) : undefined,
            dispatcher: upstream,
          });
          const body = Buffer.from(await answer.body.arrayBuffer());
          if (mode === 'lose-answer') {
            req.socket.destroy();
            return;
          }
          const out: Record<string, string> = {};
          for (const [k, v] of Object.entries(answer.headers)) if (!HOP_BY_HOP.has(k) && typeof v === 'string') out[k] = v;
          if (mode === 'tamper' && out['x-jws-signature']) {
            const signature = out['x-jws-signature'];
            const last = signature.at(-2) === 'A' ? 'B' : 'A';
            out['x-jws-signature'] = `${signature.slice(0, -2)}${last}${signature.at(-1)}`;
          }
          res.writeHead(answer.statusCode, out).end(body);
        } catch {
          if (!res.headersSent) res.writeHead(502).end();
        }
      });
    },
  );
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  proxy.url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.stop = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await upstream.close();
  };
  return proxy;
}
