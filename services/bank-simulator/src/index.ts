/**
 * The bank simulator for embedding: what main.ts runs, and what other packages' tests start in
 * process (they import this package by name, never its files by path).
 */
export { startBankSimulator, type BankSimulator } from './app.js';
export { loadBankSimulatorConfig, type BankSimulatorConfig } from './config.js';
