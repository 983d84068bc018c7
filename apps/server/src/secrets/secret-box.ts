/**
 * Sealing secrets at rest: AES-256-GCM (Node's crypto, nothing hand-made) with a random 96-bit IV per
 * value, stored as the text envelope `v1:<keyId>:<iv>:<tag>:<ciphertext>` (base64url), so a reader can
 * tell a sealed value from an old plain one and which key sealed it. The purpose (the column) is the
 * additional authenticated data: a value copied into another column does not open.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

import type { SecretKey, SecretKeyRing } from './secret-keys';

/** Where a sealed value lives; part of what the tag authenticates. */
export type SecretPurpose =
  | 'devices.security_key'
  | 'devices.community'
  | 'notification_channels.settings'
  | 'user_mfa.secret';

const ENVELOPE = /^v1:([0-9a-f]{8}):([A-Za-z0-9_-]{16}):([A-Za-z0-9_-]{22}):([A-Za-z0-9_-]*)$/;

/** A sealed value that does not open: unknown key, or changed since it was sealed. */
export class SecretUnreadable extends Error {
  override name = 'SecretUnreadable';
}

const aad = (keyId: string, purpose: SecretPurpose) => Buffer.from(`v1:${keyId}:${purpose}`);

/** `plain` sealed with the ring's current key. */
export function sealSecret(ring: SecretKeyRing, purpose: SecretPurpose, plain: string): string {
  const key = ring.current;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key.encryption, iv);
  cipher.setAAD(aad(key.id, purpose));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return `v1:${key.id}:${iv.toString('base64url')}:${tag.toString('base64url')}:${body.toString('base64url')}`;
}

/** Whether `text` is a sealed envelope (of any key). */
export function isSealed(text: string): boolean {
  return ENVELOPE.test(text);
}

/** Whether `text` is sealed with the ring's current key (nothing to reseal). */
export function isSealedWithCurrentKey(ring: SecretKeyRing, text: string): boolean {
  return ENVELOPE.exec(text)?.[1] === ring.current.id;
}

/** The plain value of an envelope sealed with any key of the ring; throws SecretUnreadable otherwise. */
export function openSecret(ring: SecretKeyRing, purpose: SecretPurpose, sealed: string): string {
  const parts = ENVELOPE.exec(sealed);
  if (!parts) throw new SecretUnreadable(`${purpose}: not a sealed value`);
  const [, keyId = '', iv = '', tag = '', body = ''] = parts;
  const key = [ring.current, ...ring.previous].find((k) => k.id === keyId);
  if (!key)
    throw new SecretUnreadable(
      `${purpose}: sealed with key ${keyId}, which is neither SECRETS_KEY nor in SECRETS_KEY_PREVIOUS`,
    );
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.encryption, Buffer.from(iv, 'base64url'));
    decipher.setAAD(aad(keyId, purpose));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new SecretUnreadable(`${purpose}: the sealed value was changed or is damaged`);
  }
}

/** The value of a column that may still hold a plain value from before sealing (read paths, reseal). */
export function openStoredSecret(ring: SecretKeyRing, purpose: SecretPurpose, stored: string): string {
  return isSealed(stored) ? openSecret(ring, purpose, stored) : stored;
}

function lookupHash(key: SecretKey, boxKey: string): string {
  return createHmac('sha256', key.lookup).update(boxKey, 'utf8').digest('base64url');
}

/** The keyed hash a box key is found by (current key): stored in devices.security_key_hash. */
export function boxKeyHash(ring: SecretKeyRing, boxKey: string): string {
  return lookupHash(ring.current, boxKey);
}

/** The hashes a presented box key may be stored under: one per key of the ring (mid-rotation). */
export function boxKeyHashes(ring: SecretKeyRing, boxKey: string): string[] {
  return [ring.current, ...ring.previous].map((key) => lookupHash(key, boxKey));
}

/** A box key's columns as stored: sealed, and its look-up hash. */
export function boxKeyColumns(
  ring: SecretKeyRing,
  boxKey: string,
): { security_key: string; security_key_hash: string } {
  return {
    security_key: sealSecret(ring, 'devices.security_key', boxKey),
    security_key_hash: boxKeyHash(ring, boxKey),
  };
}

/**
 * How a box key reads outside the reply that made it: its last 4 characters after dots, so a person
 * can tell two keys apart and a screen share leaks nothing that works.
 */
export function maskBoxKey(boxKey: string): string {
  return `${'•'.repeat(8)}${boxKey.slice(-4)}`;
}
