import { ScalarType, type DescField, type DescMessage } from '@bufbuild/protobuf';
import type { WireWriter } from './wire-writer.js';
import { EDITION_PROTO3, IMPLICIT, isJsonStructField, isWrapperName, Unsupported, WIRE, wireTypeOf } from './descriptors.js';

/** Writes a message's fields (not its length or tag) as the library's toBinary would. */
export type WriteMessage = (w: WireWriter, message: Record<string, unknown>) => void;

type WriteField = (w: WireWriter, message: Record<string, unknown>) => void;
type WriteValue = (w: WireWriter, value: unknown) => void;

/**
 * Compiles a message type into one closure per field, in field-number order, the order the
 * library writes them in: a field is written when the library's `isSet` says so (implicit
 * presence: not the zero value; explicit: present; oneof: its case chosen), and unknown fields
 * last. A value of the wrong type throws, and the codec hands the message to the library.
 */
export function compileEncoder(desc: DescMessage, compiled: Map<DescMessage, WriteMessage>): WriteMessage {
  const known = compiled.get(desc);
  if (known) return known;
  if (desc.file.edition !== EDITION_PROTO3) throw new Unsupported(`${desc.typeName}: not proto3`);
  let writers: WriteField[] = [];
  const write: WriteMessage = (w, message) => {
    for (let i = 0; i < writers.length; i++) writers[i]!(w, message);
    const unknown = message.$unknown as { no: number; wireType: number; data: Uint8Array }[] | undefined;
    if (unknown) {
      for (const { no, wireType, data } of unknown) {
        w.tag(no, wireType);
        w.raw(data);
      }
    }
  };
  compiled.set(desc, write);
  writers = [...desc.fields].sort((a, b) => a.number - b.number).map((field) => fieldWriter(field, compiled));
  return write;
}

function fieldWriter(field: DescField, compiled: Map<DescMessage, WriteMessage>): WriteField {
  const name = field.localName;
  const no = field.number;
  switch (field.fieldKind) {
    case 'scalar':
    case 'enum': {
      const scalar = field.fieldKind === 'enum' ? ScalarType.INT32 : field.scalar;
      if (field.fieldKind === 'scalar' && field.longAsString) throw new Unsupported(`${field.toString()}: 64-bit as string`);
      const value = scalarWriter(scalar);
      const wire = wireTypeOf(scalar);
      if (field.oneof) return oneofMember(field.oneof.localName, name, (w, v) => (w.tag(no, wire), value(w, v)));
      if (field.presence !== IMPLICIT) {
        return (w, m) => {
          const v = m[name];
          if (v === undefined || v === null) return;
          w.tag(no, wire);
          value(w, v);
        };
      }
      const isZero = field.fieldKind === 'enum' ? enumZero(field.enum.values[0]?.number ?? 0) : zeroTest(scalar);
      return (w, m) => {
        const v = m[name];
        if (v === undefined || v === null || isZero(v)) return;
        w.tag(no, wire);
        value(w, v);
      };
    }
    case 'message': {
      if (field.delimitedEncoding) throw new Unsupported(`${field.toString()}: group encoding`);
      if (isWrapperName(field.message.typeName)) throw new Unsupported(`${field.toString()}: wrapper type`);
      const message = delimited(no, isJsonStructField(field) ? writeJsonStruct : nested(field.message, compiled));
      if (field.oneof) return oneofMember(field.oneof.localName, name, message);
      return (w, m) => {
        const v = m[name];
        if (v !== undefined && v !== null) message(w, v);
      };
    }
    case 'list': {
      const list = listWriter(field, compiled);
      return (w, m) => {
        const v = m[name];
        if (v === undefined || v === null) return;
        if (!Array.isArray(v)) throw new Error(`${name}: not a list`);
        if (v.length > 0) list(w, v);
      };
    }
    case 'map': {
      if (field.mapKey !== ScalarType.STRING) throw new Unsupported(`${field.toString()}: non-string map key`);
      let value: WriteValue;
      if (field.mapKind === 'message') {
        if (isJsonStructField(field) || isWrapperName(field.message.typeName))
          throw new Unsupported(`${field.toString()}: map of a well-known type`);
        value = delimited(2, nested(field.message, compiled));
      } else {
        const scalar = field.mapKind === 'enum' ? ScalarType.INT32 : field.scalar;
        const write = scalarWriter(scalar);
        const wire = wireTypeOf(scalar);
        value = (w, v) => (w.tag(2, wire), write(w, v));
      }
      return (w, m) => {
        const v = m[name] as Record<string, unknown> | undefined | null;
        if (v === undefined || v === null) return;
        for (const key of Object.keys(v)) {
          w.tag(no, WIRE.delimited);
          const start = w.begin();
          w.tag(1, WIRE.delimited);
          w.string(key);
          value(w, v[key]);
          w.end(start);
        }
      };
    }
  }
}

