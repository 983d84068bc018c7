import { useSyncExternalStore } from 'react';

/** The console theme: dark by default (spec §9), light on request; remembered per browser. */
export type ThemeMode = 'dark' | 'light';

export const THEME_STORAGE_KEY = 'storefleet.theme';

let mode: ThemeMode = 'dark';
const listeners = new Set<() => void>();

function applyToDocument(next: ThemeMode): void {
  // Browser tests read data-theme; color-scheme makes scrollbars and form controls follow.
  document.documentElement.dataset.theme = next;
  document.documentElement.style.colorScheme = next;
}

/** Reads the remembered theme and applies it to the document; call once before the first render. */
export function initTheme(): void {
  mode = localStorage.getItem(THEME_STORAGE_KEY) === 'light' ? 'light' : 'dark';
  applyToDocument(mode);
}

/** Switches theme and remembers the choice. */
export function setTheme(next: ThemeMode): void {
  mode = next;
  localStorage.setItem(THEME_STORAGE_KEY, next);
  applyToDocument(next);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getMode = (): ThemeMode => mode;

/** The current theme; re-renders on change. */
export function useThemeMode(): ThemeMode {
  return useSyncExternalStore(subscribe, getMode, getMode);
}
