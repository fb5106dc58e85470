// The hand-written unary gRPC transport over node:http2; @vrp/grpc chooses it or connect-node's.
export { UnaryChannel, type UnaryCallOptions } from './unary-channel.js';
export { UnaryRoutes, grpcTimeoutMs, type UnaryContext } from './unary-routes.js';
export { GRPC_CONTENT_TYPE, frame, unframe } from './unary-wire.js';
export type { RpcCall } from './rpc-call.js';
