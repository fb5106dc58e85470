import { duration, int, loadConfig, platformSettings, str, vrpEnvSetting } from '@vrp/config';

/**
 * The payment service's settings, read once from `env` (the only reader of process.env), validated
 * and frozen. Defaults work on a developer machine.
 */
export function loadPaymentConfig(env: NodeJS.ProcessEnv = process.env) {
  const { vrpEnv } = loadConfig({ vrpEnv: vrpEnvSetting }, env);
  return loadConfig(
    {
      vrpEnv: vrpEnvSetting,
      ...platformSettings(vrpEnv),
      grpcPort: int('GRPC_PORT', { default: 50052, min: 0, max: 65535 }),
      // Loopback by default for local runs; containers set 0.0.0.0 so probes and Services reach the pod.
      grpcHost: str('GRPC_HOST', { default: '127.0.0.1' }),
      mandateServiceUrl: str('MANDATE_SERVICE_URL', { default: 'http://127.0.0.1:50051' }),
      /** The bank connector, which hands payments and refunds to the customer's bank. */
      connectorServiceUrl: str('CONNECTOR_SERVICE_URL', { default: 'http://127.0.0.1:50056' }),
      /** A submission the bank has not acknowledged after this long is sent again. */
      resubmitAfterMs: duration('PAYMENT_RESUBMIT_AFTER', { default: 30_000 }),
      // An acknowledged attempt still undecided after this is sent again (the bank may have lost it).
      bankDecisionTimeoutMs: duration('PAYMENT_BANK_DECISION_TIMEOUT', { default: 15 * 60_000 }),
      /** How often the resubmission sweeper looks. */
      resubmitSweepIntervalMs: duration('PAYMENT_RESUBMIT_SWEEP_INTERVAL', { default: 5_000 }),
      /** Deadline of one call to the mandate service or the bank. */
      callTimeoutMs: duration('PAYMENT_CALL_TIMEOUT', { default: 5_000 }),
    },
    env,
  );
}

export type PaymentConfig = ReturnType<typeof loadPaymentConfig>;
