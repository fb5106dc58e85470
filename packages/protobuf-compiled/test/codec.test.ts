import { describe, expect, it } from 'vitest';
import { create, fromBinary, ScalarType, toBinary, type DescField, type DescMessage } from '@bufbuild/protobuf';
import { FieldDescriptorProtoSchema, ListValueSchema, StructSchema, TimestampSchema, ValueSchema } from '@bufbuild/protobuf/wkt';
import * as contracts from '@vrp/contracts';
import { codecFallbacks, codecOf } from '../src/index.js';

/** Every message type of the contracts, nested ones and the well-known types they use included. */
function everyMessageType(): DescMessage[] {
  const seen = new Map<string, DescMessage>();
  const visit = (m: DescMessage): void => {
    if (seen.has(m.typeName)) return;
    seen.set(m.typeName, m);
    for (const f of m.fields) if (f.message) visit(f.message);
    for (const n of m.nestedMessages) visit(n);
  };
  for (const ns of Object.values(contracts)) {
    if (typeof ns !== 'object' || ns === null) continue;
    for (const v of Object.values(ns as Record<string, unknown>)) {
      const d = v as { kind?: string; messages?: DescMessage[] };
      if (d?.kind === 'message') visit(v as DescMessage);
      if (d?.kind === 'file') d.messages?.forEach(visit);
    }
  }
  [StructSchema, ValueSchema, ListValueSchema, TimestampSchema].forEach(visit);
  return [...seen.values()];
}

/** mulberry32: the same inputs on every run for a seed. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Gen {
  constructor(readonly rnd: () => number) {}
  int(n: number): number {
    return Math.floor(this.rnd() * n);
  }
  pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)]!;
  }
  string(): string {
    return this.pick([
      () => '',
      () => 'PM01J' + this.int(1e9).toString(36),
      () => 'x'.repeat(this.int(300)),
      () => 'zł ünïcødé ✓ 🙂'.repeat(1 + this.int(8)),
      () => '\ud800 lone surrogate',
      () => String.fromCharCode(...Array.from({ length: this.int(90) }, () => this.int(0x80))),
      () => '\ufeffbom',
    ])();
  }
  scalar(type: ScalarType): unknown {
    switch (type) {
      case ScalarType.STRING:
        return this.string();
      case ScalarType.BOOL:
        return this.rnd() < 0.5;
      case ScalarType.DOUBLE:
        return this.pick([0, -0, 1.5, -2.25, 1e308, -1e-300, NaN, Infinity, 42, this.rnd() * 1e6]);
      case ScalarType.INT32:
        return this.pick([0, 1, -1, 127, 128, 2147483647, -2147483648, this.int(1e6), -this.int(1e6)]);
      case ScalarType.UINT32:
        return this.pick([0, 1, 127, 128, 16384, 4294967295, this.int(1e9)]);
      case ScalarType.INT64:
        return this.pick([0n, 1n, -1n, 127n, 128n, 2n ** 31n, 2n ** 32n, 2n ** 63n - 1n, -(2n ** 63n), BigInt(this.int(1e9)) * 1000n]);
      case ScalarType.UINT64:
        return this.pick([0n, 1n, 128n, 2n ** 32n, 2n ** 64n - 1n, BigInt(this.int(1e9))]);
      case ScalarType.BYTES:
        return new Uint8Array(Array.from({ length: this.int(200) }, () => this.int(256)));
      default:
        return 0;
    }
  }
  json(depth: number): unknown {
    const kinds = depth > 2 ? 4 : 6;
    switch (this.int(kinds)) {
      case 0:
        return null;
      case 1:
        return this.pick([0, -0, 1.5, 1e21, -3]);
      case 2:
        return this.string();
      case 3:
        return this.rnd() < 0.5;
      case 4:
        return Array.from({ length: this.int(4) }, () => this.json(depth + 1));
      default:
        return this.object(depth + 1);
    }
  }
  object(depth: number): Record<string, unknown> {
    const o: Record<string, unknown> = {};
    for (let i = this.int(5); i > 0; i--) o[this.pick(['plan', 'ref', '', 'ünï', '10', '2', 'a b'])] = this.json(depth);
    return o;
  }
  fieldValue(f: DescField, depth: number): unknown {
    switch (f.fieldKind) {
      case 'scalar':
        return this.scalar(f.scalar);
      case 'enum':
        return this.rnd() < 0.9 ? this.pick(f.enum.values).number : this.pick([99, -1]);
      case 'message':
        return this.message(f.message, depth + 1, f);
      case 'list':
        return Array.from({ length: this.int(4) }, () =>
          f.listKind === 'message'
            ? this.message(f.message, depth + 1)
            : f.listKind === 'enum'
              ? this.pick(f.enum.values).number
              : this.scalar(f.scalar),
        );
      case 'map': {
        const m: Record<string, unknown> = {};
        for (let i = this.int(4); i > 0; i--) {
          m[this.string()] =
            f.mapKind === 'message'
              ? this.message(f.message, depth + 1)
              : f.mapKind === 'enum'
                ? this.pick(f.enum.values).number
                : this.scalar(f.scalar);
        }
        return m;
      }
    }
  }
  /** A random init object for `desc` (a JsonObject where the library represents a Struct field so). */
  message(desc: DescMessage, depth: number, field?: DescField): unknown {
    if (field && desc.typeName === 'google.protobuf.Struct' && field.parent.typeName !== 'google.protobuf.Value') return this.object(0);
    const init: Record<string, unknown> = {};
    if (depth > 4) return init;
    for (const member of desc.members) {
      if (this.rnd() < 0.25) continue;
      if (member.kind === 'oneof') {
        const f = this.pick(member.fields);
        init[member.localName] = { case: f.localName, value: this.fieldValue(f, depth) };
      } else {
        init[member.localName] = this.fieldValue(member, depth);
      }
    }
    return init;
  }
}

