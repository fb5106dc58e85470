import { randomUUID } from 'node:crypto';
import { createLocalJWKSet, importPKCS8, type CryptoKey, type JSONWebKeySet } from 'jose';
import * as oidc from 'openid-client';
import { Agent, fetch as undiciFetch, request } from 'undici';
import { signMessage, verifyMessage, type MessageSigner, type SignatureExpectations } from '@vrp/open-banking';
import type { SigningKey } from '@vrp/testing';

/** A transport certificate (or none) the client talks with. */
export type Transport = { cert: string; key: string } | undefined;

/** An answer of the resource server, with its signature checked. */
export interface ObAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** Whether x-jws-signature verified over the body with the bank's key (undefined without a body). */
  signed?: boolean;
}

export interface ObCallOptions {
  token?: string;
  body?: unknown;
  /** The exact body bytes to send instead of JSON.stringify(body) (tampering). */
  raw?: string;
  idempotencyKey?: string;
  /** false: no x-jws-signature; a string: that signature. */
  signature?: false | string;
  interactionId?: string;
  /** Another transport certificate (or none at all) for this call. */
  transport?: Transport | 'none';
  headers?: Record<string, string>;
}

/** What the PISP keeps between sending the customer to the bank and the redirect back. */
export interface AuthorisationRequest {
  url: URL;
  codeVerifier: string;
  state: string;
  nonce: string;
}

/**
 * A small Open Banking client for the tests, the PISP side of the conversation: openid-client for
 * discovery, client credentials, PAR with a signed request object and PKCE, JARM and the code
 * exchange (private_key_jwt over mutual TLS through undici), jose for message signatures, and the
 * customer's browser as plain HTTP following the consent page's real forms.
 */
export class ObClient {
  private constructor(
    readonly config: oidc.Configuration,
    readonly issuer: string,
    private readonly agent: Agent,
    private readonly ca: string,
    private readonly signer: MessageSigner,
    private readonly signingKey: CryptoKey,
    private readonly signingKid: string,
    private readonly bankKeys: SignatureExpectations,
    readonly redirectUri: string,
  ) {}

  static async connect(options: {
    issuer: string;
    clientId: string;
    ca: string;
    transport: { cert: string; key: string };
    signing: SigningKey;
    signingIss: string;
    trustAnchor: string;
    redirectUri: string;
    bankSigningIss?: string;
  }): Promise<ObClient> {
    const agent = new Agent({ connect: { ca: options.ca, cert: options.transport.cert, key: options.transport.key } });
    const key = await importPKCS8(options.signing.privateKeyPem, 'PS256');
    const mtlsFetch: oidc.CustomFetch = (url, init) => undiciFetch(url, { ...init, dispatcher: agent } as never) as never;
    const config = await oidc.discovery(
      new URL(options.issuer),
      options.clientId,
      {
        tls_client_certificate_bound_access_tokens: true,
        authorization_signed_response_alg: 'PS256',
        id_token_signed_response_alg: 'PS256',
      },
      oidc.PrivateKeyJwt({ key, kid: options.signing.kid }),
      { [oidc.customFetch]: mtlsFetch, execute: [oidc.useJwtResponseMode] },
    );
    const jwks = (await (await undiciFetch(config.serverMetadata().jwks_uri!, { dispatcher: agent })).json()) as JSONWebKeySet;
    return new ObClient(
      config,
      options.issuer,
      agent,
      options.ca,
      { key, kid: options.signing.kid, issuer: options.signingIss, trustAnchor: options.trustAnchor },
      key,
      options.signing.kid,
      { issuer: options.bankSigningIss ?? options.issuer, trustAnchors: [options.trustAnchor], key: createLocalJWKSet(jwks) },
      options.redirectUri,
    );
  }

  /** A client-credentials token (scope payments). */
  async clientCredentials(): Promise<string> {
    return (await oidc.clientCredentialsGrant(this.config, { scope: 'payments' })).access_token;
  }

  /** Signs a body as the PISP (x-jws-signature). */
  sign(body: string): Promise<string> {
    return signMessage(body, this.signer);
  }

  /** Calls the bank at `path` (absolute, e.g. /open-banking/v4.0/pisp/domestic-vrp-consents). */
  async call(method: string, path: string, options: ObCallOptions = {}): Promise<ObAnswer> {
    const raw = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    const headers: Record<string, string> = { accept: 'application/json', 'x-fapi-interaction-id': options.interactionId ?? randomUUID() };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (raw !== undefined) {
      headers['content-type'] = 'application/json';
      if (options.signature !== false) {
        headers['x-jws-signature'] =
          typeof options.signature === 'string' ? options.signature : await this.sign(JSON.stringify(options.body));
      }
    }
    if (options.idempotencyKey) headers['x-idempotency-key'] = options.idempotencyKey;
    Object.assign(headers, options.headers);
    const dispatcher = options.transport === undefined ? this.agent : this.agentFor(options.transport);
    try {
      const answer = await request(new URL(path, this.issuer), { method: method as never, headers, body: raw, dispatcher });
      const text = await answer.body.text();
      const signature = answer.headers['x-jws-signature'];
      return {
        status: answer.statusCode,
        headers: answer.headers,
        body: text ? JSON.parse(text) : undefined,
        signed: text
          ? await verifyMessage(text, typeof signature === 'string' ? signature : undefined, this.bankKeys).then(
              () => true,
              () => false,
            )
          : undefined,
      };
    } finally {
      if (dispatcher !== this.agent) await dispatcher.close();
    }
  }

