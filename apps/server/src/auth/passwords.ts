/** Password hashing with argon2id (the @node-rs/argon2 default algorithm). */
import { randomBytes } from 'node:crypto';

import { hash, verify } from '@node-rs/argon2';

import type { PasswordHashingConfig } from '../config';

export class PasswordHasher {
  private dummy: Promise<string> | undefined;

  constructor(private readonly cost: PasswordHashingConfig) {}

  /** The PHC string to store for `password`. */
  hash(password: string): Promise<string> {
    return hash(password, this.cost);
  }

  /** Whether `password` matches `stored`; a malformed stored hash never matches. */
  async verify(stored: string, password: string): Promise<boolean> {
    try {
      return await verify(stored, password);
    } catch {
      return false;
    }
  }

  /**
   * Spends the same work as a real check and answers false: used for unknown accounts so their
   * reply takes as long as a wrong password's.
   */
  async verifyNobody(password: string): Promise<false> {
    this.dummy ??= this.hash(randomBytes(16).toString('hex'));
    await this.verify(await this.dummy, password);
    return false;
  }
}
