import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { acceptTotp, newTotpSecret, totpStep, totpUri } from './totp.js';
import { newRecoveryCodes, normaliseRecoveryCode } from './recovery-codes.js';

// RFC 6238 appendix B: the SHA-1 seed "12345678901234567890" at 59 s gives 94287082 (8 digits), so 287082 with 6.
const RFC_SECRET = new Secret({ buffer: new TextEncoder().encode('12345678901234567890').buffer }).base32;

describe('TOTP', () => {
  it('accepts the RFC 6238 test vector and a code one step either side, not two', () => {
    const at = new Date(59_000);
    expect(acceptTotp(RFC_SECRET, '287082', at, null)).toBe(1);
    expect(acceptTotp(RFC_SECRET, '287 082', at, null)).toBe(1);
    const code = (ms: number) => new TOTP({ secret: Secret.fromBase32(RFC_SECRET) }).generate({ timestamp: ms });
    const now = new Date(1_800_000_000_000);
    expect(acceptTotp(RFC_SECRET, code(now.getTime() - 30_000), now, null)).toBe(totpStep(now) - 1);
    expect(acceptTotp(RFC_SECRET, code(now.getTime() + 30_000), now, null)).toBe(totpStep(now) + 1);
    expect(acceptTotp(RFC_SECRET, code(now.getTime() - 90_000), now, null)).toBeNull();
    expect(acceptTotp(RFC_SECRET, 'abcdef', now, null)).toBeNull();
  });

  it('takes a code once: not again, nor an older one, after a step was used', () => {
    const secret = newTotpSecret();
    const now = new Date();
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: now.getTime() });
    const step = acceptTotp(secret, code, now, null)!;
    expect(step).toBe(totpStep(now));
    expect(acceptTotp(secret, code, now, step)).toBeNull();
  });

  it('gives an otpauth URI apps scan', () => {
    expect(totpUri('JBSWY3DPEHPK3PXP', 'ann@shop.example', 'VRP Console')).toMatch(
      /^otpauth:\/\/totp\/VRP%20Console:ann%40shop\.example\?issuer=VRP%20Console&secret=JBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30$/,
    );
  });
});

describe('recovery codes', () => {
  it('are ten distinct codes read back whatever the case or dashes', () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
    expect(normaliseRecoveryCode('k7qx 9mpa-3rtv')).toBe('K7QX9MPA3RTV');
  });
});
