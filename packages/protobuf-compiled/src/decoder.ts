import { ScalarType, type DescField, type DescMessage } from '@bufbuild/protobuf';
import { Unexpected, WireReader } from './wire-reader.js';
import { EDITION_PROTO3, IMPLICIT, isJsonStructField, isWrapperName, Unsupported, WIRE, wireTypeOf } from './descriptors.js';

/** Reads a message's fields up to `end` into a new message, as the library's fromBinary would. */
export type ReadMessage = (r: WireReader, end: number, depth: number) => Record<string, unknown>;

type ReadField = (r: WireReader, message: Record<string, unknown>, wireType: number, depth: number) => void;
type ReadValue = (r: WireReader, depth: number) => unknown;

/** The library's recursion limit; deeper input is left to it (it refuses it). */
const MAX_DEPTH = 100;

/**
 * Compiles a message type into a zero-message factory (the fields `create` sets: implicit
 * presence at their zero values, oneofs with no case) and a reader per field number. What the
 * compiled reader does not expect (an unknown field, which the library keeps in `$unknown`; a
 * wire type that does not match; a message field that arrives twice, which the library merges)
 * throws `Unexpected`, and the codec hands the bytes to the library.
 */
export function compileDecoder(desc: DescMessage, compiled: Map<DescMessage, ReadMessage>): ReadMessage {
  const known = compiled.get(desc);
  if (known) return known;
  if (desc.file.edition !== EDITION_PROTO3) throw new Unsupported(`${desc.typeName}: not proto3`);
  const typeName = desc.typeName;
  let zero: [string, () => unknown][] = [];
  let readers: (ReadField | undefined)[] = [];
  const read: ReadMessage = (r, end, depth) => {
    if (depth > MAX_DEPTH) throw new Unexpected('too deep');
    const message: Record<string, unknown> = { $typeName: typeName };
    for (let i = 0; i < zero.length; i++) message[zero[i]![0]] = zero[i]![1]();
    while (r.pos < end) {
      const tag = r.uint32();
      const reader = readers[tag >>> 3];
      if (reader === undefined) throw new Unexpected(`unknown field ${tag >>> 3}`);
      reader(r, message, tag & 7, depth);
    }
    if (r.pos !== end) throw new Unexpected('message overran its length');
    return message;
  };
  compiled.set(desc, read);
  zero = desc.members.flatMap((member): [string, () => unknown][] => {
    if (member.kind === 'oneof') return [[member.localName, () => ({ case: undefined })]];
    if (member.presence !== IMPLICIT) return [];
    return [[member.localName, zeroOf(member)]];
  });
  const maxNumber = Math.max(0, ...desc.fields.map((f) => f.number));
  if (maxNumber > 1024) throw new Unsupported(`${typeName}: field numbers beyond 1024`);
  readers = new Array<ReadField | undefined>(maxNumber + 1);
  for (const field of desc.fields) readers[field.number] = fieldReader(field, compiled);
  return read;
}

function zeroOf(field: DescField): () => unknown {
  switch (field.fieldKind) {
    case 'list':
      return () => [];
    case 'map':
      return () => ({});
    case 'enum': {
      const zero = field.enum.values[0]?.number ?? 0;
      return () => zero;
    }
    case 'scalar':
      if (field.getDefaultValue() !== undefined) throw new Unsupported(`${field.toString()}: default value`);
      return zeroOfScalar(field.scalar);
    default:
      throw new Unsupported(`${field.toString()}: implicit presence`);
  }
}

