import { describe, expect, it } from 'vitest';

import { generateSessionKey, open, seal } from './sealed-box';

const session = { result: { accessToken: 'token-abc', username: 'admin' }, companyId: null };

describe('sealed session storage', () => {
  it('reads back what it stored', async () => {
    const key = await generateSessionKey();
    expect(await open(key, await seal(key, session))).toEqual(session);
  });

  it('never stores the token in readable form', async () => {
    const key = await generateSessionKey();
    const record = await seal(key, session);
    expect(JSON.stringify(record)).not.toContain('token-abc');
    expect(atob(record.data)).not.toContain('token-abc');
  });

  it('uses a key that cannot be exported', async () => {
    const key = await generateSessionKey();
    expect(key.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow();
  });

  it('rejects a record sealed under another key', async () => {
    const record = await seal(await generateSessionKey(), session);
    expect(await open(await generateSessionKey(), record)).toBeNull();
  });

  it('rejects a tampered record instead of yielding a forged session', async () => {
    const key = await generateSessionKey();
    const record = await seal(key, session);
    const bytes = Uint8Array.from(atob(record.data), (c) => c.charCodeAt(0));
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    expect(await open(key, { ...record, data: btoa(String.fromCharCode(...bytes)) })).toBeNull();
  });

  it('rejects values that are not sealed records', async () => {
    const key = await generateSessionKey();
    expect(await open(key, { v: 2, iv: '', data: '' })).toBeNull();
    expect(await open(key, 'plain text')).toBeNull();
  });
});
