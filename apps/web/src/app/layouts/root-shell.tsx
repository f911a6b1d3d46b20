import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useRouteTitle } from '../../components/route-title.ts';
import { dropBootFrame } from '../../lib/boot-frame.ts';
import { APP_NAME } from '../../lib/brand.ts';
import { readValue, StorageKey } from '../../lib/storage-keys.ts';

/** The root route's element: keeps the document title in step with the page. */
export function RootShell() {
  const title = useRouteTitle();
  const { pathname } = useLocation();
  useEffect(dropBootFrame, []);
  // A new page starts at the top (RR's ScrollRestoration costs more than /home's budget allows).
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  useEffect(() => {
    const system = readValue(StorageKey.systemName) || APP_NAME;
    document.title = title ? `${title} - ${system}` : system;
  }, [title]);
  return <Outlet />;
}
