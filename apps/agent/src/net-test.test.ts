import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { PingSummary } from '@storefleet/agent-link';
import { NetTestResult } from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createCommandDispatcher } from './commands';
import { runNetTest } from './net-test';

/**
 * The ping probe itself is tested in packages/agent-link/src/ping/ping.test.ts (it needs the system
 * ping); here a stand-in answers like a healthy loopback and records which address the test asked for.
 */
const pinged: string[] = [];
const answered: PingSummary = {
  online: true,
  transmitted: 4,
  received: 4,
  lossRate: 0,
  delayMs: 0.05,
  jitterMs: 0.02,
};
const silent: PingSummary = {
  online: false,
  transmitted: 4,
  received: 0,
  lossRate: 1,
  delayMs: null,
  jitterMs: null,
};
const ping = async (address: string) => {
  pinged.push(address);
  return address === '127.0.0.9' ? silent : answered;
};

/** A stand-in speed-test endpoint on loopback: /down sends 1 MiB, /up counts what it receives. */
let server: Server;
let base: string;
let uploaded = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/down') {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.end(Buffer.alloc(1024 * 1024, 7));
    } else if (req.url === '/up' && req.method === 'POST') {
      req.on('data', (chunk: Buffer) => {
        uploaded += chunk.length;
      });
      req.on('end', () => res.end('ok'));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('netTest', () => {
  it('pings the host and measures download and upload against a local endpoint', async () => {
    uploaded = 0;
    const result = await runNetTest(
      [{ addressId: '7', pingHost: 'localhost', downloadUrl: `${base}/down`, uploadUrl: `${base}/up` }],
      { ping, limits: { uploadBytes: 256 * 1024, transferMs: 20_000 } },
    );
    const [target] = NetTestResult.parse(result).targets;
    expect(target).toMatchObject({
      addressId: '7',
      lossRate: 0,
      pingError: null,
      downloadError: null,
      uploadError: null,
    });
    expect(pinged).toContainEqual(expect.stringMatching(/^(127\.0\.0\.1|::1)$/));
    expect(target).toMatchObject({ delayMs: 0.05, jitterMs: 0.02 });
    expect(target?.downloadBytesPerSecond).toBeGreaterThan(0);
    expect(target?.uploadBytesPerSecond).toBeGreaterThan(0);
    expect(uploaded).toBe(256 * 1024);
  });

  it('reports each failing part with its reason and still measures the others', async () => {
    const result = await runNetTest(
      [
        { addressId: '1', pingHost: '127.0.0.9', downloadUrl: `${base}/missing` },
        { addressId: '2', pingHost: '127.0.0.1', uploadUrl: 'ftp://127.0.0.1/x' },
      ],
      { ping, limits: { transferMs: 20_000 } },
    );
    expect(result.targets[0]).toMatchObject({
      delayMs: null,
      lossRate: 1,
      pingError: expect.stringContaining('127.0.0.9'),
      downloadBytesPerSecond: null,
      downloadError: expect.stringContaining('404'),
      uploadError: null,
    });
    expect(result.targets[1]).toMatchObject({
      pingError: null,
      lossRate: 0,
      uploadError: expect.stringContaining('not an http'),
    });
  });

  it('answers the netTest command through the dispatcher, and refuses bad arguments', async () => {
    const dispatch = createCommandDispatcher({
      reloadConfig: async () => ({ devices: 0, intervalSeconds: 60 }),
      ping,
    });
    const reply = await dispatch({
      type: 'command',
      id: 'c1',
      command: { name: 'netTest', targets: [{ addressId: '3', pingHost: '127.0.0.1' }] },
    });
    expect(reply).toMatchObject({ ok: true, result: { targets: [{ addressId: '3', lossRate: 0 }] } });
    const bad = await dispatch({ type: 'command', id: 'c2', command: { name: 'netTest', targets: [] } });
    expect(bad).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
  });
});
