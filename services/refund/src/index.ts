/**
 * The refund service for embedding: what main.ts runs, and what other packages' tests start in
 * process (they import this package by name, never its files by path).
 */
export { startRefundService, type RefundService } from './app.js';
export { loadRefundConfig, type RefundConfig } from './config.js';
