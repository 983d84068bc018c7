import { describe, expect, it } from 'vitest';

import { type PageSizeStorage, pageSizeKey, readPageSize, rememberPageSize } from './page-size-memory';

function memoryStorage(): PageSizeStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
  };
}

describe('page size memory', () => {
  it('gives back the size a user chose on a list, for that user and list only', () => {
    const storage = memoryStorage();
    rememberPageSize(storage, pageSizeKey(7, '/device/index.html'), 50);
    expect(readPageSize(storage, pageSizeKey(7, '/device/index.html'))).toBe(50);
    expect(readPageSize(storage, pageSizeKey(8, '/device/index.html'))).toBeNull();
    expect(readPageSize(storage, pageSizeKey(7, '/device/gateway.html'))).toBeNull();
  });

  it('remembers only the offered sizes and ignores anything else stored', () => {
    const storage = memoryStorage();
    const key = pageSizeKey(7, '/users/index.html');
    rememberPageSize(storage, key, 37);
    expect(storage.data.size).toBe(0);
    storage.data.set(key, 'lots');
    expect(readPageSize(storage, key)).toBeNull();
    storage.data.set(key, '100000');
    expect(readPageSize(storage, key)).toBeNull();
  });

  it('keeps working when the browser refuses storage', () => {
    const broken: PageSizeStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(() => rememberPageSize(broken, 'k', 20)).not.toThrow();
    expect(readPageSize(broken, 'k')).toBeNull();
    expect(readPageSize(null, 'k')).toBeNull();
  });
});
