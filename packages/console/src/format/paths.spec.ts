import { describe, expect, it } from 'vitest';
import { absoluteUrl, objectPathOf } from './paths.js';

describe('paths', () => {
  it('links an event to the page of its object', () => {
    expect(objectPathOf('mandate.activated', 'MD01')).toBe('/mandates/MD01');
    expect(objectPathOf('payment.refunded', 'PM01')).toBe('/payments/PM01');
    expect(objectPathOf('refund.settled', 'RF01')).toBe('/refunds/RF01');
    expect(objectPathOf('customer.created', 'CU01')).toBeUndefined();
    expect(objectPathOf('payment.settled', 'a/b')).toBe('/payments/a%2Fb');
  });

  it('makes an invitation link absolute, and leaves an absolute one alone', () => {
    expect(absoluteUrl('/console/accept-invite#token=abc', 'http://127.0.0.1:8080')).toBe(
      'http://127.0.0.1:8080/console/accept-invite#token=abc',
    );
    expect(absoluteUrl('https://console.example/console/accept-invite#token=abc', 'http://127.0.0.1:8080')).toBe(
      'https://console.example/console/accept-invite#token=abc',
    );
  });
});
