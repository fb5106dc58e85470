import { CompactSign, compactVerify, decodeProtectedHeader, type CompactVerifyGetKey, type CryptoKey, type KeyObject } from 'jose';
import { ERROR_CODES, type ErrorCode } from './codes.js';

/** The header every request or response body signature travels in. */
export const JWS_SIGNATURE_HEADER = 'x-jws-signature';

const IAT = 'http://openbanking.org.uk/iat';
const ISS = 'http://openbanking.org.uk/iss';
const TAN = 'http://openbanking.org.uk/tan';
const CRIT = [IAT, ISS, TAN];
/** jose refuses critical header parameters it is not told are understood. */
const UNDERSTOOD = { [IAT]: true, [ISS]: true, [TAN]: true } as const;
/** The only header parameters a message signature may carry. */
const ALLOWED_HEADER = new Set(['alg', 'kid', 'typ', 'cty', IAT, ISS, TAN, 'crit']);

/** Who signs: the key, the `kid` it is known by, and the OB issuer and trust anchor claims. */
export interface MessageSigner {
  key: CryptoKey | KeyObject;
  kid: string;
  /** `http://openbanking.org.uk/iss`: the signer's identity at its trust anchor. */
  issuer: string;
  /** `http://openbanking.org.uk/tan`: the trust anchor's domain name. */
  trustAnchor: string;
}

/** What a verifier insists on besides a good signature. */
export interface SignatureExpectations {
  /** The signer's identity (`http://openbanking.org.uk/iss`). */
  issuer: string;
  /** Trust anchors whose keys this verifier accepts. */
  trustAnchors: readonly string[];
  /** Finds the public key for the header's `kid` (e.g. jose's createRemoteJWKSet or createLocalJWKSet). */
  key: CompactVerifyGetKey;
  /** Tolerated clock difference for `iat` in the future, in seconds (default 60). */
  clockToleranceSeconds?: number;
  /** The time to check against (tests); default now. */
  now?: () => Date;
}

/**
 * What kind of problem a refused signature had, as the profile's error codes tell them apart:
 * no header (U019), not a detached JWS (U018), a required header claim absent (U017), a header
 * claim with a value the verifier refuses (U016), a signature that does not verify (U015).
 */
export type SignatureProblem = 'missing' | 'malformed' | 'missing_claim' | 'invalid_claim' | 'invalid';

/** The error code (Errors[].ErrorCode) a bank answers for each kind of refused signature. */
export const SIGNATURE_ERROR_CODES: Readonly<Record<SignatureProblem, ErrorCode>> = {
  missing: ERROR_CODES.missingSignature,
  malformed: ERROR_CODES.malformedSignature,
  missing_claim: ERROR_CODES.missingSignatureClaim,
  invalid_claim: ERROR_CODES.invalidSignatureClaim,
  invalid: ERROR_CODES.invalidSignature,
};

/** Why a message signature was refused; the message says which check failed, `problem` its kind. */
export class SignatureError extends Error {
  override readonly name = 'SignatureError';

  constructor(
    message: string,
    readonly problem: SignatureProblem = 'invalid',
  ) {
    super(message);
  }
}

/**
 * Signs `body` (the exact bytes sent) as the profile's detached JWS: PS256 with the OB `iat`, `iss`
 * and `tan` header claims marked critical, the payload left out (`header..signature`).
 */
export async function signMessage(body: string | Uint8Array, signer: MessageSigner, now: Date = new Date()): Promise<string> {
  const payload = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  const jws = await new CompactSign(payload)
    .setProtectedHeader({
      alg: 'PS256',
      kid: signer.kid,
      typ: 'JOSE',
      cty: 'application/json',
      [IAT]: Math.floor(now.getTime() / 1000),
      [ISS]: signer.issuer,
      [TAN]: signer.trustAnchor,
      crit: CRIT,
    })
    .sign(signer.key, { crit: UNDERSTOOD });
  const [header, , signature] = jws.split('.');
  return `${header}..${signature}`;
}

/**
 * Verifies the detached JWS `signature` over `body` (the exact bytes received) as the profile says:
 * PS256 only, no header parameters beyond the profile's, `crit` exactly the three OB claims, `typ`
 * JOSE and `cty` JSON when present, `iat` not in the future, the expected issuer and a trusted
 * anchor. Throws SignatureError naming the failed check; resolves with the `kid` used.
 */
export async function verifyMessage(
  body: string | Uint8Array,
  signature: string | undefined,
  expect: SignatureExpectations,
): Promise<{ kid: string }> {
  if (!signature) throw new SignatureError('the x-jws-signature header is missing', 'missing');
  const parts = signature.split('.');
  if (parts.length !== 3 || parts[1] !== '')
    throw new SignatureError('the signature is not a detached JWS (header..signature)', 'malformed');
  let header: Record<string, unknown>;
  try {
    header = decodeProtectedHeader(signature) as Record<string, unknown>;
  } catch {
    throw new SignatureError('the signature header cannot be decoded', 'malformed');
  }
  checkHeader(header, expect);
  const payload = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  const jws = `${parts[0]}.${Buffer.from(payload).toString('base64url')}.${parts[2]}`;
  try {
    await compactVerify(jws, expect.key, { algorithms: ['PS256'], crit: UNDERSTOOD });
  } catch (err) {
    throw new SignatureError(`the signature does not verify: ${(err as Error).message}`);
  }
  return { kid: header.kid as string };
}

function checkHeader(header: Record<string, unknown>, expect: SignatureExpectations): void {
  const extra = Object.keys(header).filter((k) => !ALLOWED_HEADER.has(k));
  if (extra.length)
    throw new SignatureError(`the signature header has parameters the profile does not allow: ${extra.join(', ')}`, 'invalid_claim');
  if (header.alg !== 'PS256') throw new SignatureError('the signature algorithm must be PS256', 'invalid_claim');
  if (typeof header.kid !== 'string' || !header.kid) throw new SignatureError('the signature header has no kid', 'missing_claim');
  if (header.typ !== undefined && header.typ !== 'JOSE') throw new SignatureError('typ must be JOSE', 'invalid_claim');
  if (header.cty !== undefined && header.cty !== 'json' && header.cty !== 'application/json')
    throw new SignatureError('cty must be json or application/json', 'invalid_claim');
  const crit = header.crit;
  if (!Array.isArray(crit) || crit.length !== CRIT.length || !CRIT.every((c) => crit.includes(c)))
    throw new SignatureError(`crit must list exactly ${CRIT.join(', ')}`, 'invalid_claim');
  const iat = header[IAT];
  const nowSeconds = Math.floor((expect.now?.() ?? new Date()).getTime() / 1000);
  if (iat === undefined) throw new SignatureError(`${IAT} is missing`, 'missing_claim');
  if (typeof iat !== 'number' || !Number.isInteger(iat)) throw new SignatureError(`${IAT} must be a number of seconds`, 'invalid_claim');
  if (iat > nowSeconds + (expect.clockToleranceSeconds ?? 60)) throw new SignatureError(`${IAT} is in the future`, 'invalid_claim');
  if (header[ISS] === undefined) throw new SignatureError(`${ISS} is missing`, 'missing_claim');
  if (header[ISS] !== expect.issuer) throw new SignatureError(`${ISS} is not the expected signer`, 'invalid_claim');
  if (typeof header[TAN] !== 'string' || !expect.trustAnchors.includes(header[TAN]))
    throw new SignatureError(`${TAN} is not a trusted anchor`, 'invalid_claim');
}
