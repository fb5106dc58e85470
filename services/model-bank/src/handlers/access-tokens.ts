import type { TLSSocket } from 'node:tls';
import type { Request } from 'express';
import type Provider from 'oidc-provider';
import { PAYMENTS_SCOPE } from '@vrp/open-banking';
import { certificateThumbprint, clientCertificate } from '../authorisation-server.js';

/** Which grant an endpoint's token must come from. */
export type GrantKind = 'client_credentials' | 'authorization_code';

/** Who called, as their access token says. */
export interface Caller {
  clientId: string;
  /** The authorisation grant of an authorization-code token (the consent's). */
  grantId?: string;
}

/**
 * A refused token: 401 (no client certificate, no or unknown token, a token bound to another
 * certificate; no body, a WWW-Authenticate challenge) or 403 (a token of the wrong grant or scope).
 */
export class TokenRefusal extends Error {
  override readonly name = 'TokenRefusal';

  constructor(
    readonly status: 401 | 403,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The caller of a resource endpoint: the request must come over mutual TLS with a certificate the
 * trusted CA issued, carry a bearer token the authorisation server issued (client credentials or
 * authorization code, as the endpoint wants) with scope payments, bound to that very certificate
 * (`cnf.x5t#S256`).
 */
export async function callerOf(provider: Provider, req: Request, grant: GrantKind): Promise<Caller> {
  const certificate = clientCertificate(req.socket as TLSSocket);
  if (!certificate) throw new TokenRefusal(401, 'a client certificate issued by the trust anchor is required');
  const bearer = /^Bearer\s+(\S+)$/i.exec(req.header('authorization') ?? '')?.[1];
  if (!bearer) throw new TokenRefusal(401, 'a bearer access token is required');
  const clientCredentials = await provider.ClientCredentials.find(bearer);
  const token = clientCredentials ?? (await provider.AccessToken.find(bearer));
  if (!token) throw new TokenRefusal(401, 'the access token is unknown, expired or revoked');
  if (token['x5t#S256'] !== certificateThumbprint(certificate))
    throw new TokenRefusal(401, 'the access token is bound to another certificate');
  if (!token.scope?.split(' ').includes(PAYMENTS_SCOPE)) throw new TokenRefusal(403, `the access token lacks scope ${PAYMENTS_SCOPE}`);
  if ((grant === 'client_credentials') !== !!clientCredentials) {
    throw new TokenRefusal(403, `this endpoint takes a ${grant.replace('_', ' ')} token`);
  }
  return { clientId: token.clientId!, grantId: clientCredentials ? undefined : (token as { grantId?: string }).grantId };
}
