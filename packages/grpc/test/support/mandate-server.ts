import type { ServiceImpl } from '@connectrpc/connect';
import { mandate } from '@vrp/contracts';
import { createLogger } from '@vrp/logging';
import { startGrpcServer, type GrpcServer } from '../../src/index.js';

/** A real gRPC server on a free port serving the mandate service's methods given (the rest unimplemented), quietly. */
export function startMandateServer(methods: Partial<ServiceImpl<typeof mandate.MandateService>>): Promise<GrpcServer> {
  return startGrpcServer({
    port: 0,
    serviceNames: [mandate.MandateService.typeName],
    logger: createLogger('test', { level: 'silent' }),
    routes: (router) => router.service(mandate.MandateService, methods),
  });
}
