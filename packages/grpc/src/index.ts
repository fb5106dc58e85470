export { createServiceClient, type ServiceClient, type ServiceClientOptions } from './client.js';
export { parseServiceAddress, type Resolver } from './balancer.js';
export { Batcher } from './batcher.js';
export { fromRemoteError, isClientFault, isDependencyUnavailable, toConnectError } from './error-mapping.js';
export { HealthState, LIVENESS_SERVICE, registerHealth } from './health.js';
export { DependencyWatch, type DependencyChecks } from './dependency-watch.js';
export { startGrpcServer, type GrpcServer, type GrpcServerOptions } from './server.js';
export { timestampFromDate, timestampDate } from '@bufbuild/protobuf/wkt';
export { grpcWire, useGrpcWire, type GrpcTransport, type GrpcWire } from './wire-mode.js';
