import { createHmac, timingSafeEqual } from 'node:crypto';
import { ApiError } from '@vrp/errors';

/** The sort key of the record a page boundary sits on. */
export interface KeysetPoint {
  /** created_at as protobuf seconds (decimal string) and nanos, so no precision is lost. */
  seconds: string;
  nanos: number;
  /** Amount in minor units (decimal string; 0 for lists without amounts). */
  amountMinor: string;
  id: string;
}

/** What a cursor remembers about the walk it belongs to. */
export interface CursorState {
  order: string;
  /** Hash of the list's filters; the cursor is only valid with the same filters. */
  filters: string;
  point: KeysetPoint;
  /** True for previous_cursor: read the page before `point`. */
  backward: boolean;
}

interface Payload {
  v: 1;
  o: string;
  f: string;
  p: [string, number, string, string];
  b: 0 | 1;
  e: number;
}

const invalid = (why: string) => new ApiError('invalid_cursor', `The cursor is not valid for this request: ${why}.`, { param: 'cursor' });

/**
 * Signs and verifies list cursors: base64url(JSON) + "." + base64url(HMAC-SHA256). A cursor
 * carries the order, a hash of the filters, the boundary position, the direction and an expiry,
 * so a client can neither forge positions nor reuse a cursor with another query.
 */
export class CursorCodec {
  constructor(
    private readonly secret: string,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  encode(state: CursorState): string {
    const p = state.point;
    const payload: Payload = {
      v: 1,
      o: state.order,
      f: state.filters,
      p: [p.seconds, p.nanos, p.amountMinor, p.id],
      b: state.backward ? 1 : 0,
      e: this.now() + this.ttlMs,
    };
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${this.sign(body)}`;
  }

  /** The state of `cursor`, or 400 invalid_cursor when it is tampered, expired or from another query. */
  decode(cursor: string, expected: { order: string; filters: string }): CursorState {
    const [body, signature, extra] = cursor.split('.');
    if (!body || !signature || extra !== undefined) throw invalid('malformed');
    const wanted = Buffer.from(this.sign(body));
    const given = Buffer.from(signature);
    if (wanted.length !== given.length || !timingSafeEqual(wanted, given)) throw invalid('signature mismatch');
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Payload;
    if (payload.e < this.now()) throw invalid('it has expired');
    if (payload.o !== expected.order) throw invalid('it belongs to a different order');
    if (payload.f !== expected.filters) throw invalid('it belongs to another list or to different filters');
    const [seconds, nanos, amountMinor, id] = payload.p;
    return { order: payload.o, filters: payload.f, point: { seconds, nanos, amountMinor, id }, backward: payload.b === 1 };
  }

  private sign(body: string): string {
    return createHmac('sha256', this.secret).update(body).digest('base64url');
  }
}
