/**
 * The demo's speed-test endpoint (issue 14): a small HTTP server inside the server process, listening on
 * 127.0.0.1 only, that stands in for real speed-test endpoints. `GET /speed-test/download?bytes=N`
 * answers N bytes (default 4 MiB, at most 16 MiB); `POST /speed-test/upload` reads the body and answers
 * how many bytes arrived. The demo seeds shared net-test addresses pointing at it (`seedDemoNetTestAddresses`);
 * its port is chosen at each start, so on start-up those addresses are pointed at the current port.
 * A deployment instead points its addresses at real endpoints from the admin console (README).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { Kysely } from 'kysely';

import type { DB } from '../db/database';
import {
  insertNetTestAddress,
  listNetTestAddresses,
  updateNetTestAddress,
} from '../modules/nettest/net-test-address.repository';

const MIB = 1024 * 1024;
const DEFAULT_DOWNLOAD = 4 * MIB;
const MAX_DOWNLOAD = 16 * MIB;
/** Who "created" the seeded addresses: only those are re-pointed at start-up. */
const DEMO_AUTHOR = 'demo';
/** A seeded address's URLs before the first start (port 9 is never listened on: the discard port). */
const UNSTARTED = 'http://127.0.0.1:9';
const CHUNK = Buffer.alloc(64 * 1024, 0x5a);

export interface SpeedTestServer {
  /** e.g. http://127.0.0.1:40123 */
  base: string;
  stop(): Promise<void>;
}

/** Starts the endpoint on 127.0.0.1 (port 0: any free one). */
export async function startSpeedTestServer(port = 0): Promise<SpeedTestServer> {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method === 'GET' && url.pathname === '/speed-test/download') {
      const asked = Number(url.searchParams.get('bytes') ?? DEFAULT_DOWNLOAD);
      const total =
        Number.isFinite(asked) && asked > 0 ? Math.min(Math.floor(asked), MAX_DOWNLOAD) : DEFAULT_DOWNLOAD;
      res.writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-length': total,
        'cache-control': 'no-store',
      });
      let sent = 0;
      const pump = () => {
        while (sent < total) {
          const part = CHUNK.subarray(0, Math.min(CHUNK.length, total - sent));
          sent += part.length;
          if (!res.write(part)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('close', () => {
        sent = total;
      });
      return pump();
    }
    if (req.method === 'POST' && url.pathname === '/speed-test/upload') {
      let received = 0;
      req.on('data', (chunk: Buffer) => {
        received += chunk.length;
      });
      req.on('end', () =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ received })),
      );
      req.on('error', () => res.destroy());
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The demo's shared net-test addresses (offered to every company), on the local endpoint. */
export async function seedDemoNetTestAddresses(db: Kysely<DB>, now: number): Promise<void> {
  const address = (name: string, download: string | null, upload: string | null) =>
    insertNetTestAddress(db, {
      company_id: null,
      ping_url: '127.0.0.1',
      ping_url_name: name,
      download_url: download,
      upload_url: upload,
      created_by: DEMO_AUTHOR,
      created_at: now,
      updated_by: DEMO_AUTHOR,
      updated_at: now,
    });
  await address('本机测速（演示）', `${UNSTARTED}/speed-test/download`, `${UNSTARTED}/speed-test/upload`);
  await address('本机延迟（演示）', null, null);
}

const ON_LOOPBACK = /^http:\/\/127\.0\.0\.1:\d+(\/speed-test\/(download|upload))$/;

/** Points the seeded addresses (still on a loopback speed-test URL) at `base`; returns how many changed. */
export async function pointDemoAddressesAt(db: Kysely<DB>, base: string): Promise<number> {
  let changed = 0;
  for (const row of await listNetTestAddresses(db, null)) {
    if (row.created_by !== DEMO_AUTHOR) continue;
    const move = (url: string | null) => {
      const match = url ? ON_LOOPBACK.exec(url) : null;
      return match ? `${base}${match[1]}` : url;
    };
    const download = move(row.download_url);
    const upload = move(row.upload_url);
    if (download === row.download_url && upload === row.upload_url) continue;
    await updateNetTestAddress(db, row.id, { download_url: download, upload_url: upload });
    changed += 1;
  }
  return changed;
}

/** Demo start-up: the endpoint and the seeded addresses pointed at it (null when the demo is off). */
export async function startDemoSpeedTest(demo: boolean, db: Kysely<DB>): Promise<SpeedTestServer | null> {
  if (!demo) return null;
  const server = await startSpeedTestServer();
  await pointDemoAddressesAt(db, server.base);
  return server;
}
