/* global process, console, fetch, AbortSignal, setTimeout, Buffer -- plain Node script: the shared ESLint config declares no Node globals for .mjs */
// Docker HEALTHCHECK of every VRP service image (copied to /app/healthcheck.mjs). Kubernetes ignores
// HEALTHCHECK and uses the chart's probes; this serves `docker run` and compose. Plain Node
// because a service image holds Node and its bundle only (no shell, curl or grpc_health_probe),
// and it must not need npm deps.
//
// The gateway answers HTTP GET /healthz, the model bank HTTPS GET /healthz (its own certificate,
// not checked: this asks whether the process answers, not who it is). gRPC services answer grpc.health.v1.Health/Check,
// spoken here directly over h2c: the request is an empty message (whole-server health) and a
// SERVING reply is the 5-byte gRPC frame header followed by protobuf field 1 = 1 (0x08 0x01).
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

function done(ok, why) {
  if (!ok) console.error(`unhealthy: ${why}`);
  process.exit(ok ? 0 : 1);
}

function checkHttp(port) {
  fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(TIMEOUT_MS) }).then(
    (res) => done(res.ok, `GET /healthz answered ${res.status}`),
    (err) => done(false, err.message),
  );
}

function checkHttps(port) {
  const req = https.get({ host: '127.0.0.1', port, path: '/healthz', rejectUnauthorized: false, timeout: TIMEOUT_MS }, (res) => {
    res.resume();
    done(res.statusCode === 200, `GET /healthz answered ${res.statusCode}`);
  });
  req.on('timeout', () => req.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
  req.on('error', (err) => done(false, err.message));
}

function checkGrpc(port) {
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
    done(serving, `grpc-status ${grpcStatus}, status byte ${body[6] ?? 'none'}`);
  });
  req.on('error', (err) => done(false, err.message));
  req.end(Buffer.alloc(5));
}

/** Runs the check for VRP_SERVICE and exits 0 (healthy) or 1. */
export function main() {
  const service = process.env.VRP_SERVICE ?? '';
  if (service === 'gateway') return checkHttp(process.env.GATEWAY_PORT || DEFAULT_PORTS.gateway);
  if (service === 'model-bank') return checkHttps(process.env.MODEL_BANK_PORT || DEFAULT_PORTS['model-bank']);
  const port = process.env.GRPC_PORT || DEFAULT_PORTS[service];
  if (!port) return done(false, `unknown VRP_SERVICE '${service}' and no GRPC_PORT`);
  checkGrpc(port);
}

// Imported by tools/deploy-check for DEFAULT_PORTS; only the image runs it.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
