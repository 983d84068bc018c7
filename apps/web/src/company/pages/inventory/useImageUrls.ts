import { InventoryEndpoints as E } from '@storefleet/contracts';
import { useQueries } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';

import { apiQuery } from '@/shared/api/call';

/**
 * Displayable URLs of stored inventory images (the image call needs the session, so no bare
 * `<img src>`): each is fetched once, kept as an object URL, revoked when no longer shown.
 */
export function useImageUrls(names: readonly string[]): Record<string, string> {
  const results = useQueries({
    queries: names.map((name) => ({
      ...apiQuery(E.image, { params: { name } }),
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    })),
  });
  const blobs = results.map((r) => r.data);
  // A stable key of what has loaded, so the URLs are made again only when that changes.
  const loadedKey = names.map((n, i) => (blobs[i] ? n : '')).join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by what has loaded
  const loaded = useMemo(() => names.map((name, i) => [name, blobs[i]] as const), [loadedKey]);
  const [urls, setUrls] = useState<Record<string, string>>({});
  useEffect(() => {
    const made: Record<string, string> = {};
    for (const [name, blob] of loaded) if (blob instanceof Blob) made[name] = URL.createObjectURL(blob);
    setUrls(made);
    return () => {
      for (const url of Object.values(made)) URL.revokeObjectURL(url);
    };
  }, [loaded]);
  return urls;
}
