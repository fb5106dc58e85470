import { mandate } from '@vrp/contracts';
import { ApiError } from '@vrp/errors';
import { describe, expect, it } from 'vitest';
import { fetchMandateTerms, type MandateClient } from './mandate-terms.js';

const clientAnswering = (frequency: number) =>
  ({
    getMandate: async () => ({
      mandate: { status: mandate.MandateStatus.ACTIVE, currency: 'GBP', maximumAmountMinor: 100n, frequency },
    }),
  }) as unknown as MandateClient;

describe('fetchMandateTerms', () => {
  it('maps a known frequency', async () => {
    expect((await fetchMandateTerms(clientAnswering(mandate.Frequency.MONTHLY), 'M', 'MD')).frequency).toBe('monthly');
  });

  it('refuses an unrecognised frequency instead of treating it as adhoc', async () => {
    const err = await fetchMandateTerms(clientAnswering(999), 'M', 'MD').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('internal_error');
  });
});
