import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { antdTheme } from '../lib/theme.ts';

dayjs.locale('zh-cn');

/**
 * antd with the zh_CN locale and the product theme; wraps every page that uses antd. No antd `App`:
 * toasts and alerts go through lib/notify (loaded on demand), which keeps console chunks small.
 */
export function AntdProvider({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={antdTheme}>
      {children}
    </ConfigProvider>
  );
}
