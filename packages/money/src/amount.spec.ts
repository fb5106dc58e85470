import { describe, expect, it } from 'vitest';
import { formatAmount, minorInDigits, oneMajorUnit, parseAmount } from './index.js';

const minor = (value: unknown, ccy = 'GBP') => {
  const r = parseAmount(value, ccy);
  return r.ok ? r.minor : r.problem;
};

describe('parseAmount', () => {
  it('accepts fewer digits than the currency has', () => {
    expect(minor('10')).toBe(1000n);
    expect(minor('10.5')).toBe(1050n);
    expect(minor('10.05')).toBe(1005n);
    expect(minor('0.01')).toBe(1n);
    expect(minor('1000', 'JPY')).toBe(1000n);
    expect(minor('1.234', 'KWD')).toBe(1234n);
  });

  it('rejects numbers, signs, exponents, zero and extra digits', () => {
    expect(minor(10)).toBe('not_a_string');
    expect(minor('-1.00')).toBe('malformed');
    expect(minor('+1.00')).toBe('malformed');
    expect(minor('1e3')).toBe('malformed');
    expect(minor('01.00')).toBe('malformed');
    expect(minor('1.')).toBe('malformed');
    expect(minor('.5')).toBe('malformed');
    expect(minor(' 1')).toBe('malformed');
    expect(minor('0')).toBe('not_positive');
    expect(minor('0.00')).toBe('not_positive');
    expect(minor('1.001')).toBe('too_many_decimals');
    expect(minor('1.5', 'JPY')).toBe('too_many_decimals');
    expect(minor('1', 'XXX')).toBe('unknown_currency');
    expect(minor('99999999999999999999')).toBe('too_large');
  });

  it('is exact where floats are not', () => {
    expect(minor('0.29')).toBe(29n);
    expect(minor('1.13')).toBe(113n);
    expect(minor('9007199254740.99')).toBe(900719925474099n);
  });
});

describe('formatAmount', () => {
  it('prints exactly the currency digits', () => {
    expect(formatAmount(1000n, 'GBP')).toBe('10.00');
    expect(formatAmount(5n, 'EUR')).toBe('0.05');
    expect(formatAmount(1000n, 'JPY')).toBe('1000');
    expect(formatAmount(1234n, 'KWD')).toBe('1.234');
  });

  it('round-trips with parseAmount', () => {
    for (const text of ['0.01', '10.00', '123456.78']) expect(formatAmount(minor(text) as bigint, 'GBP')).toBe(text);
  });

  it('knows the partial refund minimum', () => {
    expect(oneMajorUnit('GBP')).toBe(100n);
    expect(oneMajorUnit('JPY')).toBe(1n);
  });
});

describe('minorInDigits', () => {
  it('scales like parseAmount for every currency with those digits', () => {
    for (const [text, currency, digits] of [
      ['1.00', 'GBP', 2],
      ['1000', 'JPY', 0],
      ['1.234', 'KWD', 3],
      ['0.5', 'OMR', 3],
    ] as const) {
      expect(minorInDigits(text, digits)).toBe(minor(text, currency));
    }
  });

  it('is null where parseAmount refuses', () => {
    expect(minorInDigits('1.5', 0)).toBeNull();
    expect(minorInDigits('1.2345', 3)).toBeNull();
    expect(minorInDigits('0.00', 2)).toBeNull();
    expect(minorInDigits('-1', 2)).toBeNull();
    expect(minorInDigits('10000000000000.01', 2)).toBeNull();
  });
});
