// Every upload route over real loopback sockets: a file over the route's limit is answered 413 and
// nothing is stored, whether it arrives in one write or dribbles in as many small ones; a file at the
// limit still passes the byte check. The route list is checked against the registered multipart
// routes, so a new upload route fails here until it is added.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { Readable } from 'node:stream';

import {
  type AnyEndpoint,
  DeviceEndpoints,
  fillPath,
  INVENTORY_IMAGE_LIMITS,
  InventoryEndpoints,
  LOGO_LIMITS,
  LogoEndpoints,
  StoreEndpoints,
  TaskEndpoints,
  VERSION_LIMITS,
  VersionEndpoints,
} from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPREADSHEET_UPLOAD } from '../files/spreadsheet-upload';
import { INVENTORY_UPLOAD } from '../modules/inventory/inventory-import';
import { STORE_UPLOAD } from '../modules/stores/store-import';
import { createTestApp, TEST_LANGUAGE, type TestApp } from '../testing/test-app';
import { pngOfAtLeast } from '../testing/test-images';
import { readFilePart } from './upload';

let t: TestApp;
let dataDir: string;
let port: number;
const tokens: Record<string, string> = {};

interface UploadCase {
  endpoint: AnyEndpoint;
  maxBytes: number;
  user: 'admin' | 'platform';
  params?: Record<string, number>;
  fields?: Record<string, string>;
}

const CASES: UploadCase[] = [
  { endpoint: LogoEndpoints.upload, maxBytes: LOGO_LIMITS.maxBytes, user: 'admin' },
  { endpoint: TaskEndpoints.uploadTaskPhoto, maxBytes: LOGO_LIMITS.maxBytes, user: 'admin' },
  { endpoint: InventoryEndpoints.uploadImage, maxBytes: INVENTORY_IMAGE_LIMITS.maxBytes, user: 'admin' },
  {
    endpoint: InventoryEndpoints.importExcelInventory,
    maxBytes: INVENTORY_UPLOAD.maxBytes,
    user: 'admin',
    params: { shopId: 1 },
  },
  { endpoint: StoreEndpoints.importStores, maxBytes: STORE_UPLOAD.maxBytes, user: 'admin' },
  {
    endpoint: DeviceEndpoints.importExcel,
    maxBytes: SPREADSHEET_UPLOAD.maxBytes,
    user: 'admin',
    params: { shopId: 1 },
  },
  {
    endpoint: VersionEndpoints.versionUpload,
    maxBytes: VERSION_LIMITS.maxBytes,
    user: 'platform',
    fields: { number: '9.9.9' },
  },
];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'storefleet-upload-limit-'));
  t = await createTestApp({ config: { dataDir } });
  tokens.admin = await t.signIn('admin');
  tokens.platform = await t.signIn('platform');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
}, 60_000);

afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Every file under the data folder, relative to it (the database lives elsewhere in these tests). */
function storedFiles(dir = dataDir): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dataDir, join(entry.parentPath, entry.name)))
    .sort();
}

