// Preloaded into the Prisma CLI for `migrate deploy`: its WebAssembly engine arms a 10 s timer
// that keeps the process alive after the work is done. Unref'ing long timers lets it exit at
// once (~2 s per service instead of ~12 s). Never loaded into the services themselves.
const original = globalThis.setTimeout;
globalThis.setTimeout = function patched(fn, ms, ...args) {
  const timer = original(fn, ms, ...args);
  if (typeof ms === 'number' && ms >= 10000 && timer && typeof timer.unref === 'function') timer.unref();
  return timer;
};
