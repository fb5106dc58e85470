/**
 * The mandate service for embedding: what main.ts runs, and what other packages' tests start in
 * process (they import this package by name, never its files by path).
 */
export { startMandateService, type MandateService } from './app.js';
export { loadMandateConfig, type MandateConfig } from './config.js';
