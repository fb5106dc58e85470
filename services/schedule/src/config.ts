import { duration, int, loadConfig, platformSettings, str, vrpEnvSetting } from '@vrp/config';

/**
 * Reads the schedule service's settings from `env` (default: this process's environment; this
 * is the only module that reads it) and returns them frozen. Throws a ConfigError listing every bad setting, one line each.
 */
export function loadScheduleConfig(env: NodeJS.ProcessEnv = process.env) {
  // The environment decides the other defaults (database, stream), so it is read first.
  const { env: vrpEnv } = loadConfig({ env: vrpEnvSetting }, env);
  return loadConfig(
    {
      env: vrpEnvSetting,
      grpcPort: int('GRPC_PORT', { default: 50057, min: 0, max: 65535 }),
      // Loopback by default for local runs; containers set 0.0.0.0 so probes and Services reach the pod.
      grpcHost: str('GRPC_HOST', { default: '127.0.0.1' }),
      ...platformSettings(vrpEnv),
      mandateServiceUrl: str('MANDATE_SERVICE_URL', { default: 'http://127.0.0.1:50051' }),
      paymentServiceUrl: str('PAYMENT_SERVICE_URL', { default: 'http://127.0.0.1:50052' }),
      /** Deadline of one call to the mandate or payment service. */
      callTimeoutMs: duration('SCHEDULE_CALL_TIMEOUT', { default: 5000 }),
      /** How often the scheduler looks for due cycles when nothing wakes it. */
      schedulerIntervalMs: duration('SCHEDULER_INTERVAL', { default: 1000 }),
      /** Cycles one scheduler claims in one transaction. */
      schedulerBatch: int('SCHEDULER_BATCH', { default: 500, min: 1, max: 10_000 }),
      /** Payments one scheduler creates at the same time. */
      schedulerConcurrency: int('SCHEDULER_CONCURRENCY', { default: 32, min: 1, max: 1000 }),
      /** How long a claimed cycle is left to its scheduler before another may take it over. */
      cycleLeaseMs: duration('SCHEDULER_LEASE', { default: 60_000 }),
    },
    env,
  );
}

/** The validated settings of the schedule service. */
export type ScheduleConfig = ReturnType<typeof loadScheduleConfig>;
