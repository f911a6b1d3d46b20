import type { ThemeConfig } from 'antd';
import { THEME_COLOR_TEXT } from '@vidmatrix/contract/constants';

/** The visitor asked their system for less motion (read once: a change applies at the next load). */
const reducedMotion =
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/**
 * antd theme of the console: the SPEC §9 colour (at text contrast) on antd's default algorithm; without its zooms and slides
 * for a visitor who asked for reduced motion (the browser tests do: an overlay is usable the moment it shows).
 */
export const antdTheme: ThemeConfig = {
  token: {
    motion: !reducedMotion,
    // The SPEC §9 colour darkened to a readable contrast: buttons, tabs and links carry text (WCAG AA).
    colorPrimary: THEME_COLOR_TEXT,
    colorLink: THEME_COLOR_TEXT,
    colorError: '#d9363e',
    // antd's greys (45 % and 25 % black) read at 3.4:1 and 1.8:1 on white; these at 5.7:1 and 4.7:1.
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    borderRadius: 8,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'WenQuanYi Micro Hei', 'Helvetica Neue', Arial, sans-serif",
  },
};
