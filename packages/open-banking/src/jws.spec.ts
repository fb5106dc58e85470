import { CompactSign, createLocalJWKSet, exportJWK, generateKeyPair } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { SIGNATURE_ERROR_CODES, SignatureError, signMessage, verifyMessage, type MessageSigner } from './jws.js';

let signer: MessageSigner;
let other: MessageSigner;
let keys: ReturnType<typeof createLocalJWKSet>;

beforeAll(async () => {
  const mine = await generateKeyPair('PS256', { extractable: true });
  const theirs = await generateKeyPair('PS256', { extractable: true });
  signer = { key: mine.privateKey, kid: 'tpp-1', issuer: 'org-1/ssa-1', trustAnchor: 'directory.example' };
  other = { key: theirs.privateKey, kid: 'tpp-1', issuer: 'org-1/ssa-1', trustAnchor: 'directory.example' };
  keys = createLocalJWKSet({ keys: [{ ...(await exportJWK(mine.publicKey)), kid: 'tpp-1', alg: 'PS256', use: 'sig' }] });
});

const expectations = () => ({ issuer: 'org-1/ssa-1', trustAnchors: ['directory.example'], key: keys });
const body = JSON.stringify({ Data: { ConsentId: 'C1', InstructedAmount: { Amount: '10.00', Currency: 'GBP' } } });

describe('detached message signatures', () => {
  it('signs a body as header..signature with the OB critical claims, and verifies it', async () => {
    const signature = await signMessage(body, signer);
    expect(signature).toMatch(/^[\w-]+\.\.[\w-]+$/);
    const header = JSON.parse(Buffer.from(signature.split('.')[0]!, 'base64url').toString('utf8')) as Record<string, unknown>;
    expect(header).toMatchObject({ alg: 'PS256', kid: 'tpp-1', 'http://openbanking.org.uk/iss': 'org-1/ssa-1' });
    expect(header.crit).toEqual(['http://openbanking.org.uk/iat', 'http://openbanking.org.uk/iss', 'http://openbanking.org.uk/tan']);
    await expect(verifyMessage(body, signature, expectations())).resolves.toEqual({ kid: 'tpp-1' });
  });

  it('refuses a body changed by one byte, another key, a missing signature and a foreign issuer or anchor', async () => {
    const signature = await signMessage(body, signer);
    await expect(verifyMessage(body.replace('10.00', '10.01'), signature, expectations())).rejects.toThrow(SignatureError);
    await expect(verifyMessage(body, await signMessage(body, other), expectations())).rejects.toThrow(/does not verify/);
    await expect(verifyMessage(body, undefined, expectations())).rejects.toThrow(/missing/);
    await expect(verifyMessage(body, signature, { ...expectations(), issuer: 'org-2/ssa-9' })).rejects.toThrow(/expected signer/);
    await expect(verifyMessage(body, signature, { ...expectations(), trustAnchors: ['elsewhere.example'] })).rejects.toThrow(
      /trusted anchor/,
    );
  });

  it('tells the kinds of refusal apart with the error code the profile gives each', async () => {
    const signature = await signMessage(body, signer);
    const problem = (p: Promise<unknown>) =>
      p.then(
        () => 'verified',
        (err: SignatureError) => `${err.problem} ${SIGNATURE_ERROR_CODES[err.problem]}`,
      );
    expect(await problem(verifyMessage(body, undefined, expectations()))).toBe('missing U019');
    expect(await problem(verifyMessage(body, 'not-a-jws', expectations()))).toBe('malformed U018');
    expect(await problem(verifyMessage(`${body} `, signature, expectations()))).toBe('invalid U015');
    expect(await problem(verifyMessage(body, signature, { ...expectations(), issuer: 'someone-else' }))).toBe('invalid_claim U016');
    const OB = 'http://openbanking.org.uk';
    const noKid = await new CompactSign(new TextEncoder().encode(body))
      .setProtectedHeader({
        alg: 'PS256',
        [`${OB}/iat`]: 1,
        [`${OB}/iss`]: 'org-1/ssa-1',
        [`${OB}/tan`]: 'directory.example',
        crit: [`${OB}/iat`, `${OB}/iss`, `${OB}/tan`],
      })
      .sign(signer.key, { crit: { [`${OB}/iat`]: true, [`${OB}/iss`]: true, [`${OB}/tan`]: true } });
    const [h, , s] = noKid.split('.');
    expect(await problem(verifyMessage(body, `${h}..${s}`, expectations()))).toBe('missing_claim U017');
  });

  it('refuses an attached JWS and a signature dated in the future', async () => {
    const signature = await signMessage(body, signer);
    const [h, , s] = signature.split('.');
    await expect(verifyMessage(body, `${h}.${Buffer.from(body).toString('base64url')}.${s}`, expectations())).rejects.toThrow(/detached/);
    const future = await signMessage(body, signer, new Date(Date.now() + 3_600_000));
    await expect(verifyMessage(body, future, expectations())).rejects.toThrow(/future/);
  });
});
