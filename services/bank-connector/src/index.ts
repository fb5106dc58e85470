/**
 * The bank connector for embedding: what main.ts runs, and what other packages' tests start in
 * process (they import this package by name, never its files by path).
 */
export { startBankConnectorService, type BankConnectorService } from './app.js';
export { loadBankConnectorConfig, type BankConnectorConfig } from './config.js';
