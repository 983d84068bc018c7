import type { LoginResult, Me } from '@storefleet/contracts';

import { canSealSessions, deleteSessionKey, loadSessionKey, saveSessionKey } from './key-store';
import { generateSessionKey, open, seal } from './sealed-box';
import { defaultCompany, isSession, refreshFromMe, type Session } from './session';

/** The localStorage entry holding the sealed session; one per origin, shared by both applications. */
export const SESSION_STORAGE_KEY = 'storefleet.session';

let current: Session | null = null;
const listeners = new Set<() => void>();
// Writes are chained so a sign-out can never be overtaken by a slower earlier save.
let writes: Promise<void> = Promise.resolve();

function publish(next: Session | null): void {
  current = next;
  for (const listener of listeners) listener();
}

function enqueue(task: () => Promise<void>): Promise<void> {
  writes = writes.then(task, task).catch((error: unknown) => {
    // Storage failing must not break the signed-in tab; the session simply won't survive a reload.
    console.warn('The session could not be stored', error);
  });
  return writes;
}

async function persist(session: Session): Promise<void> {
  // Without Web Crypto (plain http on a non-loopback host) the session stays in memory only:
  // it is never written in clear text.
  if (!canSealSessions()) return;
  let key = await loadSessionKey();
  if (!key) {
    key = await generateSessionKey();
    await saveSessionKey(key);
  }
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(await seal(key, session)));
}

async function erase(): Promise<void> {
  localStorage.removeItem(SESSION_STORAGE_KEY);
  if (canSealSessions()) await deleteSessionKey();
}

/** The current session, or null when signed out. */
export function getSession(): Session | null {
  return current;
}

/** Subscribes to session changes (for useSyncExternalStore); returns the unsubscribe function. */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Restores the session from storage at start-up (spec §4); anything unreadable is discarded. */
export async function restoreSession(): Promise<void> {
  const stored = localStorage.getItem(SESSION_STORAGE_KEY);
  if (stored === null || !canSealSessions()) return;
  try {
    const key = await loadSessionKey();
    const value = key ? await open(key, JSON.parse(stored)) : null;
    if (isSession(value)) {
      publish(value);
      return;
    }
  } catch (error) {
    console.warn('The stored session could not be read', error);
  }
  await enqueue(erase);
}

/** Starts a session from a sign-in result and stores it; resolves once it is stored. */
export function startSession(result: LoginResult): Promise<void> {
  const session: Session = { result, companyId: defaultCompany(result) };
  publish(session);
  return enqueue(() => persist(session));
}

/** Applies a fresh `auth/me` reply (new codes, name or companies) to the current session. */
export function applyMe(me: Me): Promise<void> {
  if (!current) return Promise.resolve();
  const next = refreshFromMe(current, me);
  publish(next);
  return enqueue(() => persist(next));
}

/** Switches the company an agent-platform admin acts in. */
export function selectCompany(companyId: string): Promise<void> {
  if (!current || !(companyId in current.result.companyMap)) return Promise.resolve();
  const next = { ...current, companyId };
  publish(next);
  return enqueue(() => persist(next));
}

/** Ends the session: on sign-out and on any 401 (spec §4, §8). */
export function endSession(): Promise<void> {
  publish(null);
  return enqueue(erase);
}

// Another tab signing out removes the stored session; follow it so this tab stops sending a dead token.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === SESSION_STORAGE_KEY && event.newValue === null && current) publish(null);
  });
}
