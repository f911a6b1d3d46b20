import { Outlet } from 'react-router';
import { AntdProvider } from '../../components/antd-provider.tsx';

/**
 * A pathless layout route giving the console's pages antd's theme and locale. The console shell itself is
 * plain CSS, so /dashboard (which uses no antd) loads none of antd's runtime.
 */
export function AntdOutlet() {
  return (
    <AntdProvider>
      <Outlet />
    </AntdProvider>
  );
}