  private agentFor(transport: Transport | 'none'): Agent {
    return new Agent({ connect: transport === 'none' || !transport ? { ca: this.ca } : { ca: this.ca, ...transport } });
  }

  /**
   * Pushes a signed authorisation request for the consent (PAR with a request object and PKCE,
   * response_mode=jwt) and returns where the customer's browser goes. `modify` may change the
   * request object before it is signed (dropping exp, nbf or aud).
   */
  async authorisationRequest(
    consentId: string,
    modify?: (payload: Record<string, unknown>) => void,
    extra: Record<string, string> = {},
  ): Promise<AuthorisationRequest> {
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const claims = {
      id_token: { openbanking_intent_id: { value: consentId, essential: true } },
      userinfo: { openbanking_intent_id: { value: consentId, essential: true } },
    };
    const jar = await oidc.buildAuthorizationUrlWithJAR(
      this.config,
      {
        redirect_uri: this.redirectUri,
        scope: 'openid payments',
        response_type: 'code',
        response_mode: 'jwt',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        claims: JSON.stringify(claims),
        ...extra,
      },
      { key: this.signingKey, kid: this.signingKid },
      modify
        ? { [oidc.modifyAssertion]: (_header: Record<string, unknown>, payload: Record<string, unknown>) => modify(payload) }
        : undefined,
    );
    const url = await oidc.buildAuthorizationUrlWithPAR(this.config, jar.searchParams);
    return { url, codeVerifier, state, nonce };
  }

  /** Exchanges the bank's redirect (a JARM response) for tokens, checking state, nonce and PKCE. */
  exchange(callback: URL, auth: AuthorisationRequest, codeVerifier = auth.codeVerifier) {
    return oidc.authorizationCodeGrant(this.config, callback, {
      pkceCodeVerifier: codeVerifier,
      expectedState: auth.state,
      expectedNonce: auth.nonce,
      idTokenExpected: true,
    });
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}

/**
 * The customer's browser, as plain HTTP: follows redirects within the bank, keeps its cookies,
 * reads the consent page's form and submits its Approve or Decline button; stops at the redirect
 * back to the client and returns that URL.
 */
export class Browser {
  private readonly cookies = new Map<string, string>();
  private readonly agent: Agent;

  constructor(ca: string) {
    this.agent = new Agent({ connect: { ca } });
  }

  /** GETs (or POSTs a form to) `url`, following the bank's redirects; the last answer that is not one. */
  async open(url: URL, form?: Record<string, string>): Promise<{ url: URL; status: number; html: string; location?: URL }> {
    let current = url;
    let method = form ? 'POST' : 'GET';
    let body = form ? new URLSearchParams(form).toString() : undefined;
    for (let hops = 0; hops < 10; hops++) {
      const headers: Record<string, string> = { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
      if (body) headers['content-type'] = 'application/x-www-form-urlencoded';
      const answer = await request(current, { method: method as never, headers, body, dispatcher: this.agent });
      for (const line of ([] as string[]).concat(answer.headers['set-cookie'] ?? [])) {
        const [pair] = line.split(';');
        const at = pair!.indexOf('=');
        const name = pair!.slice(0, at).trim();
        const value = pair!.slice(at + 1).trim();
        if (value) this.cookies.set(name, value);
        else this.cookies.delete(name);
      }
      const html = await answer.body.text();
      const location = answer.headers.location as string | undefined;
      if (answer.statusCode >= 300 && answer.statusCode < 400 && location) {
        const next = new URL(location, current);
        if (next.origin !== url.origin) return { url: current, status: answer.statusCode, html, location: next };
        current = next;
        method = 'GET';
        body = undefined;
        continue;
      }
      return { url: current, status: answer.statusCode, html };
    }
    throw new Error('too many redirects');
  }

  /** Opens the authorisation URL and presses the consent page's button; the redirect back to the client. */
  async decide(authorisationUrl: URL, decision: 'approve' | 'decline'): Promise<{ page: string; callback: URL }> {
    const page = await this.open(authorisationUrl);
    if (page.location) return { page: '', callback: page.location };
    const action = /<form method="post" action="([^"]+)"/.exec(page.html)?.[1];
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.html)?.[1];
    if (!action || !csrf || !new RegExp(`name="decision" value="${decision}"`).test(page.html)) {
      throw new Error(`no consent form on the page (${page.status}): ${page.html.slice(0, 300)}`);
    }
    const answer = await this.open(new URL(action.replaceAll('&amp;', '&'), page.url), { csrf, decision });
    if (!answer.location) throw new Error(`the bank did not send the browser back (${answer.status}): ${answer.html.slice(0, 300)}`);
    return { page: page.html, callback: answer.location };
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}
