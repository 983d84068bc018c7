/** Box security keys: what an agent presents on its link. */
import { randomBytes } from 'node:crypto';

import { boxKeyColumns, sealSecret } from '../../secrets/secret-box';
import type { SecretKeyRing } from '../../secrets/secret-keys';

/** 32 random bytes (256 bits), base64url: 43 characters, safe in URLs, env vars and CLI flags. */
export function newSecurityKey(): string {
  return randomBytes(32).toString('base64url');
}

/** The key columns of a new device: a fresh key, sealed and hashed, for a box; none for the rest. */
export function newKeyColumns(
  secrets: SecretKeyRing,
  isBox: boolean,
): { security_key: string | null; security_key_hash: string | null } {
  return isBox ? boxKeyColumns(secrets, newSecurityKey()) : { security_key: null, security_key_hash: null };
}

/** A device's SNMP community as stored: sealed (null stays null). */
export function sealedCommunity(secrets: SecretKeyRing, community: string | null): string | null {
  return community === null ? null : sealSecret(secrets, 'devices.community', community);
}
