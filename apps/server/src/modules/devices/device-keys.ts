/** Box security keys: what an agent presents on its link. */
import { randomBytes } from 'node:crypto';

/** 32 random bytes (256 bits), base64url: 43 characters, safe in URLs, env vars and CLI flags. */
export function newSecurityKey(): string {
  return randomBytes(32).toString('base64url');
}
