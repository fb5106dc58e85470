import { timingSafeEqual } from 'node:crypto';

/**
 * True when some candidate equals some expected value, compared in constant time.
 * Every pair is compared (no early return on a match), and a length mismatch still costs one
 * comparison of equal-length buffers, so timing reveals neither which secret nor which
 * signature matched. timingSafeEqual itself throws RangeError on unequal lengths; that is
 * never reached here.
 */
export function anyEqualConstantTime(candidates: readonly string[], expected: readonly string[]): boolean {
  let matched = false;
  for (const e of expected) {
    const expectedBuf = Buffer.from(e, 'utf8');
    for (const c of candidates) {
      const candidateBuf = Buffer.from(c, 'utf8');
      const sameLength = candidateBuf.length === expectedBuf.length;
      const equal = timingSafeEqual(sameLength ? candidateBuf : expectedBuf, expectedBuf) && sameLength;
      matched = equal || matched;
    }
  }
  return matched;
}
