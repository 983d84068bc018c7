/**
 * Test support: a loopback TCP proxy in front of a server (PostgreSQL in database-outage.test.ts) that a
 * test can cut and restore, like a network failure or a database restart seen from the server:
 *
 *   const proxy = await startTcpProxy(5432);   // listens on 127.0.0.1:<proxy.port>
 *   proxy.cut();       // every connection through it is reset; new ones are reset as they arrive
 *   proxy.restore();   // new connections get through again
 *   await proxy.close();
 *
 * Only loopback: it listens on 127.0.0.1 and forwards to 127.0.0.1 (or the given loopback host).
 */
import { connect, createServer, type Socket } from 'node:net';

export interface TcpProxy {
  port: number;
  /** Resets every open connection and every new one until `restore`. */
  cut(): void;
  restore(): void;
  /** Connections forwarded since the start (each from the client side). */
  readonly accepted: number;
  close(): Promise<void>;
}

export async function startTcpProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpProxy> {
  if (!/^(127\.\d+\.\d+\.\d+|::1|localhost)$/.test(targetHost)) {
    throw new Error(`the test proxy forwards to loopback only, not ${targetHost}`);
  }
  const open = new Set<Socket>();
  let isCut = false;
  let accepted = 0;
  const track = (socket: Socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    // A reset peer is the point of the exercise: its error must not end the test process.
    socket.on('error', () => socket.destroy());
  };
  const server = createServer((client) => {
    track(client);
    if (isCut) {
      client.resetAndDestroy();
      return;
    }
    accepted++;
    const upstream = connect(targetPort, targetHost);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    cut() {
      isCut = true;
      for (const socket of open) socket.resetAndDestroy();
    },
    restore() {
      isCut = false;
    },
    get accepted() {
      return accepted;
    },
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
