import { create, fromBinary, isMessage, toBinary, type DescMessage, type MessageInitShape, type MessageShape } from '@bufbuild/protobuf';
import { compileDecoder, type ReadMessage } from './decoder.js';
import { compileEncoder, type WriteMessage } from './encoder.js';
import { WireReader } from './wire-reader.js';
import { WireWriter } from './wire-writer.js';

/** Binary encoding of one message type, byte for byte what @bufbuild/protobuf's toBinary and fromBinary make. */
export interface MessageCodec<Desc extends DescMessage> {
  /** A message, or the init object `create` would take, as protobuf binary. */
  encode(message: MessageShape<Desc> | MessageInitShape<Desc>): Uint8Array;
  decode(bytes: Uint8Array): MessageShape<Desc>;
  /** False when the type needs what the compiled codec leaves to the library; it then uses the library throughout. */
  readonly compiled: boolean;
}

/** Which codec `codecOf` hands out: the compiled one, or protobuf-es's toBinary/fromBinary throughout. */
export type CodecMode = 'compiled' | 'library';

const codecs = new WeakMap<DescMessage, MessageCodec<DescMessage>>();
const libraryCodecs = new WeakMap<DescMessage, MessageCodec<DescMessage>>();
const writer = new WireWriter();
let mode: CodecMode = 'compiled';

/** Messages the compiled codec handed to the library, by direction (the type unsupported, or the message unexpected). */
const fallbacks = { encode: 0, decode: 0 };

/** How many messages the compiled codec has handed to the library since the process started. */
export function codecFallbacks(): Readonly<{ encode: number; decode: number }> {
  return { ...fallbacks };
}

/** Chooses the codec of the whole process (a service's start-up, from its configuration). */
export function useCodec(next: CodecMode): void {
  mode = next;
}

/** The codec in use. */
export function codecMode(): CodecMode {
  return mode;
}

/**
 * The codec of a message type, compiled once: a closure per field instead of the library's
 * reflection over every field of every message, and nested messages written in place rather
 * than into buffers of their own. The library's toBinary took about a tenth of every service's
 * CPU, most of it list pages. The output is the library's, byte for byte (a test compares them
 * over every message type of the contracts); whatever the compiled codec does not expect (a
 * value of the wrong type, an unknown field, malformed bytes) it hands to the library, so errors
 * and unknown fields are the library's too.
 */
export function codecOf<Desc extends DescMessage>(schema: Desc): MessageCodec<Desc> {
  if (mode === 'library') {
    let library = libraryCodecs.get(schema);
    if (!library) {
      library = libraryCodec(schema);
      libraryCodecs.set(schema, library);
    }
    return library as unknown as MessageCodec<Desc>;
  }
  let codec = codecs.get(schema);
  if (!codec) {
    codec = compile(schema);
    codecs.set(schema, codec);
  }
  return codec as unknown as MessageCodec<Desc>;
}

function libraryCodec(schema: DescMessage): MessageCodec<DescMessage> {
  return {
    compiled: false,
    encode: (message) => toBinary(schema, isMessage(message, schema) ? message : create(schema, message)),
    decode: (bytes) => fromBinary(schema, bytes),
  };
}

function compile(schema: DescMessage): MessageCodec<DescMessage> {
  const library = libraryCodec(schema);
  let write: WriteMessage;
  let read: ReadMessage;
  try {
    // A fresh map per type: a type that fails to compile leaves no half-compiled nested type behind.
    write = compileEncoder(schema, new Map());
    read = compileDecoder(schema, new Map());
  } catch {
    // A type using a feature the compiled codec leaves to the library: every message of it falls back.
    return {
      compiled: false,
      encode(message) {
        fallbacks.encode++;
        return library.encode(message);
      },
      decode(bytes) {
        fallbacks.decode++;
        return library.decode(bytes);
      },
    };
  }
  return {
    compiled: true,
    encode(message) {
      writer.reset();
      try {
        write(writer, message as Record<string, unknown>);
      } catch {
        fallbacks.encode++;
        return library.encode(message);
      }
      return writer.finish();
    },
    decode(bytes) {
      try {
        return read(new WireReader(bytes), bytes.length, 1) as MessageShape<DescMessage>;
      } catch {
        fallbacks.decode++;
        return library.decode(bytes);
      }
    },
  };
}
