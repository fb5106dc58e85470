import { duration, int, loadConfig, platformSettings, str, vrpEnvSetting } from '@vrp/config';

/**
 * Reads the mandate service's settings from `env` (default: this process's environment; this
 * is the only module that reads it) and returns them frozen. Throws a ConfigError listing every bad setting, one line each.
 */
export function loadMandateConfig(env: NodeJS.ProcessEnv = process.env) {
  // The environment decides the other defaults (database, stream), so it is read first.
  const { env: vrpEnv } = loadConfig({ env: vrpEnvSetting }, env);
  return loadConfig(
    {
      env: vrpEnvSetting,
      grpcPort: int('GRPC_PORT', { default: 50051, min: 0, max: 65535 }),
      // Loopback by default for local runs; containers set 0.0.0.0 so probes and Services reach the pod.
      grpcHost: str('GRPC_HOST', { default: '127.0.0.1' }),
      ...platformSettings(vrpEnv),
      sandboxActivationDelayMs: int('SANDBOX_ACTIVATION_DELAY_MS', { default: 1000, min: 0 }),
      // The payment service, whose replica of active mandates' terms this service keeps (pushes and
      // fences). Empty: none is kept, and the payment service asks this one at every create.
      paymentServiceUrl: str('PAYMENT_SERVICE_URL', { default: '' }),
      /** Deadline of one call to the payment service. */
      callTimeoutMs: duration('MANDATE_CALL_TIMEOUT', { default: 5_000 }),
      /** The bank connector, which stages mandate requests' consents at the bank. */
      connectorServiceUrl: str('CONNECTOR_SERVICE_URL', { default: 'http://127.0.0.1:50056' }),
      /** How often journeys whose time ran out are looked for (mandate_request.expired). */
      mandateRequestExpiryIntervalMs: duration('MANDATE_REQUEST_EXPIRY_INTERVAL', { default: 1_000 }),
      /** How often mandates whose valid_to passed are looked for (mandate.expired). */
      mandateExpiryIntervalMs: duration('MANDATE_EXPIRY_INTERVAL', { default: 1_000 }),
    },
    env,
  );
}

/** The validated settings of the mandate service. */
export type MandateConfig = ReturnType<typeof loadMandateConfig>;
