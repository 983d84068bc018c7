/**
 * antd's `App` (message, notification, modal) loaded when first used, not at start-up.
 *
 * antd's `App` component brings its message, notification and modal holders, and with the modal its
 * Skeleton, to every page at start-up, though a page shows them only after a user acts or a call fails.
 * `AppApiProvider` instead provides antd's own App context (so `App.useApp()` keeps working anywhere)
 * with stand-ins whose calls load antd's App on first use (`AntdAppHolder.tsx`, a chunk of its own),
 * then replay in order; later calls go straight through. Shared code reads it with `useAppApi()`,
 * which does not import antd's App at all (importing `App` from antd brings the holders back to the
 * page that does). Calls made before the holder is loaded return nothing (callers only fire and forget).
 * The base text style antd's App sets (`.ant-app`: colour, size, line height, font) is drawn here.
 */
import { theme } from 'antd';
import AppContext, { type useAppProps } from 'antd/es/app/context';
import { lazy, type ReactNode, Suspense, useCallback, useContext, useMemo, useRef, useState } from 'react';

const AntdAppHolder = lazy(() => import('./AntdAppHolder'));

type Call = (api: useAppProps) => unknown;

/** An object whose every method, called, runs `run(api => api[part][method](...args))`. */
function standIn<K extends keyof useAppProps>(part: K, run: (call: Call) => unknown): useAppProps[K] {
  return new Proxy({} as useAppProps[K], {
    get: (_, method) =>
      typeof method === 'string' && method !== 'then'
        ? (...args: unknown[]) =>
            run((api) =>
              (api[part] as unknown as Record<string, (...a: unknown[]) => unknown>)[method]?.(...args),
            )
        : undefined,
  });
}

export function AppApiProvider({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  const [wanted, setWanted] = useState(false);
  const real = useRef<useAppProps | null>(null);
  const queue = useRef<Call[]>([]);

  const value = useMemo<useAppProps>(() => {
    const run = (call: Call) => {
      if (real.current) return call(real.current);
      queue.current.push(call);
      setWanted(true);
      return undefined;
    };
    return {
      message: standIn('message', run),
      notification: standIn('notification', run),
      modal: standIn('modal', run),
    };
  }, []);

  const onReady = useCallback((api: useAppProps) => {
    real.current = api;
    const pending = queue.current.splice(0);
    for (const call of pending) call(api);
  }, []);

  return (
    <AppContext.Provider value={value}>
      <div
        className="ant-app"
        style={{
          color: token.colorText,
          fontSize: token.fontSize,
          lineHeight: token.lineHeight,
          fontFamily: token.fontFamily,
        }}
      >
        {children}
      </div>
      {wanted ? (
        <Suspense fallback={null}>
          <AntdAppHolder onReady={onReady} />
        </Suspense>
      ) : null}
    </AppContext.Provider>
  );
}

/** message, notification and modal of the current providers (antd's App loaded on first use). */
export function useAppApi(): useAppProps {
  return useContext(AppContext);
}
