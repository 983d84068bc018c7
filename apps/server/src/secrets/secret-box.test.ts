import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import {
  boxKeyHash,
  boxKeyHashes,
  isSealed,
  isSealedWithCurrentKey,
  maskBoxKey,
  openSecret,
  openStoredSecret,
  SecretUnreadable,
  sealSecret,
} from './secret-box';
import {
  loadSecretKeyRing,
  parseSecretKey,
  randomSecretKeyRing,
  SecretKeyError,
  type SecretKeyRing,
  secretKeyOf,
} from './secret-keys';

const ring = randomSecretKeyRing();

/** Flips one bit of the base64url field `index` (2 iv, 3 tag, 4 ciphertext) of an envelope. */
function tamper(envelope: string, index: number): string {
  const parts = envelope.split(':');
  const bytes = Buffer.from(parts[index] ?? '', 'base64url');
  bytes[0] = (bytes[0] ?? 0) ^ 1;
  parts[index] = bytes.toString('base64url');
  return parts.join(':');
}

describe('sealed secrets', () => {
  it('opens what it sealed, and never shows the plain value in the envelope', () => {
    const plain = 'SMTP-pässwort-7Q!x';
    const sealed = sealSecret(ring, 'notification_channels.settings', plain);
    expect(sealed).toMatch(/^v1:[0-9a-f]{8}:/);
    expect(sealed).not.toContain(plain);
    expect(isSealed(sealed)).toBe(true);
    expect(openSecret(ring, 'notification_channels.settings', sealed)).toBe(plain);
    expect(openSecret(ring, 'devices.community', sealSecret(ring, 'devices.community', ''))).toBe('');
  });

  it('seals the same value differently each time (a fresh IV per value)', () => {
    const a = sealSecret(ring, 'devices.community', 'public');
    const b = sealSecret(ring, 'devices.community', 'public');
    expect(a).not.toBe(b);
  });

  it('refuses a changed IV, tag or ciphertext, a value moved to another column, and a foreign key', () => {
    const sealed = sealSecret(ring, 'devices.security_key', 'box-key-123456');
    for (const index of [2, 3, 4])
      expect(() => openSecret(ring, 'devices.security_key', tamper(sealed, index))).toThrow(SecretUnreadable);
    expect(() => openSecret(ring, 'devices.community', sealed)).toThrow(SecretUnreadable);
    expect(() => openSecret(randomSecretKeyRing(), 'devices.security_key', sealed)).toThrow(
      /neither SECRETS_KEY nor in SECRETS_KEY_PREVIOUS/,
    );
    expect(() => openSecret(ring, 'devices.security_key', 'plain text')).toThrow(SecretUnreadable);
  });

  it('reads a plain value left from before sealing as it is', () => {
    expect(isSealed('public')).toBe(false);
    expect(openStoredSecret(ring, 'devices.community', 'public')).toBe('public');
  });

  it('opens values of a previous key after rotation, and tells them from current ones', () => {
    const old = randomSecretKeyRing();
    const sealedOld = sealSecret(old, 'devices.community', 'c0mmunity');
    const rotated: SecretKeyRing = { current: randomSecretKeyRing().current, previous: [old.current] };
    expect(openSecret(rotated, 'devices.community', sealedOld)).toBe('c0mmunity');
    expect(isSealedWithCurrentKey(rotated, sealedOld)).toBe(false);
    expect(isSealedWithCurrentKey(rotated, sealSecret(rotated, 'devices.community', 'x'))).toBe(true);
    // A box key stored under the old key is still found while the old key is in the ring.
    expect(boxKeyHashes(rotated, 'k')).toContain(boxKeyHash(old, 'k'));
  });

  it('masks a box key to its last 4 characters', () => {
    expect(maskBoxKey('abcdefghijklmnopWXYZ')).toBe('••••••••WXYZ');
  });
});

describe('the secrets key', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'storefleet-secrets-'));
    dirs.push(dir);
    return dir;
  };

  it('is generated once in DATA_DIR/secrets-key with mode 0600 and reused', () => {
    const dir = dataDir();
    const first = loadSecretKeyRing({}, dir);
    const file = join(dir, 'secrets-key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadSecretKeyRing({}, dir).current.id).toBe(first.current.id);
    expect(readFileSync(file, 'utf8').trim()).toHaveLength(43);
  });

  it('comes from SECRETS_KEY in hex or base64, with previous keys from the env and a file', () => {
    const dir = dataDir();
    const master = randomBytes(32);
    const hex = loadSecretKeyRing({ SECRETS_KEY: master.toString('hex') }, dir);
    const b64 = loadSecretKeyRing({ SECRETS_KEY: master.toString('base64') }, dir);
    expect(hex.current.id).toBe(secretKeyOf(master).id);
    expect(b64.current.id).toBe(hex.current.id);
    const older = [randomBytes(32), randomBytes(32)];
    writeFileSync(join(dir, 'secrets-key.previous'), older[1]?.toString('base64url') ?? '');
    const withPrevious = loadSecretKeyRing(
      { SECRETS_KEY: master.toString('hex'), SECRETS_KEY_PREVIOUS: `${older[0]?.toString('hex')},` },
      dir,
    );
    expect(withPrevious.previous.map((k) => k.id)).toEqual(older.map((k) => secretKeyOf(k).id));
  });

  it('refuses a key that is not 32 bytes, saying how to make one', () => {
    expect(() => parseSecretKey('too-short', 'SECRETS_KEY')).toThrow(SecretKeyError);
    expect(() => parseSecretKey('a'.repeat(63), 'SECRETS_KEY')).toThrow(/openssl rand -base64 32/);
  });
});
