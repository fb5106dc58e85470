import { describe, expect, it } from 'vitest';
import { computeSignature, parseSignatureHeader, signatureHeader } from './index.js';

describe('signatureHeader', () => {
  it('writes t= then one v1= per secret, in order', () => {
    const header = signatureHeader({ secrets: ['whsec_new', 'whsec_old'], timestamp: 1700000000, body: '{}' });
    expect(header).toBe(
      `t=1700000000,v1=${computeSignature('whsec_new', 1700000000, '{}')},v1=${computeSignature('whsec_old', 1700000000, '{}')}`,
    );
  });

  it('round-trips through parseSignatureHeader', () => {
    const header = signatureHeader({ secrets: ['whsec_a'], timestamp: 42, body: 'x' });
    expect(parseSignatureHeader(header)).toEqual({ timestamp: 42, signatures: [computeSignature('whsec_a', 42, 'x')] });
  });

  it('throws when there is no secret to sign with', () => {
    expect(() => signatureHeader({ secrets: [], timestamp: 1, body: '{}' })).toThrow(TypeError);
    expect(() => signatureHeader({ secrets: [''], timestamp: 1, body: '{}' })).toThrow(TypeError);
  });
});
