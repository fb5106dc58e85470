import { useCodec, type CodecMode } from '@vrp/protobuf-compiled';

/** How unary calls travel: the hand-written node:http2 transport, or connect-node's gRPC transport. */
export type GrpcTransport = 'hand' | 'library';

export interface GrpcWire {
  codec: CodecMode;
  transport: GrpcTransport;
}

let wire: GrpcWire = { codec: 'compiled', transport: 'hand' };

/**
 * Chooses, for the whole process, how messages are encoded and how unary calls travel; a service
 * calls it at start-up with its configuration (VRP_GRPC_CODEC, VRP_GRPC_TRANSPORT). A setting left
 * unset keeps what the process uses already. Servers and clients started afterwards follow it.
 */
export function useGrpcWire(settings: Partial<GrpcWire>): void {
  wire = { codec: settings.codec ?? wire.codec, transport: settings.transport ?? wire.transport };
  useCodec(wire.codec);
}

/** The process's codec and transport. */
export function grpcWire(): Readonly<GrpcWire> {
  return wire;
}
