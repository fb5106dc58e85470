import http2 from 'node:http2';
import { Code, ConnectError } from '@connectrpc/connect';
import { findTrailerError, setTrailerStatus } from '@connectrpc/connect/protocol-grpc';

/**
 * The gRPC wire format of one unary message, shared by the lean client and server: a 5-byte
 * prefix (compressed flag, big-endian length) and the protobuf bytes. Compression is never
 * offered, so a unary body is exactly one uncompressed frame.
 */
export function frame(bytes: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(5 + bytes.length);
  out[0] = 0;
  out.writeUInt32BE(bytes.length, 1);
  out.set(bytes, 5);
  return out;
}

/** The one message of a unary body, or a ConnectError naming what is wrong with it. */
export function unframe(body: Buffer): Uint8Array {
  if (body.length < 5) throw new ConnectError('protocol error: missing message', Code.Internal);
  if (body[0] !== 0) throw new ConnectError('protocol error: compressed message without grpc-encoding', Code.Internal);
  const length = body.readUInt32BE(1);
  if (body.length !== 5 + length) throw new ConnectError('protocol error: a unary body holds exactly one message', Code.Internal);
  return body.subarray(5);
}

export const GRPC_CONTENT_TYPE = 'application/grpc';

/** Response headers and trailers as HTTP/2 wants them, for an error (trailers-only response). */
export function errorTrailers(error: ConnectError): http2.OutgoingHttpHeaders {
  const headers: http2.OutgoingHttpHeaders = {};
  setTrailerStatus(new Headers(), error).forEach((value, key) => (headers[key] = value));
  headers['grpc-message'] = percentEncode(error.rawMessage);
  return headers;
}

/**
 * grpc-message as the gRPC spec encodes it: only bytes outside printable ASCII, and '%', are
 * percent-encoded (encodeURIComponent would also encode ':' and the like, which the standard
 * stacks then show undecoded).
 */
function percentEncode(message: string): string {
  let out = '';
  for (const byte of Buffer.from(message, 'utf8')) {
    out += byte < 0x20 || byte > 0x7e || byte === 0x25 ? `%${byte.toString(16).toUpperCase().padStart(2, '0')}` : String.fromCharCode(byte);
  }
  return out;
}

/** The error a trailer (or a trailers-only header block) reports; undefined for grpc-status 0. */
export function trailerError(trailers: http2.IncomingHttpHeaders): ConnectError | undefined {
  const status = trailers['grpc-status'];
  if (status === '0') return undefined;
  if (status === undefined) return new ConnectError('protocol error: missing grpc-status', Code.Internal);
  const headers = new Headers();
  for (const [key, value] of Object.entries(trailers)) {
    if (key.startsWith(':') || value === undefined) continue;
    headers.set(key, Array.isArray(value) ? value.join(', ') : String(value));
  }
  return findTrailerError(headers);
}

/** The status an HTTP/2 stream reset means, as connect-node reads it. */
export function resetError(rstCode: number, cause?: unknown): ConnectError {
  const c = http2.constants;
  const code =
    rstCode === c.NGHTTP2_CANCEL
      ? Code.Canceled
      : rstCode === c.NGHTTP2_REFUSED_STREAM
        ? Code.Unavailable
        : rstCode === c.NGHTTP2_ENHANCE_YOUR_CALM
          ? Code.ResourceExhausted
          : rstCode === c.NGHTTP2_INADEQUATE_SECURITY
            ? Code.PermissionDenied
            : Code.Internal;
  return new ConnectError(`http/2 stream closed with error code ${rstCode}`, code, undefined, undefined, cause);
}
