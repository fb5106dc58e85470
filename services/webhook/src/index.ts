/**
 * The webhook service for embedding: what main.ts runs, and what other packages' tests start in
 * process (they import this package by name, never its files by path).
 */
export { startWebhookService, type WebhookService, type WebhookServiceOptions } from './app.js';
export { loadWebhookConfig, type WebhookConfig } from './config.js';
