/**
 * Keeps the session's CryptoKey in IndexedDB. IndexedDB stores CryptoKey objects by structured clone,
 * which keeps them non-extractable; localStorage could only hold exported (readable) key bytes.
 */
const DB_NAME = 'storefleet';
const STORE = 'keys';
const KEY_ID = 'session';

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB could not be opened'));
  });
}

async function run<T>(
  mode: IDBTransactionMode,
  action: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const db = await openDb();
  try {
    return await new Promise<T>((resolve, reject) => {
      const req = action(db.transaction(STORE, mode).objectStore(STORE));
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
    });
  } finally {
    db.close();
  }
}

/** True where the browser offers what the sealed session needs (Web Crypto needs a secure context). */
export function canSealSessions(): boolean {
  return typeof indexedDB !== 'undefined' && typeof crypto !== 'undefined' && crypto.subtle !== undefined;
}

export async function loadSessionKey(): Promise<CryptoKey | null> {
  const key = await run<unknown>('readonly', (s) => s.get(KEY_ID));
  return key instanceof CryptoKey ? key : null;
}

export async function saveSessionKey(key: CryptoKey): Promise<void> {
  await run('readwrite', (s) => s.put(key, KEY_ID));
}

export async function deleteSessionKey(): Promise<void> {
  await run('readwrite', (s) => s.delete(KEY_ID));
}