/** A multipart body: the text fields, then `file` holding `bytes`. */
function multipart(bytes: Buffer, fields: Record<string, string> = {}) {
  const boundary = `----storefleet${Math.random().toString(16).slice(2)}`;
  const head = Object.entries(fields)
    .map(
      ([name, value]) =>
        `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join('');
  const fileHead = `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="big.png"\r\ncontent-type: image/png\r\n\r\n`;
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    fileStart: Buffer.byteLength(head + fileHead),
    body: Buffer.concat([Buffer.from(head + fileHead), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  };
}

/**
 * POSTs `body` over a real socket: in one write, in pieces of `chunking` bytes, or (`split`) in two
 * writes cut at `splitAt`; each write only after the previous one was handed to the socket. Resolves with the status and body of the reply; the server may
 * answer before the upload is complete, and the writes after that are not its concern.
 */
function post(
  path: string,
  token: string,
  upload: { contentType: string; body: Buffer },
  chunking: number | 'split' | null,
  splitAt = 0,
): Promise<{ status: number; body: { code?: string; message?: string } }> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          ...TEST_LANGUAGE,
          'content-type': upload.contentType,
          'content-length': upload.body.length,
        },
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : {} });
        });
        res.on('error', reject);
      },
    );
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    if (chunking === null) {
      req.end(upload.body);
      return;
    }
    const pieces: Buffer[] = [];
    if (chunking === 'split') pieces.push(upload.body.subarray(0, splitAt), upload.body.subarray(splitAt));
    else
      for (let at = 0; at < upload.body.length; at += chunking)
        pieces.push(upload.body.subarray(at, at + chunking));
    const send = async () => {
      for (const piece of pieces) {
        if (answered || req.destroyed) return;
        await new Promise<void>((done) => req.write(piece, () => done()));
      }
      if (!answered) req.end();
    };
    void send();
  });
}

describe('uploads over the limit', () => {
  it('covers every multipart route the server registers', () => {
    const multipartRoutes = t.app.apiRoutes.filter((route) => route.bodyEncoding === 'multipart');
    expect(multipartRoutes.map((route) => route.path).sort()).toEqual(
      CASES.map((c) => c.endpoint.path).sort(),
    );
  });

  it('stores a file at the image limit (the positive control of "nothing stored")', async () => {
    const before = storedFiles();
    const res = await post(
      LogoEndpoints.upload.path,
      tokens.admin ?? '',
      multipart(pngOfAtLeast(LOGO_LIMITS.maxBytes)),
      64 * 1024,
    );
    expect(res.status).toBe(200);
    expect(storedFiles().length).toBe(before.length + 1);
  }, 60_000);

  for (const c of CASES) {
    for (const [how, chunking] of [
      ['in one write', null],
      ['in many small writes', 16 * 1024],
      // The file's first maxBytes bytes, then the rest: the cut falls between two reads of the part.
      ['in two writes cut at the limit', 'split'],
    ] as const) {
      it(`${c.endpoint.method} ${c.endpoint.path}: one byte over ${c.maxBytes} sent ${how} → 413, nothing stored`, async () => {
        const path = fillPath(c.endpoint.path, c.params ?? {});
        const before = storedFiles();
        // Several tries: the cut-off file used to pass in 4 tries of 6.
        for (let attempt = 0; attempt < 3; attempt++) {
          const upload = multipart(pngOfAtLeast(c.maxBytes + 1), c.fields);
          const res = await post(path, tokens[c.user] ?? '', upload, chunking, upload.fileStart + c.maxBytes);
          expect(res.status, JSON.stringify(res.body)).toBe(413);
          expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
          expect(res.body.message).toContain(`(${c.maxBytes} bytes)`);
        }
        expect(storedFiles()).toEqual(before);
      }, 120_000);
    }
  }
});

describe('readFilePart', () => {
  /** A part as the parser hands it over: `chunks`, then (when `cut`) marked truncated before it ends. */
  function part(chunks: Buffer[], cut: boolean): Readable & { truncated?: boolean } {
    const stream: Readable & { truncated?: boolean } = new Readable({ read() {} });
    for (const chunk of chunks) stream.push(chunk);
    // The parser's cut on a chunk's end: nothing more is pushed, only the flag is set, then the end.
    setImmediate(() => {
      if (cut) stream.truncated = true;
      stream.push(null);
    });
    return stream;
  }

  it('refuses a part the parser cut exactly on a chunk end, though no byte past the limit came', async () => {
    await expect(
      readFilePart(part([Buffer.alloc(6), Buffer.alloc(4)], true), { maxBytes: 10 }),
    ).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
    });
  });

  it('refuses more bytes than the limit even when the part is not marked cut', async () => {
    await expect(readFilePart(part([Buffer.alloc(11)], false), { maxBytes: 10 })).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
    });
  });

  it('returns a part of exactly the limit whole', async () => {
    const bytes = await readFilePart(part([Buffer.alloc(6, 1), Buffer.alloc(4, 2)], false), { maxBytes: 10 });
    expect(bytes).toEqual(Buffer.concat([Buffer.alloc(6, 1), Buffer.alloc(4, 2)]));
  });
});
