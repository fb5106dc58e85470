import { duration, int, loadConfig, platformSettings, str, vrpEnvSetting } from '@vrp/config';

/**
 * Reads the refund service's settings from `env` (default: this process's environment; this
 * is the only module that reads it) and returns them frozen. Throws a ConfigError listing every
 * bad setting, one line each.
 */
export function loadRefundConfig(env: NodeJS.ProcessEnv = process.env) {
  // The environment decides the other defaults (database, stream), so it is read first.
  const { env: vrpEnv } = loadConfig({ env: vrpEnvSetting }, env);
  return loadConfig(
    {
      env: vrpEnvSetting,
      grpcPort: int('GRPC_PORT', { default: 50053, min: 0, max: 65535 }),
      // Loopback by default for local runs; containers set 0.0.0.0 so probes and Services reach the pod.
      grpcHost: str('GRPC_HOST', { default: '127.0.0.1' }),
      ...platformSettings(vrpEnv),
      paymentServiceUrl: str('PAYMENT_SERVICE_URL', { default: 'http://127.0.0.1:50052' }),
      /** The bank connector, which hands payments and refunds to the customer's bank. */
      connectorServiceUrl: str('CONNECTOR_SERVICE_URL', { default: 'http://127.0.0.1:50056' }),
      /** Deadline of one call to the payment service or the bank. */
      callTimeoutMs: duration('REFUND_CALL_TIMEOUT', { default: 5000 }),
      /** How often the sweepers look for unfinished work. */
      sweepIntervalMs: duration('REFUND_SWEEP_INTERVAL', { default: 1000 }),
      /** A refund the bank has not acknowledged after this long is submitted again. */
      bankResubmitAfterMs: duration('REFUND_BANK_RESUBMIT_AFTER', { default: 10_000 }),
      // An acknowledged refund the bank has not decided for this long is sent again (a bank that restarted may have lost it).
      bankDecisionTimeoutMs: duration('REFUND_BANK_DECISION_TIMEOUT', { default: 15 * 60_000 }),
      /** A refund request still open after this long is abandoned and its booking given back. */
      requestStaleAfterMs: duration('REFUND_REQUEST_STALE_AFTER', { default: 60_000 }),
      /** Business days between a refund's creation and its expected settlement. */
      settlementBusinessDays: int('REFUND_SETTLEMENT_BUSINESS_DAYS', { default: 2, min: 0, max: 30 }),
    },
    env,
  );
}

/** The validated settings of the refund service. */
export type RefundConfig = ReturnType<typeof loadRefundConfig>;