function oneofMember(oneof: string, name: string, write: WriteValue): WriteField {
  return (w, m) => {
    const o = m[oneof] as { case?: string; value?: unknown } | undefined;
    if (o !== undefined && o !== null && o.case === name) write(w, o.value);
  };
}

/**
 * The nested message's body writer. A type still being compiled (a recursive one: Struct, Value,
 * ListValue) is already in `compiled`, so the cycle closes on its writer.
 */
function nested(desc: DescMessage, compiled: Map<DescMessage, WriteMessage>): WriteValue {
  const write = compileEncoder(desc, compiled);
  return (w, v) => write(w, v as Record<string, unknown>);
}

/** Field `no` holding `body`'s bytes, length-prefixed. */
function delimited(no: number, body: WriteValue): WriteValue {
  return (w, v) => {
    w.tag(no, WIRE.delimited);
    const start = w.begin();
    body(w, v);
    w.end(start);
  };
}

function listWriter(
  field: DescField & { fieldKind: 'list' },
  compiled: Map<DescMessage, WriteMessage>,
): (w: WireWriter, list: unknown[]) => void {
  const no = field.number;
  if (field.listKind === 'message') {
    if (field.delimitedEncoding) throw new Unsupported(`${field.toString()}: group encoding`);
    if (isJsonStructField(field) || isWrapperName(field.message.typeName))
      throw new Unsupported(`${field.toString()}: list of a well-known type`);
    const item = delimited(no, nested(field.message, compiled));
    return (w, list) => {
      for (let i = 0; i < list.length; i++) item(w, list[i]);
    };
  }
  if (field.listKind === 'scalar' && field.longAsString) throw new Unsupported(`${field.toString()}: 64-bit as string`);
  const scalar = field.listKind === 'enum' ? ScalarType.INT32 : field.scalar;
  const write = scalarWriter(scalar);
  if (field.packed) {
    return (w, list) => {
      w.tag(no, WIRE.delimited);
      const start = w.begin();
      for (let i = 0; i < list.length; i++) write(w, list[i]);
      w.end(start);
    };
  }
  const wire = wireTypeOf(scalar);
  return (w, list) => {
    for (let i = 0; i < list.length; i++) {
      w.tag(no, wire);
      write(w, list[i]);
    }
  };
}

const MAX_INT64 = 0x7fffffffffffffffn;
const MIN_INT64 = -0x8000000000000000n;
const MAX_UINT64 = 0xffffffffffffffffn;

