/**
 * The protobuf wire format written into one growing buffer. A length-delimited value reserves one
 * byte for its length, is written in place and moves right only when its length needs more than
 * that byte, so a nested message costs no buffer of its own (the library's writer forks a chunk
 * list for every nested message and joins it after).
 */
export class WireWriter {
  private buf = new Uint8Array(1024);
  private view = new DataView(this.buf.buffer);
  pos = 0;

  /** Starts a message; the buffer is reused, so only one message is written at a time. */
  reset(): void {
    this.pos = 0;
  }

  /** The bytes written, copied out; a buffer grown past 1 MiB for one large message is let go. */
  finish(): Uint8Array {
    const bytes = this.buf.slice(0, this.pos);
    if (this.buf.length > 1 << 20) {
      this.buf = new Uint8Array(1024);
      this.view = new DataView(this.buf.buffer);
    }
    return bytes;
  }

  private ensure(bytes: number): void {
    if (this.pos + bytes <= this.buf.length) return;
    const next = new Uint8Array(Math.max(this.buf.length * 2, this.pos + bytes));
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
    this.view = new DataView(next.buffer);
  }

  tag(fieldNo: number, wireType: number): void {
    this.uint32(((fieldNo << 3) | wireType) >>> 0);
  }

  uint32(value: number): void {
    this.ensure(5);
    const buf = this.buf;
    while (value > 0x7f) {
      buf[this.pos++] = (value & 0x7f) | 0x80;
      value >>>= 7;
    }
    buf[this.pos++] = value;
  }

  /** Negative int32s are written as ten-byte varints, as every protobuf runtime does. */
  int32(value: number): void {
    if (value >= 0) this.uint32(value);
    else this.varint64(value >>> 0, 0xffffffff);
  }

  varint64(lo: number, hi: number): void {
    this.ensure(10);
    const buf = this.buf;
    while (hi !== 0 || lo > 0x7f) {
      buf[this.pos++] = (lo & 0x7f) | 0x80;
      lo = ((lo >>> 7) | (hi << 25)) >>> 0;
      hi >>>= 7;
    }
    buf[this.pos++] = lo;
  }

  /** A 64-bit integer (two's complement for negatives) from a bigint already range-checked. */
  bigint64(value: bigint): void {
    if (value >= 0n && value <= 0x7fffffffn) {
      this.uint32(Number(value));
      return;
    }
    const u = BigInt.asUintN(64, value);
    this.varint64(Number(u & 0xffffffffn), Number(u >> 32n));
  }

  fixed32(value: number): void {
    this.ensure(4);
    this.view.setUint32(this.pos, value, true);
    this.pos += 4;
  }

  sfixed32(value: number): void {
    this.ensure(4);
    this.view.setInt32(this.pos, value, true);
    this.pos += 4;
  }

  fixed64(value: bigint): void {
    this.ensure(8);
    this.view.setBigUint64(this.pos, BigInt.asUintN(64, value), true);
    this.pos += 8;
  }

  float(value: number): void {
    this.ensure(4);
    this.view.setFloat32(this.pos, value, true);
    this.pos += 4;
  }

  double(value: number): void {
    this.ensure(8);
    this.view.setFloat64(this.pos, value, true);
    this.pos += 8;
  }

  /** Length-prefixed UTF-8; lone surrogates become U+FFFD, as TextEncoder makes them. */
  string(value: string): void {
    const n = value.length;
    this.ensure(n * 3 + 5);
    const start = this.begin();
    const buf = this.buf;
    let pos = this.pos;
    let i = 0;
    for (; i < n; i++) {
      const c = value.charCodeAt(i);
      if (c > 0x7f) break;
      buf[pos++] = c;
    }
    if (i < n) pos += encoder.encodeInto(value.slice(i), buf.subarray(pos)).written;
    this.pos = pos;
    this.end(start);
  }

  bytes(value: Uint8Array): void {
    this.uint32(value.byteLength);
    this.raw(value);
  }

  raw(value: Uint8Array): void {
    this.ensure(value.byteLength);
    this.buf.set(value, this.pos);
    this.pos += value.byteLength;
  }

  /** Reserves one byte for a length that `end` fills in; returns where the value starts. */
  begin(): number {
    this.ensure(1);
    this.pos += 1;
    return this.pos;
  }

  /** Writes the length of what was written since `begin`, moving it right if it needs more than a byte. */
  end(start: number): void {
    const length = this.pos - start;
    if (length < 0x80) {
      this.buf[start - 1] = length;
      return;
    }
    let extra = 0;
    for (let v = length >>> 7; v > 0; v >>>= 7) extra++;
    this.ensure(extra);
    this.buf.copyWithin(start + extra, start, this.pos);
    this.pos = start - 1;
    this.uint32(length);
    this.pos = start + extra + length;
  }
}

const encoder = new TextEncoder();
