import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

/**
 * A `deviceId → number` map kept in one JSON file, replaced atomically (write a temporary file, then
 * rename) so a crash leaves either the old or the new map, never half of one.
 */
export class JsonMapFile {
  readonly values: Map<string, number>;
  /** Whether the file was there and readable: false for a new file and for one that was lost. */
  readonly found: boolean = false;

  constructor(private readonly path: string) {
    this.values = new Map();
    if (!existsSync(path)) return;
    try {
      const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
      if (parsed && typeof parsed === 'object') {
        for (const [key, value] of Object.entries(parsed)) {
          if (Number.isSafeInteger(value)) this.values.set(key, value as number);
        }
        this.found = true;
      }
    } catch {
      // Unreadable (disk trouble): start empty. The seq counters then start afresh under a new epoch (see buffer).
    }
  }

  /** Writes the current map to disk. */
  save(): void {
    const tmp = `${this.path}.tmp`;
    writeFileSync(tmp, JSON.stringify(Object.fromEntries(this.values)));
    renameSync(tmp, this.path);
  }
}
