import { type CompanyLogo, USER_TYPE } from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { fetchLogoFile, queryCompanyLogo } from '../api/settings';
import { useSession } from '../session/useSession';

/** Query key of the current company's logo; the logo page invalidates it after a change. */
export const COMPANY_LOGO_KEY = 'company-logo';

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
  const file = useQuery({
    queryKey: ['logo-file', imgUrl],
    queryFn: ({ signal }) => fetchLogoFile(imgUrl ?? '', signal),
    enabled: Boolean(imgUrl),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return useObjectUrl(imgUrl ? file.data : null);
}

/** The current company's logo row and a displayable URL for it (null while loading or when unset). */
export function useCompanyLogo(): { logo: CompanyLogo | null; src: string | null } {
  const session = useSession();
  // Platform users act in no company, so they have no logo to ask for.
  const inCompany = session !== null && session.result.userType !== USER_TYPE.PLATFORM;
  const logo = useQuery({
    queryKey: [COMPANY_LOGO_KEY, session?.result.username ?? null, session?.companyId ?? null],
    queryFn: ({ signal }) => queryCompanyLogo(signal),
    enabled: inCompany,
    staleTime: 5 * 60_000,
    retry: false,
  });
  const row = logo.data ?? null;
  const src = useLogoImage(row && row.status === 1 ? row.imgUrl : null);
  return { logo: row, src };
}
