/**
 * Concurrent reads of one key under one write-watch version share one database read. A list page that
 * 50 consoles ask for right after a write empties its cache is read once, not 50 times; a caller that
 * arrives after a watched write has committed (a newer version) starts its own read and never joins a
 * read that may predate the write. Used by the device list's count and page caches.
 */
export class SharedReads<T> {
  private readonly running = new Map<string, { version: number; result: Promise<T> }>();

  /** `read()`'s result for `key` at `version`, shared with any read of the same key and version still running. */
  run(key: string, version: number, read: () => Promise<T>): Promise<T> {
    const current = this.running.get(key);
    if (current && current.version === version) return current.result;
    const result = read().finally(() => {
      if (this.running.get(key)?.result === result) this.running.delete(key);
    });
    this.running.set(key, { version, result });
    return result;
  }
}
