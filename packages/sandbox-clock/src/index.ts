export { loadClockOffsets, saveClockOffset, type RawSql } from './clock-store.js';
export { registerSandboxClock, sandboxClockHandlers, SANDBOX_CLOCK_SERVICE } from './clock-service.js';
export { MerchantClocks } from './merchant-clocks.js';
export { MAX_OFFSET_MS, SandboxClocks, type SandboxClocksOptions } from './sandbox-clocks.js';
