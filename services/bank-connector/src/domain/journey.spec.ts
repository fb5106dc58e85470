import { describe, expect, it } from 'vitest';
import { hasExpired, outcomeOf, returnUrl } from './journey.js';

describe('journey', () => {
  it('sends the customer back with the mandate request, the outcome and, on success only, the mandate', () => {
    const ids = { mandateRequestId: 'MQ1', mandateId: 'MD1' };
    expect(returnUrl('https://shop.example/done?x=1', 'success', ids)).toBe(
      'https://shop.example/done?x=1&mandate_request_id=MQ1&outcome=success&mandate_id=MD1',
    );
    expect(returnUrl('https://shop.example/done', 'declined', ids)).toBe(
      'https://shop.example/done?mandate_request_id=MQ1&outcome=declined',
    );
    expect(returnUrl('https://shop.example/done', 'expired', { mandateRequestId: null, mandateId: 'MD1' })).toBe(
      'https://shop.example/done?outcome=expired',
    );
    expect(returnUrl(null, 'success', ids)).toBe('');
  });

  it('reads a cancelled journey as expired and a failed one as an error', () => {
    expect(outcomeOf('cancelled')).toBe('expired');
    expect(outcomeOf('failed')).toBe('error');
    expect(outcomeOf('authorised')).toBe('success');
  });

  it('expires at the expiry instant', () => {
    const at = new Date('2026-12-01T10:00:00Z');
    expect(hasExpired(at, new Date('2026-12-01T09:59:59.999Z'))).toBe(false);
    expect(hasExpired(at, at)).toBe(true);
  });
});
