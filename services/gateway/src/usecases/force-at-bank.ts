import { ApiError, isApiError } from '@vrp/errors';

/** How long the sandbox simulators wait for the bank to receive what they force, step by step. */
const WAITS_MS = [10, 20, 50, 100, 200, 400, 800];

/**
 * Forces an outcome at the (simulated) bank for a payment or refund the caller has already found
 * for the merchant. Both reach the bank in the background after their create answered, so a
 * simulator called right after the create can be ahead of them: the bank's not_found then means
 * "not handed over yet", and the force is tried again for up to about 1.6 s. Still unknown after
 * that, the answer is service_unavailable (try again), not a 404 for a resource that exists.
 */
export async function forceAtBank(what: string, force: () => Promise<unknown>): Promise<void> {
  for (const wait of [...WAITS_MS, undefined]) {
    try {
      await force();
      return;
    } catch (err) {
      if (!isApiError(err) || err.code !== 'not_found') throw err;
      if (wait === undefined) {
        throw new ApiError('service_unavailable', `The ${what} has not reached the bank yet; try again shortly.`, { retryAfter: 1 });
      }
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}
