/**
 * AES-GCM sealing of the stored session (spec §4). The key is a non-extractable CryptoKey, so the
 * ciphertext in localStorage is useless to anything that can read storage but cannot use the key.
 * GCM also authenticates: an edited ciphertext fails to open instead of yielding a forged session.
 */

/** What localStorage holds: version, a fresh 96-bit IV per write, and the ciphertext, both base64. */
export interface SealedRecord {
  v: 1;
  iv: string;
  data: string;
}

const toBase64 = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string): Uint8Array<ArrayBuffer> =>
  Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** A new AES-GCM 256 key that can encrypt and decrypt but never be exported. */
export function generateSessionKey(): Promise<CryptoKey> {
  return crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
}

/** Encrypts a JSON-serialisable value. */
export async function seal(key: CryptoKey, value: unknown): Promise<SealedRecord> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const plain = new TextEncoder().encode(JSON.stringify(value));
  const cipher = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, plain));
  return { v: 1, iv: toBase64(iv), data: toBase64(cipher) };
}

/** Decrypts a record written by `seal`; null when it is malformed, tampered with or sealed by another key. */
export async function open(key: CryptoKey, record: unknown): Promise<unknown> {
  if (!isSealedRecord(record)) return null;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64(record.iv) },
      key,
      fromBase64(record.data),
    );
    return JSON.parse(new TextDecoder().decode(plain)) as unknown;
  } catch {
    return null;
  }
}

function isSealedRecord(value: unknown): value is SealedRecord {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  return r.v === 1 && typeof r.iv === 'string' && typeof r.data === 'string';
}
