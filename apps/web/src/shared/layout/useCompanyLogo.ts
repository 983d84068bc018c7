import { type CompanyLogo, LogoEndpoints, UserType } from '@storefleet/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { api, apiQuery, endpointKey } from '../api/call';
import type { Session } from '../session/session';
import { useSession } from '../session/useSession';

/**
 * The current company's logo row. The key also names the signed-in user and company: a 401 ends the
 * session without clearing the cache, and the next user must not see the last one's logo.
 */
export function companyLogoQuery(session: Session | null) {
  return queryOptions({
    queryKey: [
      ...endpointKey(LogoEndpoints.queryLogImg),
      {},
      session?.result.username ?? null,
      session?.companyId ?? null,
    ] as const,
    queryFn: ({ signal }) => api(LogoEndpoints.queryLogImg, {}, { signal }),
  });
}

/** The issued file name inside a logo's imgUrl (the file call's path with the name put in). */
export function logoFileName(imgUrl: string | null | undefined): string | null {
  const prefix = LogoEndpoints.file.path.replace(':name', '');
  if (!imgUrl?.startsWith(prefix)) return null;
  const name = decodeURIComponent(imgUrl.slice(prefix.length));
  return name === '' ? null : name;
}

/** An object URL for an image blob, revoked when the blob changes or the component goes. */
export function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

/** An issued logo file as a displayable URL (the file route needs the session, so no bare <img src>). */
export function useLogoImage(imgUrl: string | null | undefined): string | null {
  const name = logoFileName(imgUrl);
  const file = useQuery({
    ...apiQuery(LogoEndpoints.file, { params: { name: name ?? '' } }),
    enabled: name !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return useObjectUrl(name ? file.data : null);
}

/** The current company's logo row and a displayable URL for it (null while loading or when unset). */
export function useCompanyLogo(): { logo: CompanyLogo | null; src: string | null } {
  const session = useSession();
  // Platform users act in no company, so they have no logo to ask for.
  const inCompany = session !== null && session.result.userType !== UserType.PLATFORM_USER;
  const logo = useQuery({
    ...companyLogoQuery(session),
    enabled: inCompany,
    staleTime: 5 * 60_000,
    retry: false,
  });
  const row = logo.data ?? null;
  const src = useLogoImage(row && row.status === 1 ? row.imgUrl : null);
  return { logo: row, src };
}
