import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { reservePort } from './ports.js';
import { waitFor } from './wait.js';

const BINARY = '/usr/sbin/nats-server';

/** One node of a {@link PrivateNatsCluster}. */
export interface NatsClusterNode {
  /** Its server name (JetStream reports stream and consumer leaders by it). */
  name: string;
  url: string;
  /** Kills the node (SIGKILL: no lame-duck hand-over, as when a machine is lost). */
  kill(): Promise<void>;
}

/** A NATS cluster with JetStream owned by one test. */
export interface PrivateNatsCluster {
  nodes: NatsClusterNode[];
  /** Every node's client URL, comma-separated (what NATS_URL takes). */
  url: string;
  /** Stops every node and deletes their stores. */
  dispose(): Promise<void>;
}

/**
 * Starts `size` nats-server processes (the machine's binary) with JetStream, each on its own free
 * client and cluster ports with its own store in a temporary folder, routed to each other as one
 * cluster; resolves once JetStream has a meta leader (streams can be created).
 */
export async function startPrivateNatsCluster(size = 3): Promise<PrivateNatsCluster> {
  const root = mkdtempSync(path.join(tmpdir(), 'vrp-nats-cluster-'));
  const clusterName = `vrp-test-${path.basename(root).slice(-6)}`;
  const ports: { client: number; cluster: number; monitor: number }[] = [];
  for (let i = 0; i < size; i++) ports.push({ client: await reservePort(), cluster: await reservePort(), monitor: await reservePort() });
  const routes = ports.map((p) => `nats://127.0.0.1:${p.cluster}`).join(',');
  const children: ChildProcess[] = [];
  const nodes = ports.map((p, i): NatsClusterNode => {
    const name = `n${i + 1}`;
    const child = spawn(
      BINARY,
      [
        ...['-a', '127.0.0.1', '-p', String(p.client), '-m', String(p.monitor), '--server_name', name],
        ...['-js', '-sd', path.join(root, name)],
        ...['--cluster_name', clusterName, '--cluster', `nats://127.0.0.1:${p.cluster}`, '--routes', routes],
      ],
      { stdio: 'ignore' },
    );
    children.push(child);
    return {
      name,
      url: `nats://127.0.0.1:${p.client}`,
      async kill() {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = once(child, 'exit');
        child.kill('SIGKILL');
        await exited;
      },
    };
  });
  const cluster: PrivateNatsCluster = {
    nodes,
    url: nodes.map((n) => n.url).join(','),
    async dispose() {
      await Promise.all(nodes.map((n) => n.kill()));
      rmSync(root, { recursive: true, force: true });
    },
  };
  try {
    await waitFor(
      async () => {
        const answers = await Promise.all(
          ports.map(async (p) => {
            const res = await fetch(`http://127.0.0.1:${p.monitor}/jsz`).catch(() => undefined);
            const body = res?.ok ? ((await res.json()) as { meta_cluster?: { leader?: string; cluster_size?: number } }) : undefined;
            return body?.meta_cluster?.leader && body.meta_cluster.cluster_size === size;
          }),
        );
        return answers.every(Boolean);
      },
      { timeoutMs: 30_000, intervalMs: 250, what: `a ${size}-node NATS cluster with a JetStream meta leader` },
    );
  } catch (err) {
    await cluster.dispose();
    throw err;
  }
  return cluster;
}
