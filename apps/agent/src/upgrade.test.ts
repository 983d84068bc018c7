// The agent's upgrade against a real local HTTP server standing in for the console's package download.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { createCommandDispatcher } from './commands';
import { installedVersion, runUpgrade } from './upgrade';

const KEY = 'box-key-0123456789abcdef';
const good = Buffer.alloc(300 * 1024, 7);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
let server: Server;
let base = '';
let dataDir = '';
const seen: { url: string; authorization: string | undefined }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', authorization: req.headers.authorization });
    if (req.headers.authorization !== `Bearer ${KEY}`) return void res.writeHead(401).end();
    if (req.url === '/pkg/good') return void res.end(good);
    if (req.url === '/pkg/corrupt') {
      const bad = Buffer.from(good);
      bad[100] = 0;
      return void res.end(bad);
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dataDir = mkdtempSync(join(tmpdir(), 'storefleet-upgrade-'));
  seen.length = 0;
});

const command = (packageUrl: string, hash = sha(good)) => ({
  name: 'upgrade' as const,
  version: '2.0.0',
  packageUrl,
  sha256: hash,
  size: good.length,
});

describe('upgrade', () => {
  it('downloads with the box key, checks the SHA-256 and records the installed version', async () => {
    const result = await runUpgrade(command('/pkg/good'), { server: base, key: KEY, dataDir });
    expect(result).toEqual({ version: '2.0.0', sha256: sha(good), bytes: good.length, running: false });
    expect(seen).toEqual([{ url: '/pkg/good', authorization: `Bearer ${KEY}` }]);
    expect(await installedVersion(dataDir)).toMatchObject({ version: '2.0.0', sha256: sha(good) });
    const kept = readFileSync(join(dataDir, 'upgrade', 'packages', `${sha(good)}.pkg`));
    expect(kept.equals(good)).toBe(true);
    // Asked again (the server resends after a restart): answered from the record, nothing downloaded.
    await runUpgrade(command('/pkg/good'), { server: base, key: KEY, dataDir });
    expect(seen).toHaveLength(1);
  });

  it('refuses a package whose checksum does not match, installing nothing', async () => {
    await expect(runUpgrade(command('/pkg/corrupt'), { server: base, key: KEY, dataDir })).rejects.toThrow(
      /Checksum mismatch/,
    );
    expect(await installedVersion(dataDir)).toBeNull();
    expect(existsSync(join(dataDir, 'upgrade', 'packages', `${sha(good)}.pkg`))).toBe(false);
  });

  it('stops a download that grows past the announced size', async () => {
    const small = { ...command('/pkg/good'), size: 1024 };
    await expect(runUpgrade(small, { server: base, key: KEY, dataDir })).rejects.toThrow(/larger than/);
    expect(await installedVersion(dataDir)).toBeNull();
  });

  it('answers through the dispatcher: ok, FAILED on HTTP errors, INVALID_ARGUMENT for another origin', async () => {
    const dispatch = createCommandDispatcher({
      reloadConfig: async () => ({ devices: 0, intervalSeconds: 60 }),
      upgrade: { server: base, key: KEY, dataDir },
    });
    const done = await dispatch({ type: 'command', id: 'u1', command: command(`${base}/pkg/good`) });
    expect(done).toMatchObject({ ok: true, result: { version: '2.0.0', sha256: sha(good) } });
    const missing = await dispatch({
      type: 'command',
      id: 'u2',
      command: command('/pkg/none', 'a'.repeat(64)),
    });
    expect(missing).toMatchObject({
      ok: false,
      error: { code: 'FAILED', message: expect.stringContaining('404') },
    });
    // The key must never travel to another server, even one on this machine.
    const elsewhere = await dispatch({
      type: 'command',
      id: 'u3',
      command: command('http://127.0.0.2:9/pkg/good', 'b'.repeat(64)),
    });
    expect(elsewhere).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    expect(seen.every((s) => s.url.startsWith('/pkg/'))).toBe(true);
    // Without an upgrade target (an embedding that does not install), the command is unsupported.
    const bare = createCommandDispatcher({ reloadConfig: async () => ({ devices: 0, intervalSeconds: 60 }) });
    expect(await bare({ type: 'command', id: 'u4', command: command('/pkg/good') })).toMatchObject({
      ok: false,
      error: { code: 'UNSUPPORTED_COMMAND' },
    });
  });
});
