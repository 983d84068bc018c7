import { TaskEndpoints as E } from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Image } from 'antd';

import { apiQuery } from '@/shared/api/call';
import { useObjectUrl } from '@/shared/layout/useCompanyLogo';
import { photoFileName } from './task-photos';

/** A stage change's photo: the file call needs the session, so it is fetched and shown from a blob. */
export function TaskPhoto({ url, alt }: { url: string; alt: string }) {
  const name = photoFileName(url);
  const file = useQuery({
    ...apiQuery(E.taskPhoto, { params: { name: name ?? '' } }),
    enabled: name !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const src = useObjectUrl(name ? (file.data as Blob | undefined) : null);
  return src ? (
    <Image
      src={src}
      alt={alt}
      width={72}
      height={72}
      style={{ objectFit: 'cover' }}
      data-testid="task-photo"
    />
  ) : null;
}
