// What the compiled codec knows of descriptors, shared by its encoder and decoder.
import { ScalarType } from '@bufbuild/protobuf';

/** A message shape the compiled codec leaves to the library (proto2 defaults, groups, floats...). */
export class Unsupported extends Error {}

export const STRUCT = 'google.protobuf.Struct';
const VALUE = 'google.protobuf.Value';

export const WIRE = { varint: 0, bit64: 1, delimited: 2, bit32: 5 } as const;

/** A Struct field outside google.protobuf.Value is a JsonObject in the message, not a Struct message. */
export function isJsonStructField(field: { message?: { typeName: string } | undefined; parent: { typeName: string } }): boolean {
  return field.message?.typeName === STRUCT && field.parent.typeName !== VALUE;
}

/** A field's presence: implicit ones are written unless zero, and start at zero when read. */
export const IMPLICIT = 2;

/** Proto3 files only: their messages have no default values and no prototype chain. */
export const EDITION_PROTO3 = 999;

/** The wire type a scalar (or enum, as int32) is written with. */
export function wireTypeOf(scalar: ScalarType): number {
  switch (scalar) {
    case ScalarType.STRING:
    case ScalarType.BYTES:
      return WIRE.delimited;
    case ScalarType.DOUBLE:
      return WIRE.bit64;
    default:
      return WIRE.varint;
  }
}

const WRAPPERS = new Set(
  ['Double', 'Float', 'Int64', 'UInt64', 'Int32', 'UInt32', 'Bool', 'String', 'Bytes'].map((t) => `google.protobuf.${t}Value`),
);

/** google/protobuf/wrappers.proto types, which the library unboxes in singular fields; left to it. */
export function isWrapperName(typeName: string): boolean {
  return WRAPPERS.has(typeName);
}
