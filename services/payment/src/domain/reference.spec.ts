import { describe, expect, it } from 'vitest';
import { ApiError } from '@vrp/errors';
import { endToEndId, paymentReference } from './reference.js';

const ID = 'PM01JD5W2K3Q9ZXG7T4HBN8C6VRA';

describe('paymentReference', () => {
  it('keeps a merchant reference of letters, digits, spaces and hyphens up to 18 characters', () => {
    expect(paymentReference('INV-2026 0042', ID)).toBe('INV-2026 0042');
    expect(paymentReference('A'.repeat(18), ID)).toBe('A'.repeat(18));
  });

  it('generates one from the id random part when absent', () => {
    expect(paymentReference(undefined, ID)).toBe('PM9ZXG7T4HBN8C6VRA');
    expect(paymentReference('', ID)).toMatch(/^PM[0-9A-Z]{16}$/);
  });

  it.each(['A'.repeat(19), 'INV_1', 'INV/1', 'caf\u00e9', ' INV', 'INV '])('refuses %j as validation_error on reference', (bad) => {
    expect(() => paymentReference(bad, ID)).toThrow(ApiError);
    try {
      paymentReference(bad, ID);
    } catch (err) {
      expect((err as ApiError).code).toBe('validation_error');
      expect((err as ApiError).param).toBe('reference');
    }
  });

  it('uses the payment id as end-to-end identification', () => {
    expect(endToEndId(ID)).toBe(ID);
  });
});
