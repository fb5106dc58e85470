/**
 * The payment service for embedding: what main.ts runs, and what other packages' tests start in
 * process (they import this package by name, never its files by path).
 */
export { startPaymentService, type PaymentService } from './app.js';
export { loadPaymentConfig, type PaymentConfig } from './config.js';
