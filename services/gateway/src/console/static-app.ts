import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { Router, type RequestHandler } from 'express';

/** The built console of this checkout (packages/console/dist), used when CONSOLE_DIR is not set. */
export const DEFAULT_CONSOLE_DIR = fileURLToPath(new URL('../../../../packages/console/dist/', import.meta.url));

/**
 * Only the console's own files run: no inline script or style, no other origin, never framed.
 * Calls go to this origin only (the /v1 API and /console/api).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

/** Browsers reach the production console over HTTPS only, for two years from their last visit. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=63072000; includeSubDomains';

/**
 * Security headers on every /console response, the API's included; in production also
 * Strict-Transport-Security (a local sandbox console is served over plain HTTP, where it would mean nothing).
 */
export function consoleSecurityHeaders(environment: string): RequestHandler {
  const headers = {
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'same-origin',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    ...(environment === 'production' ? { 'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY } : {}),
  };
  return (_req, res, next) => {
    res.set(headers);
    next();
  };
}

/**
 * Serves the built single-page console under /console/: hashed assets cached for a year, every
 * other GET answered with index.html (the app routes in the browser). Without a build, /console/
 * answers 503 saying how to build it.
 */
export function consoleStaticRouter(dir: string): Router {
  const router = Router();
  const index = join(dir, 'index.html');
  router.get('/', (req, res, next) => {
    // /console → /console/ so the app's relative asset paths resolve.
    if (req.originalUrl.split('?')[0] === '/console') return res.redirect(301, '/console/');
    next();
  });
  router.use('/assets', express.static(join(dir, 'assets'), { index: false, immutable: true, maxAge: '365d' }));
  // An asset of another build is a plain 404 (not the app's page, which would run as the wrong type).
  router.use('/assets', (_req, res) => void res.status(404).type('text/plain').send('Not found\n'));
  router.use(express.static(dir, { index: false, maxAge: '1h' }));
  router.get('/{*path}', (_req, res) => {
    if (!existsSync(index)) {
      res.status(503).type('text/plain').send('The Merchant Console has not been built: run `npm run build -w @vrp/console`.\n');
      return;
    }
    res.set('Cache-Control', 'no-store').sendFile(index);
  });
  return router;
}
