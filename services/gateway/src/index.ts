/**
 * The gateway for embedding: what main.ts runs, and what other packages' tests start in process
 * (they import this package by name, never its files by path).
 */
export { startGateway, type Gateway } from './app.js';
export { loadGatewayConfig, type GatewayConfig } from './config.js';
