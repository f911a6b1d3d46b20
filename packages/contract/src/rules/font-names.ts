/**
 * Chinese names of the open CJK font families the renderer is installed with (fonts-wqy-*, Noto/Source Han
 * CJK, AR PL), as their own name tables give them: members choose 文泉驿微米黑, not WenQuanYi Micro Hei.
 */
const CHINESE_FONT_NAMES: Readonly<Record<string, string>> = {
  'WenQuanYi Micro Hei': '文泉驿微米黑',
  'WenQuanYi Micro Hei Mono': '文泉驿等宽微米黑',
  'WenQuanYi Zen Hei': '文泉驿正黑',
  'WenQuanYi Zen Hei Mono': '文泉驿等宽正黑',
  'WenQuanYi Zen Hei Sharp': '文泉驿点阵正黑',
  'Noto Sans CJK SC': '思源黑体',
  'Noto Serif CJK SC': '思源宋体',
  'Source Han Sans SC': '思源黑体',
  'Source Han Serif SC': '思源宋体',
  'AR PL UMing CN': '文鼎PL细上海宋',
  'AR PL UKai CN': '文鼎PL中楷',
};

/** The name a member reads for a font family: its Chinese name when known, else the family as installed. */
export function fontDisplayName(family: string): string {
  return CHINESE_FONT_NAMES[family] ?? family;
}
