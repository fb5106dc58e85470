import { describe, expect, it } from 'vitest';
import { parseSignatureHeader, WebhookVerificationError } from './index.js';

const A = 'a'.repeat(64);
const B = 'b'.repeat(64);

function reasonOf(header: string): string {
  try {
    parseSignatureHeader(header);
  } catch (err) {
    expect(err).toBeInstanceOf(WebhookVerificationError);
    return (err as WebhookVerificationError).reason;
  }
  return 'parsed';
}

describe('parseSignatureHeader', () => {
  it('reads the timestamp and every v1 in order', () => {
    expect(parseSignatureHeader(`t=1700000000,v1=${A},v1=${B}`)).toEqual({ timestamp: 1700000000, signatures: [A, B] });
  });

  it('ignores unknown schemes such as v0, in any position, and tolerates spaces', () => {
    expect(parseSignatureHeader(`v0=zzz, t=5 , v1=${A},v2=${B}`)).toEqual({ timestamp: 5, signatures: [A] });
  });

  it('lowercases hex so it compares with the lowercase signature', () => {
    expect(parseSignatureHeader(`t=5,v1=${A.toUpperCase()}`).signatures).toEqual([A]);
  });

  it.each([
    ['empty', ''],
    ['garbage', 'hello'],
    ['missing t', `v1=${A}`],
    ['empty t', `t=,v1=${A}`],
    ['non-integer t', `t=1700000000.5,v1=${A}`],
    ['negative t', `t=-5,v1=${A}`],
    ['t in exponent form', `t=1e9,v1=${A}`],
    ['t not a number', `t=abc,v1=${A}`],
    ['repeated t', `t=1,t=2,v1=${A}`],
    ['no v1', 't=1700000000'],
    ['only v0', 't=1700000000,v0=abc'],
    ['non-hex v1', 't=1700000000,v1=xyz'],
    ['empty v1', 't=1700000000,v1='],
    ['a part without =', `t=1700000000,v1=${A},junk`],
    ['a part with no key', `t=1700000000,=${A}`],
  ])('rejects %s as malformed_header', (_name, header) => {
    expect(reasonOf(header)).toBe('malformed_header');
  });
});
