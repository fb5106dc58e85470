import { bool, duration, int, loadConfig, platformSettings, str, vrpEnvSetting, type Setting, type VrpEnv } from '@vrp/config';

/**
 * VRP_ENV, which must be sandbox: the simulator plays the bank, deciding payments and refunds
 * by itself, so a production platform that reached it would report money moved that never did.
 * Production reaches a real bank connector instead (BANK_SERVICE_URL).
 */
const sandboxOnly: Setting<VrpEnv> = {
  name: vrpEnvSetting.name,
  parse(raw) {
    const env = vrpEnvSetting.parse(raw);
    if (env === 'production') throw new Error('must not be production for the bank simulator: it plays the bank (sandbox only)');
    return env;
  },
};

/**
 * The bank simulator's settings, read once from `env` (the only reader of process.env),
 * validated and frozen. It keeps no database: its state lives in memory, like a sandbox bank's.
 */
export function loadBankSimulatorConfig(env: NodeJS.ProcessEnv = process.env) {
  const { vrpEnv } = loadConfig({ vrpEnv: sandboxOnly }, env);
  return loadConfig(
    {
      vrpEnv: sandboxOnly,
      logLevel: platformSettings(vrpEnv).logLevel,
      metricsPort: platformSettings(vrpEnv).metricsPort,
      metricsHost: platformSettings(vrpEnv).metricsHost,
      grpcPort: int('GRPC_PORT', { default: 50055, min: 0, max: 65535 }),
      // Loopback by default for local runs; containers set 0.0.0.0 so probes and Services reach the pod.
      grpcHost: str('GRPC_HOST', { default: '127.0.0.1' }),
      paymentServiceUrl: str('PAYMENT_SERVICE_URL', { default: 'http://127.0.0.1:50052' }),
      refundServiceUrl: str('REFUND_SERVICE_URL', { default: 'http://127.0.0.1:50053' }),
      /** How long after submission a payment or refund settles by itself. */
      settlementDelayMs: int('SANDBOX_SETTLEMENT_DELAY_MS', { default: 3000, min: 0 }),
      /**
       * How long a settlement run gathers the settlements that fall due before the bank reports
       * them, together in one call (0: each on its own, the moment it falls due).
       */
      settlementRunMs: int('BANK_SETTLEMENT_RUN_MS', { default: 50, min: 0 }),
      /** Whether submissions settle by themselves; when off only the Force RPCs decide. */
      autoSettle: bool('BANK_AUTO_SETTLE', { default: true }),
      /** Longest wait between two attempts of a callback (backoff doubles up to it). */
      callbackMaxBackoffMs: duration('BANK_CALLBACK_MAX_BACKOFF', { default: 5000 }),
    },
    env,
  );
}

export type BankSimulatorConfig = ReturnType<typeof loadBankSimulatorConfig>;
