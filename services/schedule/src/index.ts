/**
 * The schedule service for embedding: what main.ts runs, and what other packages' tests start in
 * process (they import this package by name, never its files by path).
 */
export { startScheduleService, type ScheduleService } from './app.js';
export { loadScheduleConfig, type ScheduleConfig } from './config.js';
