/* global process, console, fetch, AbortSignal, setTimeout, Buffer -- plain Node script: the shared ESLint config declares no Node globals for .mjs */
// Docker HEALTHCHECK of every VRP service image (copied to /app/healthcheck.mjs). Kubernetes ignores
// HEALTHCHECK and uses the chart's probes; this serves `docker run` and compose. Plain Node
// because a service image holds Node and its bundle only (no shell, curl or grpc_health_probe),
// and it must not need npm deps.
//
//   node /app/healthcheck.mjs [liveness]   the process answers (the image's HEALTHCHECK)
//   node /app/healthcheck.mjs readiness    the process and its own Postgres and NATS answer
//
// Liveness is what the chart's livenessProbe asks, and what an orchestrator that restarts
// unhealthy containers must ask: it never looks at Postgres or NATS, so a database outage marks no
// container unhealthy. Readiness is the chart's readinessProbe, for whoever routes traffic by it.
//
// The gateway answers HTTP GET /healthz (liveness) and /readyz (readiness), the model bank the same
// over HTTPS (its own certificate, not checked: this asks whether the process answers, not who it
// is). gRPC services answer grpc.health.v1.Health/Check, spoken here directly over h2c: the request
// names the health service ("liveness", or "" for the whole server's readiness) and a SERVING reply
// is the 5-byte gRPC frame header followed by protobuf field 1 = 1 (0x08 0x01).
import http2 from 'node:http2';
import https from 'node:https';
import { pathToFileURL } from 'node:url';

// Must match values.yaml and the services' own defaults; tools/deploy-check asserts it does.
export const DEFAULT_PORTS = {
  gateway: 8080,
  mandate: 50051,
  payment: 50052,
  refund: 50053,
  webhook: 50054,
  'bank-connector': 50056,
  schedule: 50057,
  'model-bank': 8443,
};

const TIMEOUT_MS = 4000;

/** What each mode asks: the HTTP path, and the grpc.health.v1 service name (as the chart's probes). */
export const MODES = {
  liveness: { path: '/healthz', grpcService: 'liveness' },
  readiness: { path: '/readyz', grpcService: '' },
};

/** A grpc.health.v1 HealthCheckRequest as one gRPC frame: flag 0, length, then field 1 (service). */
export function checkRequestFrame(service) {
  const name = Buffer.from(service, 'utf8');
  // One length byte is a varint only below 128; every health name here is far shorter.
  if (name.length > 127) throw new Error(`health service name too long: ${service}`);
  const message = name.length ? Buffer.concat([Buffer.from([0x0a, name.length]), name]) : Buffer.alloc(0);
  const header = Buffer.alloc(5);
  header.writeUInt32BE(message.length, 1);
  return Buffer.concat([header, message]);
}

function done(ok, why) {
  if (!ok) console.error(`unhealthy: ${why}`);
  process.exit(ok ? 0 : 1);
}

function checkHttp(port, path) {
  fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(TIMEOUT_MS) }).then(
    (res) => done(res.ok, `GET ${path} answered ${res.status}`),
    (err) => done(false, err.message),
  );
}

function checkHttps(port, path) {
  const req = https.get({ host: '127.0.0.1', port, path, rejectUnauthorized: false, timeout: TIMEOUT_MS }, (res) => {
    res.resume();
    done(res.statusCode === 200, `GET ${path} answered ${res.statusCode}`);
  });
  req.on('timeout', () => req.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
  req.on('error', (err) => done(false, err.message));
}

function checkGrpc(port, grpcService) {
  const session = http2.connect(`http://127.0.0.1:${port}`);
  session.on('error', (err) => done(false, err.message));
  setTimeout(() => done(false, `no answer within ${TIMEOUT_MS} ms`), TIMEOUT_MS).unref();
  const req = session.request({
    ':method': 'POST',
    ':path': '/grpc.health.v1.Health/Check',
    'content-type': 'application/grpc',
    te: 'trailers',
  });
  const chunks = [];
  let grpcStatus;
  // A failing call may be "trailers-only", with grpc-status in the response headers.
  req.on('response', (headers) => (grpcStatus ??= headers['grpc-status']));
  req.on('trailers', (trailers) => (grpcStatus = trailers['grpc-status'] ?? grpcStatus));
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    const serving = grpcStatus === '0' && body[5] === 0x08 && body[6] === 0x01;
    done(serving, `health '${grpcService}': grpc-status ${grpcStatus}, status byte ${body[6] ?? 'none'}`);
  });
  req.on('error', (err) => done(false, err.message));
  req.end(checkRequestFrame(grpcService));
}

/** Runs the check (`liveness` unless the first argument says `readiness`) for VRP_SERVICE and exits 0 (healthy) or 1. */
export function main(args = process.argv.slice(2)) {
  const modeName = args[0] ?? 'liveness';
  const mode = Object.hasOwn(MODES, modeName) ? MODES[modeName] : undefined;
  // Exit 1, not 2: Docker reserves 2, and a misspelt HEALTHCHECK must show as unhealthy.
  if (!mode) return done(false, `unknown mode '${modeName}' (liveness or readiness)`);
  const service = process.env.VRP_SERVICE ?? '';
  if (service === 'gateway') return checkHttp(process.env.GATEWAY_PORT || DEFAULT_PORTS.gateway, mode.path);
  if (service === 'model-bank') return checkHttps(process.env.MODEL_BANK_PORT || DEFAULT_PORTS['model-bank'], mode.path);
  const port = process.env.GRPC_PORT || DEFAULT_PORTS[service];
  if (!port) return done(false, `unknown VRP_SERVICE '${service}' and no GRPC_PORT`);
  checkGrpc(port, mode.grpcService);
}

// Imported by tools/deploy-check for DEFAULT_PORTS; only the image runs it.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
