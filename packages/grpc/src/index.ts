export { createServiceClient, type ServiceClient, type ServiceClientOptions } from './client.js';
export { fromRemoteError, isClientFault, isDependencyUnavailable, toConnectError } from './error-mapping.js';
export { HealthState, registerHealth } from './health.js';
export { runService, type RunServiceOptions, type RunningService } from './run-service.js';
export { startWorkLoop, type WorkLoop, type WorkLoopOptions } from './work-loop.js';
export { startGrpcServer, type GrpcServer, type GrpcServerOptions } from './server.js';
export { timestampFromDate, timestampDate } from '@bufbuild/protobuf/wkt';
