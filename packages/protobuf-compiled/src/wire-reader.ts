/**
 * Reading the protobuf wire format for the compiled decoders. Anything it does not expect (a
 * read past the end, a varint longer than ten bytes) throws `Unexpected`, and the decoder hands
 * the whole message to the library's reader, which decides what it is.
 */
export class Unexpected extends Error {
  constructor(what: string) {
    super(what);
  }
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const lenientUtf8 = new TextDecoder();

export class WireReader {
  pos = 0;
  private readonly view: DataView;
  /** The two halves of the last varint64 read. */
  lo = 0;
  hi = 0;

  constructor(readonly buf: Uint8Array) {
    this.view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  }

  /** Reads a varint of up to ten bytes into `lo` and `hi`. */
  varint(): void {
    const buf = this.buf;
    let lo = 0;
    let hi = 0;
    let shift = 0;
    let b: number;
    do {
      if (this.pos >= buf.length) throw new Unexpected('varint past the end');
      b = buf[this.pos++]!;
      if (shift < 28) lo |= (b & 0x7f) << shift;
      else if (shift === 28) {
        lo |= (b & 0x0f) << 28;
        hi = (b & 0x7f) >> 4;
      } else if (shift < 63) hi |= (b & 0x7f) << (shift - 32);
      else if (shift === 63) hi |= (b & 0x01) << 31;
      else throw new Unexpected('varint longer than ten bytes');
      shift += 7;
    } while (b & 0x80);
    this.lo = lo >>> 0;
    this.hi = hi >>> 0;
  }

  uint32(): number {
    const buf = this.buf;
    const b = buf[this.pos];
    if (b !== undefined && b < 0x80) {
      this.pos++;
      return b;
    }
    this.varint();
    return this.lo;
  }

  int32(): number {
    return this.uint32() | 0;
  }

  int64(): bigint {
    this.varint();
    if (this.hi === 0) return BigInt(this.lo);
    return BigInt.asIntN(64, (BigInt(this.hi) << 32n) | BigInt(this.lo));
  }

  uint64(): bigint {
    this.varint();
    if (this.hi === 0) return BigInt(this.lo);
    return (BigInt(this.hi) << 32n) | BigInt(this.lo);
  }

  bool(): boolean {
    this.varint();
    return this.lo !== 0 || this.hi !== 0;
  }

  double(): number {
    if (this.pos + 8 > this.buf.length) throw new Unexpected('double past the end');
    const value = this.view.getFloat64(this.pos, true);
    this.pos += 8;
    return value;
  }

  /** The end of a length-delimited value that starts here. */
  delimited(): number {
    const length = this.uint32();
    const end = this.pos + length;
    if (end > this.buf.length) throw new Unexpected('length past the end');
    return end;
  }

  bytes(): Uint8Array {
    const end = this.delimited();
    const value = this.buf.subarray(this.pos, end);
    this.pos = end;
    return value;
  }

  /** UTF-8 text; `strict` refuses invalid UTF-8 as the library does for proto3 strings. */
  string(strict: boolean): string {
    const end = this.delimited();
    const buf = this.buf;
    let pos = this.pos;
    if (end - pos <= 16) {
      let text = '';
      for (; pos < end; pos++) {
        const c = buf[pos]!;
        if (c > 0x7f) break;
        text += String.fromCharCode(c);
      }
      if (pos === end) {
        this.pos = end;
        return text;
      }
      pos = this.pos;
    }
    const text = (strict ? strictUtf8 : lenientUtf8).decode(buf.subarray(pos, end));
    this.pos = end;
    return text;
  }
}
