import * as oidc from 'openid-client';
import { PAYMENTS_SCOPE } from '@vrp/open-banking';
import type { CryptoKey } from 'jose';
import { BankRefusal, BankUnavailable } from './bank-errors.js';

export interface AuthorisationServerOptions {
  issuer: string;
  clientId: string;
  /** The platform's signing key (PS256) and its kid: client assertions and request objects. */
  signingKey: CryptoKey;
  signingKid: string;
  redirectUri: string;
  /** fetch over mutual TLS, each request bounded by `timeoutMs` (the transport's deadline). */
  fetch: (url: string, init?: RequestInit) => Promise<Response>;
  timeoutMs: number;
  /** Renew the client-credentials token this long before it expires. */
  renewBeforeMs?: number;
}

/** What the customer's authorisation request carries and the platform keeps to finish it. */
export interface AuthorisationRequest {
  consentId: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The token a customer's authorisation yielded: bound to the transport certificate. */
export interface ConsentToken {
  accessToken: string;
  expiresAt: Date | null;
}

/**
 * The bank's authorisation server as the platform's client (FAPI 1.0 Advanced through
 * openid-client): discovery, private_key_jwt client authentication with the signing key's kid,
 * mutual TLS on every call (and the mTLS endpoint aliases when the bank publishes them), the
 * client-credentials grant (its token cached until shortly before it expires), a pushed
 * authorisation request with a signed request object and PKCE, and the JARM response checked
 * before its code is exchanged.
 */
export class AuthorisationServer {
  private config?: Promise<oidc.Configuration>;
  private cached?: { token: string; renewAt: number };
  private pendingToken?: Promise<string>;

  constructor(private readonly options: AuthorisationServerOptions) {}

  /** The discovered configuration; discovery runs on first use and again after it failed. */
  configuration(): Promise<oidc.Configuration> {
    this.config ??= this.discover().catch((err) => {
      this.config = undefined;
      throw new BankUnavailable(`the bank's discovery document could not be read: ${(err as Error).message}`, 0, { cause: err });
    });
    return this.config;
  }

  /** The JWKS URI the bank publishes its signing keys at. */
  async jwksUri(): Promise<string> {
    const uri = (await this.configuration()).serverMetadata().jwks_uri;
    if (!uri) throw new BankUnavailable("the bank's discovery document names no jwks_uri");
    return uri;
  }

  /** A client-credentials access token for the `payments` scope, from the cache while it is fresh. */
  async clientCredentialsToken(): Promise<string> {
    if (this.cached && Date.now() < this.cached.renewAt) return this.cached.token;
    this.pendingToken ??= this.requestToken().finally(() => (this.pendingToken = undefined));
    return this.pendingToken;
  }

  /** Forgets the cached client-credentials token (the bank refused it). */
  forgetToken(): void {
    this.cached = undefined;
  }

  /**
   * Pushes the authorisation request for `consentId` (PAR) as a signed request object naming the
   * consent in its claims (`openbanking_intent_id`), with PKCE (S256), state, nonce and
   * response_mode=jwt; answers the bank's authorisation URL to send the customer to.
   */
  async pushAuthorisation(request: AuthorisationRequest): Promise<URL> {
    const config = await this.configuration();
    const intent = { openbanking_intent_id: { value: request.consentId, essential: true } };
    const parameters = {
      redirect_uri: this.options.redirectUri,
      response_type: 'code',
      response_mode: 'jwt',
      scope: `openid ${PAYMENTS_SCOPE}`,
      state: request.state,
      nonce: request.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(request.codeVerifier),
      code_challenge_method: 'S256',
      claims: JSON.stringify({ id_token: intent, userinfo: intent }),
    };
    return this.guard(async () => {
      const signed = await oidc.buildAuthorizationUrlWithJAR(config, parameters, {
        key: this.options.signingKey,
        kid: this.options.signingKid,
      });
      return oidc.buildAuthorizationUrlWithPAR(config, signed.searchParams);
    });
  }

