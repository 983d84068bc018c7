/**
 * A TCP round-robin on loopback in front of several server nodes, like the proxy of
 * apps/server/src/engine/cluster/two-nodes.test.ts: each new connection (an HTTP keep-alive connection
 * or a box's WebSocket) goes to the next node that accepts it. It runs in a child process of its own
 * (this file, forked) so its CPU time is counted apart from the benchmark's load generators.
 */
import { fork } from 'node:child_process';
import { connect, createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

import { REPO_ROOT } from './bench-paths';

export interface RoundRobin {
  port: number;
  pid: number;
  stop(): Promise<void>;
}

/** Forks the round-robin in front of `ports`; resolves once it listens. */
export function startRoundRobin(ports: readonly number[]): Promise<RoundRobin> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve', ports.join(',')], {
    cwd: REPO_ROOT,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the round-robin exited with ${code}`)));
    child.once('message', (message: { port: number }) =>
      resolve({
        port: message.port,
        pid: child.pid ?? 0,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGKILL');
          }),
      }),
    );
  });
}

/** The proxy itself (in the child). */
function serve(ports: readonly number[]): void {
  let next = 0;
  const server = createServer((client) => {
    client.pause();
    client.on('error', () => client.destroy());
    const attempt = (tries: number) => {
      if (tries === ports.length) return client.destroy();
      const port = ports[next++ % ports.length] as number;
      const upstream = connect(port, '127.0.0.1');
      upstream.once('error', () => attempt(tries + 1));
      upstream.once('connect', () => {
        upstream.removeAllListeners('error');
        upstream.on('error', () => client.destroy());
        upstream.on('close', () => client.destroy());
        client.on('close', () => upstream.destroy());
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
      });
    };
    attempt(0);
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
  });
}

if (process.argv[2] === '--serve') serve((process.argv[3] ?? '').split(',').map(Number));
