import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

import { AgentConfig } from '@storefleet/contracts';
import { z } from 'zod';

/** What the server last told this agent: who it is and what to probe. */
export const KnownConfig = AgentConfig.extend({
  deviceId: z.string(),
  shopId: z.string(),
  /** sha256 of the key the config was fetched with, so a box given another key does not reuse it. */
  keyHash: z.string(),
});
export type KnownConfig = z.infer<typeof KnownConfig>;

export function keyHash(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/**
 * Keeps the last config from the server on disk, so a box that restarts while the server is down still
 * knows its devices, keeps probing and buffers the results.
 */
export class ConfigStore {
  constructor(
    private readonly path: string,
    private readonly key: string,
  ) {}

  /** The saved config, or null when there is none, it is unreadable, or it belongs to another key. */
  load(): KnownConfig | null {
    if (!existsSync(this.path)) return null;
    try {
      const parsed = KnownConfig.safeParse(JSON.parse(readFileSync(this.path, 'utf8')));
      return parsed.success && parsed.data.keyHash === keyHash(this.key) ? parsed.data : null;
    } catch {
      return null;
    }
  }

  /** Saves the config atomically (it holds SNMP communities and keys: readable by the agent's user only). */
  save(config: Omit<KnownConfig, 'keyHash'>): KnownConfig {
    const known = { ...config, keyHash: keyHash(this.key) };
    mkdirSync(dirname(this.path), { recursive: true });
    const tmp = `${this.path}.tmp`;
    writeFileSync(tmp, JSON.stringify(known), { mode: 0o600 });
    renameSync(tmp, this.path);
    return known;
  }
}
