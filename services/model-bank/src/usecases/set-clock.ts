import { ERROR_CODES } from '@vrp/open-banking';
import { MAX_OFFSET_MS } from '@vrp/sandbox-clock';
import { clockKeyOf } from '../domain/consent.js';
import { invalid } from '../domain/errors.js';
import type { Deps } from '../deps.js';

/**
 * Moves a payee's sandbox clock (the back office): its consents and payments then run `offsetMs`
 * ahead of the wall clock (periods, validity, timestamps, automatic settlement). Monotonic: a
 * smaller offset than the one held leaves the clock where it is. Answers the offset held and the
 * payee's now.
 */
export async function setClock(
  deps: Deps,
  input: { creditorAccount: { SchemeName: string; Identification: string }; offsetMs: number },
): Promise<{ offsetMs: number; now: Date }> {
  if (!Number.isSafeInteger(input.offsetMs) || input.offsetMs < 0 || input.offsetMs > MAX_OFFSET_MS) {
    throw invalid(ERROR_CODES.invalidField, `must be a whole number of milliseconds from 0 to ${MAX_OFFSET_MS}`, 'OffsetMs');
  }
  const key = clockKeyOf(input.creditorAccount);
  const offsetMs = await deps.clocks.set(key, input.offsetMs);
  return { offsetMs, now: deps.clocks.now(key) };
}
