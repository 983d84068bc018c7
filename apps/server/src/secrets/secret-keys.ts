/**
 * The secrets key ring: the key that seals secrets at rest now (SECRETS_KEY, or DATA_DIR/secrets-key
 * generated once) and the keys that sealed them before (SECRETS_KEY_PREVIOUS, DATA_DIR/secrets-key.previous),
 * kept readable until `npm run rotate-secrets` has resealed everything. docs/decisions/secrets.md.
 */
import { createHash, hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { DATA_FILES } from '../data-folder';

/** The file under DATA_DIR that holds the generated key (mode 0600, in every backup: data-folder.ts). */
export const SECRETS_KEY_FILE = DATA_FILES.secretsKey.name;
/** The previous key's file under DATA_DIR during a rotation of the generated key. */
export const PREVIOUS_SECRETS_KEY_FILE = DATA_FILES.previousSecretsKey.name;

/** One master key, with the two keys derived from it (never the master key itself in use). */
export interface SecretKey {
  /** 8 hex digits naming the key in every envelope it sealed (not secret: a hash of a derived key). */
  id: string;
  /** AES-256-GCM key. */
  encryption: Buffer;
  /** HMAC-SHA256 key of the box key look-up hashes. */
  lookup: Buffer;
}

export interface SecretKeyRing {
  /** Seals every new value. */
  current: SecretKey;
  /** Still opened (and looked up) until resealed; oldest last. */
  previous: readonly SecretKey[];
}

/** A key that cannot be used; the message says which setting and what it must look like. */
export class SecretKeyError extends Error {
  override name = 'SecretKeyError';
}

const derive = (master: Buffer, purpose: string): Buffer =>
  Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), `storefleet ${purpose}`, 32));

/** The usable key of 32 master bytes. */
export function secretKeyOf(master: Buffer): SecretKey {
  if (master.length !== 32) throw new SecretKeyError('a secrets key must be 32 bytes');
  const encryption = derive(master, 'secrets encryption v1');
  const lookup = derive(master, 'box key lookup v1');
  const id = createHash('sha256').update(derive(master, 'key id v1')).digest('hex').slice(0, 8);
  return { id, encryption, lookup };
}

/** 32 bytes written as 64 hex digits or as base64 / base64url (43–44 characters). */
export function parseSecretKey(text: string, name: string): Buffer {
  const value = text.trim();
  let bytes: Buffer | null = null;
  if (/^[0-9a-fA-F]{64}$/.test(value)) bytes = Buffer.from(value, 'hex');
  else if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) bytes = Buffer.from(value, 'base64url');
  if (bytes === null || bytes.length !== 32)
    throw new SecretKeyError(
      `${name} must be 32 random bytes as 64 hex digits or 44 base64 characters ` +
        '(make one with: openssl rand -base64 32)',
    );
  return bytes;
}

/** A new master key, as written to DATA_DIR/secrets-key. */
export function newSecretKeyText(): string {
  return randomBytes(32).toString('base64url');
}

/** The key generated on first start and kept (mode 0600) beside jwt-secret. */
function keyFromDataDir(dataDir: string): Buffer {
  const file = join(dataDir, SECRETS_KEY_FILE);
  const read = () => parseSecretKey(readFileSync(file, 'utf8'), file);
  if (existsSync(file)) return read();
  const text = newSecretKeyText();
  try {
    writeFileSync(file, `${text}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another node sharing the data folder wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return read();
    throw error;
  }
  chmodSync(file, 0o600);
  return parseSecretKey(text, file);
}

/**
 * The ring from the environment: SECRETS_KEY (else DATA_DIR/secrets-key, made when missing) seals;
 * SECRETS_KEY_PREVIOUS (comma-separated) and DATA_DIR/secrets-key.previous are only read.
 */
export function loadSecretKeyRing(env: Record<string, string | undefined>, dataDir: string): SecretKeyRing {
  const current = secretKeyOf(
    env.SECRETS_KEY ? parseSecretKey(env.SECRETS_KEY, 'SECRETS_KEY') : keyFromDataDir(dataDir),
  );
  const previousTexts = (env.SECRETS_KEY_PREVIOUS ?? '')
    .split(',')
    .map((text) => text.trim())
    .filter((text) => text !== '')
    .map((text) => parseSecretKey(text, 'SECRETS_KEY_PREVIOUS'));
  const previousFile = join(dataDir, PREVIOUS_SECRETS_KEY_FILE);
  if (existsSync(previousFile))
    previousTexts.push(parseSecretKey(readFileSync(previousFile, 'utf8'), previousFile));
  const previous = previousTexts.map(secretKeyOf).filter((key) => key.id !== current.id);
  return { current, previous };
}

/** A ring of one random key (tests, and tools that never read stored secrets). */
export function randomSecretKeyRing(): SecretKeyRing {
  return { current: secretKeyOf(randomBytes(32)), previous: [] };
}