/** The value writers; anything but the exact JS type in range throws (the library then decides). */
function scalarWriter(scalar: ScalarType): WriteValue {
  switch (scalar) {
    case ScalarType.STRING:
      return (w, v) => {
        if (typeof v !== 'string') throw new Error('not a string');
        w.string(v);
      };
    case ScalarType.BOOL:
      return (w, v) => {
        if (typeof v !== 'boolean') throw new Error('not a boolean');
        w.uint32(v ? 1 : 0);
      };
    case ScalarType.DOUBLE:
      return (w, v) => {
        if (typeof v !== 'number') throw new Error('not a number');
        w.double(v);
      };
    case ScalarType.INT32:
      return (w, v) => {
        if (typeof v !== 'number' || (v | 0) !== v) throw new Error('not an int32');
        w.int32(v);
      };
    case ScalarType.UINT32:
      return (w, v) => {
        if (typeof v !== 'number' || v >>> 0 !== v) throw new Error('not a uint32');
        w.uint32(v);
      };
    case ScalarType.INT64:
      return (w, v) => {
        if (typeof v !== 'bigint' || v > MAX_INT64 || v < MIN_INT64) throw new Error('not an int64');
        w.bigint64(v);
      };
    case ScalarType.UINT64:
      return (w, v) => {
        if (typeof v !== 'bigint' || v > MAX_UINT64 || v < 0n) throw new Error('not a uint64');
        w.bigint64(BigInt.asIntN(64, v));
      };
    case ScalarType.BYTES:
      return (w, v) => {
        if (!(v instanceof Uint8Array)) throw new Error('not bytes');
        w.bytes(v);
      };
    default:
      throw new Unsupported(`scalar type ${ScalarType[scalar]}`);
  }
}

/** The library's isScalarZeroValue: what an implicit-presence field does not write. */
function zeroTest(scalar: ScalarType): (v: unknown) => boolean {
  switch (scalar) {
    case ScalarType.BOOL:
      return (v) => v === false;
    case ScalarType.STRING:
      return (v) => v === '';
    case ScalarType.BYTES:
      return (v) => v instanceof Uint8Array && v.byteLength === 0;
    case ScalarType.DOUBLE:
      return (v) => Object.is(v, 0);
    default:
      // The library's loose test: 0n, 0 and "0".
      return (v) => v == 0;
  }
}

function enumZero(zero: number): (v: unknown) => boolean {
  return (v) => v === zero;
}

/**
 * A JsonObject as google.protobuf.Struct on the wire, without building the Struct and Value
 * messages the library converts it to first: `map<string, Value> fields = 1`, in the object's
 * key order.
 */
function writeJsonStruct(w: WireWriter, value: unknown): void {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not a JSON object');
  const object = value as Record<string, unknown>;
  for (const key of Object.keys(object)) {
    w.tag(1, WIRE.delimited);
    const entry = w.begin();
    w.tag(1, WIRE.delimited);
    w.string(key);
    w.tag(2, WIRE.delimited);
    const start = w.begin();
    writeJsonValue(w, object[key]);
    w.end(start);
    w.end(entry);
  }
}

/** google.protobuf.Value's oneof kind: null 1, number 2, string 3, bool 4, struct 5, list 6; anything else leaves it unset. */
function writeJsonValue(w: WireWriter, value: unknown): void {
  switch (typeof value) {
    case 'number':
      w.tag(2, WIRE.bit64);
      w.double(value);
      return;
    case 'string':
      w.tag(3, WIRE.delimited);
      w.string(value);
      return;
    case 'boolean':
      w.tag(4, WIRE.varint);
      w.uint32(value ? 1 : 0);
      return;
    case 'object': {
      if (value === null) {
        w.tag(1, WIRE.varint);
        w.uint32(0);
        return;
      }
      if (Array.isArray(value)) {
        w.tag(6, WIRE.delimited);
        const list = w.begin();
        for (const item of value) {
          w.tag(1, WIRE.delimited);
          const start = w.begin();
          writeJsonValue(w, item);
          w.end(start);
        }
        w.end(list);
        return;
      }
      w.tag(5, WIRE.delimited);
      const start = w.begin();
      writeJsonStruct(w, value);
      w.end(start);
      return;
    }
    default:
      return;
  }
}
