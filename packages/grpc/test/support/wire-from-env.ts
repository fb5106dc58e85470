import { useGrpcWire, type GrpcTransport } from '@vrp/grpc';
import type { CodecMode } from '@vrp/protobuf-compiled';

/**
 * A vitest setup file: runs a project's tests with the codec and transport named by
 * VRP_GRPC_CODEC and VRP_GRPC_TRANSPORT (as a service reads them), for the servers and clients
 * tests start themselves. `npm run test:grpc-wire` runs the gRPC-level suites in both modes.
 */
const codec = process.env.VRP_GRPC_CODEC || undefined;
const transport = process.env.VRP_GRPC_TRANSPORT || undefined;
if (codec !== undefined && codec !== 'library' && codec !== 'compiled')
  throw new Error(`VRP_GRPC_CODEC must be library or compiled, got '${codec}'`);
if (transport !== undefined && transport !== 'library' && transport !== 'hand')
  throw new Error(`VRP_GRPC_TRANSPORT must be library or hand, got '${transport}'`);
useGrpcWire({ codec: codec as CodecMode | undefined, transport: transport as GrpcTransport | undefined });
