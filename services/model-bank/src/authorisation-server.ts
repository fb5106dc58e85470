import { createHash, X509Certificate } from 'node:crypto';
import type { TLSSocket } from 'node:tls';
import Provider, { type Adapter, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { PAYMENTS_SCOPE } from '@vrp/open-banking';
import type { Logger } from '@vrp/logging';
import type { RegisteredClient } from './domain/clients.js';

/** The claim naming the consent an authorisation is for (requested in the request object's `claims`). */
export const INTENT_CLAIM = 'openbanking_intent_id';

/** Ten years: a consent without a ValidToDateTime keeps its authorisation that long. */
const OPEN_ENDED_SECONDS = 10 * 365 * 86_400;

/** The client certificate presented on this TLS connection, if the trusted CA issued it (PEM). */
export function clientCertificate(socket: TLSSocket): string | undefined {
  if (!socket.authorized) return undefined;
  // A connection's peer certificate is fixed once its handshake is done (the server refuses
  // renegotiation): read and encoded once per connection, not per request of a kept-alive one.
  const known = peerCertificates.get(socket);
  if (known) return known;
  const peer = socket.getPeerCertificate(false);
  if (!peer?.raw) return undefined;
  const pem = new X509Certificate(peer.raw).toString();
  peerCertificates.set(socket, pem);
  return pem;
}

const peerCertificates = new WeakMap<TLSSocket, string>();

/** RFC 8705's `x5t#S256`: the SHA-256 thumbprint of a certificate's DER, base64url. */
export function certificateThumbprint(pem: string): string {
  let thumbprint = thumbprints.get(pem);
  if (thumbprint === undefined) {
    thumbprint = createHash('sha256').update(new X509Certificate(pem).raw).digest('base64url');
    // The certificates seen are the few clients' own: a small memo, emptied should it ever grow.
    if (thumbprints.size >= 64) thumbprints.clear();
    thumbprints.set(pem, thumbprint);
  }
  return thumbprint;
}

const thumbprints = new Map<string, string>();

/** The consent an authorisation request's `claims` parameter names in openbanking_intent_id. */
export function intentOf(claimsParameter: unknown): string | undefined {
  let claims: unknown = claimsParameter;
  if (typeof claims === 'string') {
    try {
      claims = JSON.parse(claims);
    } catch {
      return undefined;
    }
  }
  const pick = (use: string) => {
    const entry = (claims as Record<string, Record<string, { value?: unknown }> | undefined> | undefined)?.[use]?.[INTENT_CLAIM];
    return typeof entry?.value === 'string' && entry.value ? entry.value : undefined;
  };
  return pick('id_token') ?? pick('userinfo');
}

export interface AuthorisationServerOptions {
  issuer: string;
  /** The bank's private signing key as a JWK with its kid, alg PS256 and use sig. */
  signingJwk: Record<string, unknown>;
  clients: RegisteredClient[];
  adapter: new (model: string) => Adapter;
  /** Keys signing the authorisation server's cookies (the first signs; all verify). */
  cookieKeys: string[];
  /** Renders the authorisation server's own error page (an error that cannot go back to the client) and its headers. */
  renderError: (error: { error: string; description?: string }) => { html: string; headers: Record<string, string> };
  logger: Logger;
}

/**
 * The bank's authorisation server: oidc-provider under the FAPI 1.0 Final profile, as the OB
 * security profile asks. Pushed authorisation requests are required and carry a PS256-signed
 * request object (exp, nbf and aud required) with PKCE S256; `response_type=code` answers with
 * JARM (`response_mode=jwt`); clients authenticate with private_key_jwt over mutual TLS and get
 * access tokens bound to their certificate; the client-credentials grant gives scope `payments`,
 * the authorization-code grant `openid payments` and an ID token naming the consent in
 * openbanking_intent_id. Every signature is PS256 with the bank's key. A consent's tokens live as
 * long as its grant, which lives as long as the consent (see the consent page); no refresh tokens
 * are issued and nothing expires with the browser session.
 */
export function createAuthorisationServer(options: AuthorisationServerOptions): Provider {
  const PS256 = ['PS256'];
  const configuration: Configuration = {
    adapter: options.adapter,
    clients: options.clients.map((c) => ({
      client_id: c.clientId,
      redirect_uris: c.redirectUris,
      jwks: c.jwks as never,
      grant_types: ['authorization_code', 'client_credentials'],
      response_types: ['code'],
      scope: `openid ${PAYMENTS_SCOPE}`,
      token_endpoint_auth_method: 'private_key_jwt',
      token_endpoint_auth_signing_alg: 'PS256',
      request_object_signing_alg: 'PS256',
      id_token_signed_response_alg: 'PS256',
      authorization_signed_response_alg: 'PS256',
      tls_client_certificate_bound_access_tokens: true,
      require_pushed_authorization_requests: true,
    })),
    jwks: { keys: [options.signingJwk as never] },
    scopes: ['openid', PAYMENTS_SCOPE],
    claims: { openid: ['sub'], [INTENT_CLAIM]: null },
    responseTypes: ['code'],
    clientAuthMethods: ['private_key_jwt'],
    enabledJWA: {
      clientAuthSigningAlgValues: PS256,
      idTokenSigningAlgValues: PS256,
      requestObjectSigningAlgValues: PS256,
      authorizationSigningAlgValues: PS256,
      userinfoSigningAlgValues: PS256,
    } as never,
    features: {
      devInteractions: { enabled: false },
      fapi: { enabled: true, profile: '1.0 Final' },
      pushedAuthorizationRequests: { enabled: true, requirePushedAuthorizationRequests: true },
      requestObjects: { enabled: true, requireSignedRequestObject: true },
      jwtResponseModes: { enabled: true },
      claimsParameter: { enabled: true },
      clientCredentials: { enabled: true },
      revocation: { enabled: false },
      introspection: { enabled: false },
      mTLS: {
        enabled: true,
        certificateBoundAccessTokens: true,
        getCertificate: (ctx: KoaContextWithOIDC) => clientCertificate(ctx.req.socket as TLSSocket),
      },
    } as never,
    pkce: { required: () => true } as never,
    ttl: {
      // A consent's token lives as long as its grant (see the consent page); client credentials an hour.
      AccessToken: (ctx: KoaContextWithOIDC) => {
        const grant = ctx?.oidc?.entities?.Grant;
        return grant?.exp ? Math.max(1, grant.exp - Math.floor(Date.now() / 1000)) : 3600;
      },
      ClientCredentials: 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 1800,
      Session: 3600,
      Grant: OPEN_ENDED_SECONDS,
    } as never,
    expiresWithSession: async () => false,
    issueRefreshToken: async () => false,
    // Every authorisation shows the consent page: an earlier grant in the browser's session never stands in for a new consent.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const grantId = ctx.oidc.result?.consent?.grantId;
      return grantId ? ctx.oidc.provider.Grant.find(grantId) : undefined;
    },
    findAccount: async (_ctx: KoaContextWithOIDC, sub: string) => ({
      accountId: sub,
      // The consent's id was checked against the grant on the consent page; the ID token plays it back.
      claims: async (_use: string, _scope: string, claims: Record<string, { value?: unknown } | null>) => {
        const intent = claims?.[INTENT_CLAIM]?.value;
        return typeof intent === 'string' ? { sub, [INTENT_CLAIM]: intent } : { sub };
      },
    }),
    interactions: { url: (_ctx: KoaContextWithOIDC, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    cookies: {
      keys: options.cookieKeys,
      long: { httpOnly: true, sameSite: 'lax', signed: true },
      short: { httpOnly: true, sameSite: 'lax', signed: true },
    },
    renderError: async (ctx: KoaContextWithOIDC, out: { error: string; error_description?: string }) => {
      const page = options.renderError({ error: out.error, description: out.error_description });
      ctx.set(page.headers);
      ctx.type = 'html';
      ctx.body = page.html;
    },
  };
  const provider = new Provider(options.issuer, configuration);
  provider.on('server_error', (_ctx: unknown, err: Error) => options.logger.error('authorisation server failed', { err }));
  return provider;
}

/** How long a new grant lives: until its consent expires, or open-ended; never under a minute. */
export function grantSeconds(expiresAt: Date | null, now: Date): number {
  return expiresAt ? Math.max(60, Math.ceil((expiresAt.getTime() - now.getTime()) / 1000)) : OPEN_ENDED_SECONDS;
}
