import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { get } from '../../../lib/request.ts';
import { publishKeys } from './publish-keys.ts';

/**
 * A job's screenshot, read through its member-checked route with the member's token (an <img> could
 * not send it) and shown from a blob URL; undefined while it loads, or when there is none.
 */
export function useScreenshot(url: string): string | undefined {
  const query = useQuery({
    queryKey: publishKeys.screenshot(url),
    queryFn: ({ signal }) => get<Blob>(url, undefined, { responseType: 'blob', signal, disableMessage: true }),
    enabled: url !== '',
    staleTime: Infinity,
    retry: false,
  });
  const blob = query.data;
  const objectUrl = useMemo(() => (blob ? URL.createObjectURL(blob) : undefined), [blob]);
  useEffect(
    () => () => {
      if (objectUrl) {
        URL.revokeObjectURL(objectUrl);
      }
    },
    [objectUrl],
  );
  return objectUrl;
}