function fieldReader(field: DescField, compiled: Map<DescMessage, ReadMessage>): ReadField {
  const name = field.localName;
  switch (field.fieldKind) {
    case 'scalar':
    case 'enum': {
      if (field.fieldKind === 'enum' && !field.enum.open) throw new Unsupported(`${field.toString()}: closed enum`);
      if (field.fieldKind === 'scalar' && field.longAsString) throw new Unsupported(`${field.toString()}: 64-bit as string`);
      const scalar = field.fieldKind === 'enum' ? ScalarType.INT32 : field.scalar;
      const value = scalarReader(scalar, field.fieldKind === 'scalar' && field.utf8Validation);
      const wire = wireTypeOf(scalar);
      if (field.oneof) {
        const oneof = field.oneof.localName;
        return (r, m, wt) => {
          if (wt !== wire) throw new Unexpected(`wire type ${wt} for ${name}`);
          m[oneof] = { case: name, value: value(r, 0) };
        };
      }
      return (r, m, wt) => {
        if (wt !== wire) throw new Unexpected(`wire type ${wt} for ${name}`);
        m[name] = value(r, 0);
      };
    }
    case 'message': {
      if (field.delimitedEncoding) throw new Unsupported(`${field.toString()}: group encoding`);
      if (isWrapperName(field.message.typeName)) throw new Unsupported(`${field.toString()}: wrapper type`);
      const body: ReadValue = isJsonStructField(field)
        ? (r, depth) => readJsonStruct(r, r.delimited(), depth)
        : nested(field.message, compiled);
      if (field.oneof) {
        const oneof = field.oneof.localName;
        return (r, m, wt, depth) => {
          if (wt !== WIRE.delimited) throw new Unexpected(`wire type ${wt} for ${name}`);
          // The library merges a message that arrives twice.
          if ((m[oneof] as { case?: string }).case === name) throw new Unexpected(`${name} twice`);
          m[oneof] = { case: name, value: body(r, depth + 1) };
        };
      }
      return (r, m, wt, depth) => {
        if (wt !== WIRE.delimited) throw new Unexpected(`wire type ${wt} for ${name}`);
        if (m[name] !== undefined) throw new Unexpected(`${name} twice`);
        m[name] = body(r, depth + 1);
      };
    }
    case 'list': {
      if (field.listKind === 'message') {
        if (field.delimitedEncoding) throw new Unsupported(`${field.toString()}: group encoding`);
        if (isJsonStructField(field) || isWrapperName(field.message.typeName))
          throw new Unsupported(`${field.toString()}: list of a well-known type`);
        const body = nested(field.message, compiled);
        return (r, m, wt, depth) => {
          if (wt !== WIRE.delimited) throw new Unexpected(`wire type ${wt} for ${name}`);
          (m[name] as unknown[]).push(body(r, depth + 1));
        };
      }
      if (field.listKind === 'enum' && !field.enum.open) throw new Unsupported(`${field.toString()}: closed enum`);
      if (field.listKind === 'scalar' && field.longAsString) throw new Unsupported(`${field.toString()}: 64-bit as string`);
      const scalar = field.listKind === 'enum' ? ScalarType.INT32 : field.scalar;
      const value = scalarReader(scalar, field.listKind === 'scalar' && field.utf8Validation);
      const wire = wireTypeOf(scalar);
      const packable = wire !== WIRE.delimited;
      return (r, m, wt) => {
        const list = m[name] as unknown[];
        if (packable && wt === WIRE.delimited) {
          const end = r.delimited();
          while (r.pos < end) list.push(value(r, 0));
          if (r.pos !== end) throw new Unexpected('packed list overran its length');
          return;
        }
        if (wt !== wire) throw new Unexpected(`wire type ${wt} for ${name}`);
        list.push(value(r, 0));
      };
    }
    case 'map': {
      if (field.mapKey !== ScalarType.STRING) throw new Unsupported(`${field.toString()}: non-string map key`);
      let value: ReadValue;
      let valueWire: number;
      let zero: () => unknown;
      if (field.mapKind === 'message') {
        if (isJsonStructField(field) || isWrapperName(field.message.typeName))
          throw new Unsupported(`${field.toString()}: map of a well-known type`);
        const read = compileDecoder(field.message, compiled);
        value = (r, depth) => read(r, r.delimited(), depth);
        valueWire = WIRE.delimited;
        zero = () => read(new WireReader(new Uint8Array(0)), 0, 1);
      } else {
        if (field.mapKind === 'enum' && !field.enum.open) throw new Unsupported(`${field.toString()}: closed enum`);
        const scalar = field.mapKind === 'enum' ? ScalarType.INT32 : field.scalar;
        value = scalarReader(scalar, field.mapKind === 'scalar' && field.utf8Validation);
        valueWire = wireTypeOf(scalar);
        const zeroValue = field.mapKind === 'enum' ? (field.enum.values[0]?.number ?? 0) : undefined;
        zero = field.mapKind === 'enum' ? () => zeroValue : zeroOfScalar(field.scalar);
      }
      const strict = field.utf8Validation;
      return (r, m, wt, depth) => {
        if (wt !== WIRE.delimited) throw new Unexpected(`wire type ${wt} for ${name}`);
        const end = r.delimited();
        let key = '';
        let val: unknown;
        let hasValue = false;
        while (r.pos < end) {
          const tag = r.uint32();
          if (tag === ((1 << 3) | WIRE.delimited)) key = r.string(strict);
          else if (tag === ((2 << 3) | valueWire)) {
            val = value(r, depth + 1);
            hasValue = true;
          } else throw new Unexpected(`map entry field ${tag >>> 3}`);
        }
        if (r.pos !== end) throw new Unexpected('map entry overran its length');
        if (key === '__proto__') throw new Unexpected('__proto__ key');
        (m[name] as Record<string, unknown>)[key] = hasValue ? val : zero();
      };
    }
  }
}

