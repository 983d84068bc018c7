/**
 * The TOTP arithmetic of two-step sign-in, through the maintained `otpauth` library (RFC 6238:
 * SHA-1, 6 digits, 30-second steps, what every authenticator app reads), and the recovery codes.
 * Pure: the clock is a parameter.
 */
import { createHash, randomBytes } from 'node:crypto';

import { Secret, TOTP } from 'otpauth';

/** What the authenticator app shows as the account's issuer. */
export const TOTP_ISSUER = 'Storefleet';
/** Codes one step before or after the server's are still accepted (clock drift between phone and server). */
const WINDOW = 1;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function totpOf(secret: string, accountName: string): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label: accountName,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  });
}

/** A fresh random secret (160 bits, as RFC 4226 recommends), base32 as the apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://totp/…` URI an authenticator app reads from the QR code. */
export function totpUri(secret: string, accountName: string): string {
  return totpOf(secret, accountName).toString();
}

/** The time step whose code `code` is, within ±1 step of `now`; null when it matches none. */
export function matchingStep(secret: string, code: string, now: number): number | null {
  const totp = totpOf(secret, '');
  const delta = totp.validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}

/** Whether `code` looks like a 6-digit app code (anything else is tried as a recovery code). */
export function isAppCode(code: string): boolean {
  return /^\d{6}$/.test(code.trim());
}

/** `count` new recovery codes, `xxxx-xxxx-xxxx-xxxx` (80 random bits each, no look-alike characters). */
export function newRecoveryCodes(count: number): string[] {
  return Array.from({ length: count }, () => {
    const bytes = randomBytes(16);
    const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
    return chars.match(/.{4}/g)?.join('-') ?? chars;
  });
}

/**
 * The stored form of a recovery code: SHA-256 hex of it without dashes, spaces or case. A fast hash
 * is enough: the codes are random (≈79 bits), not chosen by people.
 */
export function recoveryCodeHash(code: string): string {
  const normal = code.toLowerCase().replace(/[\s-]/g, '');
  return createHash('sha256').update(normal).digest('hex');
}

/** SHA-256 hex of a challenge token: only the hash is stored. */
export function challengeHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A fresh challenge token (256 random bits, URL-safe). */
export function newChallengeToken(): string {
  return randomBytes(32).toString('base64url');
}