const types = everyMessageType();

describe('the compiled codec', () => {
  it('compiles every message type of the contracts (none is left to the library)', () => {
    expect(types.length).toBeGreaterThan(100);
    expect(types.filter((t) => !codecOf(t).compiled).map((t) => t.typeName)).toEqual([]);
  });

  it('encodes random messages of every type byte for byte as toBinary, and decodes them as fromBinary', () => {
    const gen = new Gen(random(20261127));
    let checked = 0;
    for (const type of types) {
      const codec = codecOf(type);
      for (let i = 0; i < 60; i++) {
        const message = create(type, gen.message(type, 0) as never);
        const expected = toBinary(type, message);
        expect(Buffer.from(codec.encode(message)).toString('hex'), type.typeName).toBe(Buffer.from(expected).toString('hex'));
        expect(codec.decode(expected), type.typeName).toStrictEqual(fromBinary(type, expected));
        checked++;
      }
    }
    expect(checked).toBe(types.length * 60);
  });

  it('encodes an init object as toBinary encodes the message create makes of it', () => {
    const gen = new Gen(random(7));
    for (const type of types) {
      for (let i = 0; i < 10; i++) {
        const init = gen.message(type, 0) as never;
        expect(Buffer.from(codecOf(type).encode(init)).equals(Buffer.from(toBinary(type, create(type, init)))), type.typeName).toBe(true);
      }
    }
  });

  it('decodes damaged bytes as fromBinary does: the same message, or an error where it throws one', () => {
    const gen = new Gen(random(99));
    let throwsAlike = 0;
    for (const type of types) {
      for (let i = 0; i < 20; i++) {
        const bytes = Uint8Array.from(toBinary(type, create(type, gen.message(type, 0) as never)));
        const damaged = gen.pick([
          () => bytes.subarray(0, gen.int(bytes.length + 1)),
          () => (bytes.length ? ((bytes[gen.int(bytes.length)] = gen.int(256)), bytes) : bytes),
          // an unknown field (number 1000, varint), which the library keeps in $unknown
          () => Uint8Array.from([...bytes, 0xc0, 0x3e, 0x05]),
          () => Uint8Array.from([...bytes, ...bytes]),
        ])();
        let expected: unknown;
        try {
          expected = fromBinary(type, damaged);
        } catch {
          expect(() => codecOf(type).decode(damaged), type.typeName).toThrow();
          throwsAlike++;
          continue;
        }
        expect(codecOf(type).decode(damaged), type.typeName).toStrictEqual(expected);
      }
    }
    expect(throwsAlike).toBeGreaterThan(0);
  });

  it('decodes a message written twice in one buffer as fromBinary merges it (fields again, lists appended, messages merged)', () => {
    const gen = new Gen(random(11));
    for (const type of types) {
      for (let i = 0; i < 10; i++) {
        const bytes = toBinary(type, create(type, gen.message(type, 0) as never));
        const twice = Uint8Array.from([...bytes, ...toBinary(type, create(type, gen.message(type, 0) as never))]);
        expect(codecOf(type).decode(twice), type.typeName).toStrictEqual(fromBinary(type, twice));
      }
    }
  });

  it('merges a metadata value whose object arrives in two parts, as fromBinary does', () => {
    const part = (key: string) =>
      toBinary(
        ValueSchema,
        create(ValueSchema, { kind: { case: 'structValue', value: { fields: { [key]: { kind: { case: 'numberValue', value: 1 } } } } } }),
      );
    const value = [...part('a'), ...part('b')];
    const entry = [0x0a, 1, 'x'.charCodeAt(0), 0x12, value.length, ...value];
    const struct = [0x0a, entry.length, ...entry];
    const bytes = Uint8Array.from([0x62, struct.length, ...struct]); // Payment.metadata, field 12
    const expected = fromBinary(contracts.payment.PaymentSchema, bytes);
    expect(expected.metadata).toEqual({ x: { a: 1, b: 1 } });
    expect(codecOf(contracts.payment.PaymentSchema).decode(bytes)).toStrictEqual(expected);
  });

  it('encodes a message of several megabytes, and small ones after it, as toBinary does', () => {
    const schema = contracts.payment.PaymentSchema;
    for (const id of ['PM' + 'x'.repeat(3 << 20), 'PM1', 'PM' + 'ü'.repeat(1 << 20), 'PM2']) {
      const message = create(schema, { id, metadata: { n: id.length } });
      expect(Buffer.from(codecOf(schema).encode(message)).equals(Buffer.from(toBinary(schema, message)))).toBe(true);
    }
  });

  it('hands a message of a type using an unsupported feature (proto2) to the library, and counts it', () => {
    const codec = codecOf(FieldDescriptorProtoSchema);
    expect(codec.compiled).toBe(false);
    const message = create(FieldDescriptorProtoSchema, { name: 'amount_minor', number: 3 });
    const before = codecFallbacks();
    const bytes = codec.encode(message);
    expect(Buffer.from(bytes).equals(Buffer.from(toBinary(FieldDescriptorProtoSchema, message)))).toBe(true);
    expect(codec.decode(bytes)).toStrictEqual(fromBinary(FieldDescriptorProtoSchema, bytes));
    expect(codecFallbacks()).toEqual({ encode: before.encode + 1, decode: before.decode + 1 });
  });

  it('decodes a map entry without its key or value as fromBinary does (the zero of each)', () => {
    // google.protobuf.Struct (map<string, Value> fields = 1): one entry with only its key "x", one with nothing.
    const bytes = Uint8Array.from([0x0a, 0x03, 0x0a, 0x01, 'x'.charCodeAt(0), 0x0a, 0x00]);
    const expected = fromBinary(StructSchema, bytes);
    expect(Object.keys(expected.fields)).toEqual(['x', '']);
    expect(codecOf(StructSchema).decode(bytes)).toStrictEqual(expected);
  });

  it('leaves a value of the wrong type to the library: what it accepts encodes the same, what it refuses throws', () => {
    const codec = codecOf(contracts.payment.PaymentSchema);
    // The library takes an int64 as a decimal string or a number too.
    const loose = { id: 'PM1', amountMinor: '1250', amountRefundedMinor: 3 } as never;
    expect(
      Buffer.from(codec.encode(loose)).equals(
        Buffer.from(toBinary(contracts.payment.PaymentSchema, create(contracts.payment.PaymentSchema, loose))),
      ),
    ).toBe(true);
    expect(() => codec.encode({ id: 'PM1', retryCount: 1.5 } as never)).toThrow(/int32/);
  });

  it('writes a payment page the size of a list answer, nested lengths over a byte included', () => {
    const gen = new Gen(random(3));
    const page = create(contracts.payment.ListPaymentsResponseSchema, {
      payments: Array.from({ length: 100 }, () => gen.message(contracts.payment.PaymentSchema, 0) as never),
    });
    const expected = toBinary(contracts.payment.ListPaymentsResponseSchema, page);
    expect(expected.length).toBeGreaterThan(20_000);
    expect(Buffer.from(codecOf(contracts.payment.ListPaymentsResponseSchema).encode(page)).equals(Buffer.from(expected))).toBe(true);
    expect(codecOf(contracts.payment.ListPaymentsResponseSchema).decode(expected)).toStrictEqual(
      fromBinary(contracts.payment.ListPaymentsResponseSchema, expected),
    );
  });
});
