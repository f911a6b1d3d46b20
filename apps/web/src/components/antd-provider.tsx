import type { ReactNode } from 'react';
import { ConfigProvider, type ConfigProviderProps } from 'antd';
import {
  CheckCircleFilled,
  CloseCircleFilled,
  CloseOutlined,
  ExclamationCircleFilled,
  EyeInvisibleOutlined,
  EyeOutlined,
  InfoCircleFilled,
} from '@ant-design/icons';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { antdTheme } from '../lib/theme.ts';

dayjs.locale('zh-cn');

// antd's own icons name themselves in English (aria-label="info-circle", "eye-invisible", "close"): these
// are the same icons, hidden where they only decorate and named in Chinese where they are pressed.
const statusIcons = {
  successIcon: <CheckCircleFilled aria-hidden />,
  infoIcon: <InfoCircleFilled aria-hidden />,
  warningIcon: <ExclamationCircleFilled aria-hidden />,
  errorIcon: <CloseCircleFilled aria-hidden />,
};
const closeIcon = <CloseOutlined aria-label="关闭" />;
const components: Partial<ConfigProviderProps> = {
  alert: statusIcons,
  modal: { ...statusIcons, closeIcon },
  drawer: { closeIcon },
  inputPassword: {
    iconRender: (visible) =>
      visible ? <EyeOutlined aria-label="隐藏密码" /> : <EyeInvisibleOutlined aria-label="显示密码" />,
  },
};

/**
 * antd with the zh_CN locale and the product theme; wraps every page that uses antd. No antd `App`:
 * toasts and alerts go through lib/notify (loaded on demand), which keeps console chunks small.
 */
export function AntdProvider({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={antdTheme} {...components}>
      {children}
    </ConfigProvider>
  );
}
