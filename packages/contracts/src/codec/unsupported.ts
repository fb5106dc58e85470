/** A message shape the compiled codec leaves to the library (proto2 defaults, groups, floats...). */
export class Unsupported extends Error {}

export const STRUCT = 'google.protobuf.Struct';
const VALUE = 'google.protobuf.Value';

export const WIRE = { varint: 0, bit64: 1, delimited: 2, bit32: 5 } as const;

/** A Struct field outside google.protobuf.Value is a JsonObject in the message, not a Struct message. */
export function isJsonStructField(field: { message?: { typeName: string } | undefined; parent: { typeName: string } }): boolean {
  return field.message?.typeName === STRUCT && field.parent.typeName !== VALUE;
}

/** Proto3 files only: their messages have no default values and no prototype chain. */
export const EDITION_PROTO3 = 999;
