import { describe, expect, it } from 'vitest';
import { CursorCodec, type CursorState } from './cursor.js';

const state: CursorState = {
  order: '-created_at',
  filters: 'abc',
  point: { seconds: '1700000000', nanos: 5_000_000, amountMinor: '100', id: 'MD1' },
  backward: false,
};
const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return (err as { code?: string }).code;
  }
  return 'no error';
};

describe('CursorCodec', () => {
  it('round-trips a signed state', () => {
    const codec = new CursorCodec('s3cret', 60_000);
    expect(codec.decode(codec.encode(state), { order: '-created_at', filters: 'abc' })).toEqual(state);
  });

  it('refuses tampered, foreign-secret, expired and cross-query cursors', () => {
    let now = 0;
    const codec = new CursorCodec('s3cret', 1000, () => now);
    const cursor = codec.encode(state);
    const expected = { order: '-created_at', filters: 'abc' };
    const [body, sig] = cursor.split('.') as [string, string];
    const forged = Buffer.from(Buffer.from(body, 'base64url').toString().replace('MD1', 'MD2')).toString('base64url');
    expect(code(() => codec.decode(`${forged}.${sig}`, expected))).toBe('invalid_cursor');
    expect(code(() => new CursorCodec('other', 1000, () => now).decode(cursor, expected))).toBe('invalid_cursor');
    expect(code(() => codec.decode('garbage', expected))).toBe('invalid_cursor');
    expect(code(() => codec.decode(cursor, { order: 'created_at', filters: 'abc' }))).toBe('invalid_cursor');
    expect(code(() => codec.decode(cursor, { order: '-created_at', filters: 'xyz' }))).toBe('invalid_cursor');
    now = 2000;
    expect(code(() => codec.decode(cursor, expected))).toBe('invalid_cursor');
  });
});
