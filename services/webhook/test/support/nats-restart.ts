import { execFileSync } from 'node:child_process';
import net from 'node:net';
import { waitFor } from '@vrp/testing';

const portOpen = () =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(4222, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

/** Starts the machine's NATS server if its port does not answer (idempotent). */
export async function startNats(): Promise<void> {
  execFileSync('start-stop-daemon', [
    '--start', '--oknodo', '--background', '--exec', '/usr/sbin/nats-server', '--',
    '-a', '127.0.0.1', '-p', '4222', '-js', '-sd', '/var/lib/nats-server', '-l', '/var/log/nats-server.log',
  ]);
  await waitFor(portOpen, { timeoutMs: 15_000, what: 'NATS to accept connections' });
}

/**
 * Stops the shared NATS server, runs `during`, and always starts it again (other suites share
 * it), keeping the outage to `during` plus a few seconds.
 */
export async function withNatsOutage(during: () => Promise<void>): Promise<void> {
  try {
    execFileSync('start-stop-daemon', ['--stop', '--oknodo', '--retry', '5', '--exec', '/usr/sbin/nats-server']);
    await waitFor(async () => !(await portOpen()), { timeoutMs: 10_000, what: 'NATS to stop' });
    await during();
  } finally {
    await startNats();
  }
}
