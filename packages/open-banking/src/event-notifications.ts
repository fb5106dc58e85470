import { jwtVerify, SignJWT, type CryptoKey, type JWTVerifyGetKey, type KeyObject } from 'jose';
import { z } from 'zod';
import { EVENT_TYPES } from './codes.js';

const RID = 'http://openbanking.org.uk/rid';
const RTY = 'http://openbanking.org.uk/rty';
const RLK = 'http://openbanking.org.uk/rlk';
const SUBJECT_TYPE = 'http://openbanking.org.uk/rid_http://openbanking.org.uk/rty';

/** OBEventSubject1: the resource an event is about. */
export const obEventSubject = z.object({
  subject_type: z.literal(SUBJECT_TYPE),
  [RID]: z.string().min(1).max(128),
  [RTY]: z.string().min(1).max(128),
  [RLK]: z.array(z.object({ version: z.string().min(1).max(10), link: z.string() })).min(1),
});
export type ObEventSubject = z.infer<typeof obEventSubject>;

/** OBEventNotification2's claims: a security event token (RFC 8417) carrying one or more events. */
export const obEventNotification = z.object({
  iss: z.string(),
  iat: z.number().int(),
  jti: z.string().min(1).max(128),
  aud: z.string().min(1).max(128),
  sub: z.string(),
  txn: z.string().min(1).max(128),
  toe: z.number().int(),
  events: z
    .object({
      [EVENT_TYPES.resourceUpdate]: z.object({ subject: obEventSubject }).optional(),
      [EVENT_TYPES.consentAuthorizationRevoked]: z.object({ reason: z.string().optional(), subject: obEventSubject.optional() }).optional(),
      [EVENT_TYPES.linkedAccountUpdate]: z.object({ reason: z.string().optional(), subject: obEventSubject }).optional(),
    })
    .loose(),
});
export type ObEventNotification = z.infer<typeof obEventNotification>;

/** The subject of an event about resource `id` of type `type` (e.g. domestic-vrps) at `link`. */
export function eventSubject(type: string, id: string, link: string, version = 'v4.0'): ObEventSubject {
  return { subject_type: SUBJECT_TYPE, [RID]: id, [RTY]: type, [RLK]: [{ version, link }] };
}

/** The resource an event subject names. */
export function subjectResource(subject: ObEventSubject): { type: string; id: string; link: string } {
  return { type: subject[RTY], id: subject[RID], link: subject[RLK][0]!.link };
}

/** Signs an event notification (PS256, typ secevent+jwt) as the bank that sends it. */
export async function signEventNotification(
  claims: ObEventNotification,
  signer: { key: CryptoKey | KeyObject; kid: string },
): Promise<string> {
  return new SignJWT(claims as unknown as Record<string, unknown>)
    .setProtectedHeader({ alg: 'PS256', kid: signer.kid, typ: 'secevent+jwt' })
    .sign(signer.key);
}

/**
 * Verifies an event notification as the PISP it is for: PS256 by a key of the bank, issued by the
 * bank's issuer, addressed to this PISP's client id, not older than `maxAgeSeconds` (default one
 * day: a bank retries unacknowledged notifications). Throws when any check fails.
 */
export async function verifyEventNotification(
  jwt: string,
  expect: { key: JWTVerifyGetKey; issuer: string; audience: string; maxAgeSeconds?: number },
): Promise<ObEventNotification> {
  const { payload } = await jwtVerify(jwt, expect.key, {
    algorithms: ['PS256'],
    issuer: expect.issuer,
    audience: expect.audience,
    maxTokenAge: expect.maxAgeSeconds ?? 86_400,
    requiredClaims: ['iat', 'jti', 'txn', 'toe', 'events', 'sub'],
  });
  return obEventNotification.parse(payload);
}