  /**
   * Checks the bank's JARM response on `callbackUrl` (signature, issuer, audience, expiry, state)
   * and exchanges its code with the PKCE verifier for the consent's access token. A customer's
   * refusal at the bank rejects with an AuthorizationResponseError (its `error` says which).
   */
  async exchangeCode(callbackUrl: URL, expected: { state: string; nonce: string; codeVerifier: string }): Promise<ConsentToken> {
    const config = await this.configuration();
    return this.guard(async () => {
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        expectedState: expected.state,
        expectedNonce: expected.nonce,
        pkceCodeVerifier: expected.codeVerifier,
        idTokenExpected: true,
      });
      const expiresIn = tokens.expiresIn();
      return { accessToken: tokens.access_token, expiresAt: expiresIn === undefined ? null : new Date(Date.now() + expiresIn * 1000) };
    });
  }

  private async discover(): Promise<oidc.Configuration> {
    const { issuer, clientId, signingKey, signingKid, fetch, timeoutMs } = this.options;
    const config = await oidc.discovery(
      new URL(issuer),
      clientId,
      {
        token_endpoint_auth_method: 'private_key_jwt',
        tls_client_certificate_bound_access_tokens: true,
        use_mtls_endpoint_aliases: true,
        authorization_signed_response_alg: 'PS256',
        id_token_signed_response_alg: 'PS256',
        redirect_uris: [this.options.redirectUri],
      },
      oidc.PrivateKeyJwt(signingKey, {
        [oidc.modifyAssertion]: (header) => {
          header.kid = signingKid;
        },
      }),
      { [oidc.customFetch]: fetch, execute: [oidc.useJwtResponseMode], timeout: Math.ceil(timeoutMs / 1000) },
    );
    // No per-request AbortSignal.timeout from openid-client: the mutual-TLS transport bounds every
    // request by the same deadline already, and clears its timer when the answer is read (each
    // signal of openid-client's fires later and builds a TimeoutError with its stack for nothing).
    config.timeout = 0;
    return config;
  }

  private async requestToken(): Promise<string> {
    const config = await this.configuration();
    const tokens = await this.guard(() => oidc.clientCredentialsGrant(config, { scope: PAYMENTS_SCOPE }));
    const lifetimeMs = (tokens.expiresIn() ?? 300) * 1000;
    const renewBefore = Math.min(this.options.renewBeforeMs ?? 30_000, lifetimeMs / 2);
    this.cached = { token: tokens.access_token, renewAt: Date.now() + lifetimeMs - renewBefore };
    return tokens.access_token;
  }

  /**
   * The authorisation server's answers as the connector's errors: its verdicts (an OAuth error
   * response, a JARM or ID token that does not check out) are refusals; no answer is unavailability.
   */
  private async guard<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof oidc.AuthorizationResponseError) throw err;
      if (err instanceof oidc.ResponseBodyError) throw new BankRefusal(err.status, [err.error], err.error_description ?? err.error, '');
      if (err instanceof oidc.ClientError) {
        const status = (err.cause as { status?: number } | undefined)?.status;
        if (status !== undefined && status >= 500)
          throw new BankUnavailable(`the authorisation server answered ${status}`, status, { cause: err });
        if (isNetworkFailure(err))
          throw new BankUnavailable(`the authorisation server could not be reached: ${err.message}`, 0, { cause: err });
        throw new BankRefusal(status ?? 400, [err.code ?? 'invalid_response'], err.message, '');
      }
      throw new BankUnavailable(`the authorisation server could not be reached: ${(err as Error).message}`, 0, { cause: err });
    }
  }
}

/** True when the failure is the connection's, not an answer's (a refused or broken connection, a timeout). */
function isNetworkFailure(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 6; e = e.cause, depth++) {
    if (e.name === 'TimeoutError' || e.name === 'AbortError' || (e instanceof TypeError && e.message === 'fetch failed')) return true;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^(E[A-Z]+|UND_ERR_[A-Z_]+|ERR_SSL_[A-Z_]+)$/.test(code)) return true;
  }
  return false;
}
