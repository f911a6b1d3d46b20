import type { ThemeConfig } from 'antd';
import { THEME_COLOR } from '@vidmatrix/contract/constants';

/** antd theme of the console: the SPEC §9 colour on antd's default algorithm. */
export const antdTheme: ThemeConfig = {
  token: {
    colorPrimary: THEME_COLOR,
    colorLink: THEME_COLOR,
    borderRadius: 8,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'WenQuanYi Micro Hei', 'Helvetica Neue', Arial, sans-serif",
  },
};
