import type { ThemeConfig } from 'antd';
import { THEME_COLOR } from '@vidmatrix/contract/constants';

/** The visitor asked their system for less motion (read once: a change applies at the next load). */
const reducedMotion =
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/**
 * antd theme of the console: the SPEC §9 colour on antd's default algorithm; without its zooms and slides
 * for a visitor who asked for reduced motion (the browser tests do: an overlay is usable the moment it shows).
 */
export const antdTheme: ThemeConfig = {
  token: {
    motion: !reducedMotion,
    colorPrimary: THEME_COLOR,
    colorLink: THEME_COLOR,
    borderRadius: 8,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'WenQuanYi Micro Hei', 'Helvetica Neue', Arial, sans-serif",
  },
};