function nested(desc: DescMessage, compiled: Map<DescMessage, ReadMessage>): ReadValue {
  const read = compileDecoder(desc, compiled);
  return (r, depth) => read(r, r.delimited(), depth);
}

function zeroOfScalar(scalar: ScalarType): () => unknown {
  switch (scalar) {
    case ScalarType.STRING:
      return () => '';
    case ScalarType.BOOL:
      return () => false;
    case ScalarType.INT64:
    case ScalarType.UINT64:
      return () => 0n;
    case ScalarType.BYTES:
      return () => new Uint8Array(0);
    default:
      return () => 0;
  }
}

function scalarReader(scalar: ScalarType, strictUtf8: boolean): ReadValue {
  switch (scalar) {
    case ScalarType.STRING:
      return (r) => r.string(strictUtf8);
    case ScalarType.BOOL:
      return (r) => r.bool();
    case ScalarType.DOUBLE:
      return (r) => r.double();
    case ScalarType.INT32:
      return (r) => r.int32();
    case ScalarType.UINT32:
      return (r) => r.uint32();
    case ScalarType.INT64:
      return (r) => r.int64();
    case ScalarType.UINT64:
      return (r) => r.uint64();
    case ScalarType.BYTES:
      return (r) => r.bytes();
    default:
      throw new Unsupported(`scalar type ${ScalarType[scalar]}`);
  }
}

/** google.protobuf.Struct straight into a JsonObject, as the library represents a Struct field. */
function readJsonStruct(r: WireReader, end: number, depth: number): Record<string, unknown> {
  if (depth > MAX_DEPTH) throw new Unexpected('too deep');
  const object: Record<string, unknown> = {};
  while (r.pos < end) {
    if (r.uint32() !== ((1 << 3) | WIRE.delimited)) throw new Unexpected('Struct field');
    const entryEnd = r.delimited();
    let key = '';
    let value: unknown = null;
    while (r.pos < entryEnd) {
      const tag = r.uint32();
      if (tag === ((1 << 3) | WIRE.delimited)) key = r.string(true);
      else if (tag === ((2 << 3) | WIRE.delimited)) value = readJsonValue(r, r.delimited(), depth + 2);
      else throw new Unexpected('Struct entry field');
    }
    if (r.pos !== entryEnd) throw new Unexpected('Struct entry overran its length');
    if (key === '__proto__') throw new Unexpected('__proto__ key');
    object[key] = value;
  }
  if (r.pos !== end) throw new Unexpected('Struct overran its length');
  return object;
}

/** google.protobuf.Value as JSON: the last kind on the wire wins, no kind is null. */
function readJsonValue(r: WireReader, end: number, depth: number): unknown {
  if (depth > MAX_DEPTH) throw new Unexpected('too deep');
  let value: unknown = null;
  let messageKind = 0;
  while (r.pos < end) {
    const tag = r.uint32();
    switch (tag) {
      case (1 << 3) | WIRE.varint:
        r.varint();
        value = null;
        break;
      case (2 << 3) | WIRE.bit64:
        value = r.double();
        break;
      case (3 << 3) | WIRE.delimited:
        value = r.string(true);
        break;
      case (4 << 3) | WIRE.varint:
        value = r.bool();
        break;
      case (5 << 3) | WIRE.delimited:
      case (6 << 3) | WIRE.delimited:
        // The library merges a struct or list that arrives twice in a row.
        if (messageKind === tag) throw new Unexpected('Value kind twice');
        value =
          tag === ((5 << 3) | WIRE.delimited) ? readJsonStruct(r, r.delimited(), depth + 1) : readJsonList(r, r.delimited(), depth + 1);
        break;
      default:
        throw new Unexpected('Value field');
    }
    messageKind = tag;
  }
  if (r.pos !== end) throw new Unexpected('Value overran its length');
  return value;
}

function readJsonList(r: WireReader, end: number, depth: number): unknown[] {
  if (depth > MAX_DEPTH) throw new Unexpected('too deep');
  const list: unknown[] = [];
  while (r.pos < end) {
    if (r.uint32() !== ((1 << 3) | WIRE.delimited)) throw new Unexpected('ListValue field');
    list.push(readJsonValue(r, r.delimited(), depth + 1));
  }
  if (r.pos !== end) throw new Unexpected('ListValue overran its length');
  return list;
}
