import type { SubtitleStyle, TitleStyle } from '../api/clip-style.ts';

/** The font every seeded template and style starts from (shipped with the server image, fonts-wqy-microhei). */
export const DEFAULT_CLIP_FONT = 'WenQuanYi Micro Hei';

/** A named style a member picks in the form or on the template page (the font stays theirs). */
export interface SeededStyle<S> {
  key: string;
  name: string;
  style: Omit<S, 'font' | 'text' | 'seconds'>;
}

const look = {
  color: '#FFFFFF',
  outlineColor: '#000000',
  outline: 3,
  bold: false,
  box: false,
  boxColor: '#000000',
  boxOpacity: 0.6,
};

/** Subtitle styles of a Chinese editor, each a whole look (size, colours, stroke, box, height). */
export const SUBTITLE_PRESETS: readonly SeededStyle<SubtitleStyle>[] = [
  {
    key: 'variety',
    name: '综艺黄字黑边',
    style: { ...look, size: 76, color: '#FFE400', outline: 6, bold: true, position: 'bottom', y: 72 },
  },
  { key: 'white-stroke', name: '白字描边', style: { ...look, size: 64, position: 'bottom', y: 76 } },
  {
    key: 'bottom-bar',
    name: '底部字幕条',
    style: { ...look, size: 56, box: true, boxOpacity: 0.65, position: 'bottom', y: 86 },
  },
  {
    key: 'news-blue',
    name: '新闻蓝底',
    style: { ...look, size: 54, box: true, boxColor: '#1E4FD8', boxOpacity: 0.9, position: 'bottom', y: 84 },
  },
  {
    key: 'pink-pop',
    name: '粉色俏皮',
    style: {
      ...look,
      size: 70,
      color: '#FF5FA2',
      outlineColor: '#FFFFFF',
      outline: 5,
      bold: true,
      position: 'bottom',
      y: 74,
    },
  },
  {
    key: 'center-big',
    name: '居中大字',
    style: { ...look, size: 90, outline: 5, bold: true, position: 'middle', y: 50 },
  },
  { key: 'subtle', name: '简约小字', style: { ...look, size: 46, outline: 1.5, position: 'bottom', y: 90 } },
];

/** Title styles: the text is the task's (one of its titles per video). */
export const TITLE_PRESETS: readonly SeededStyle<TitleStyle>[] = [
  {
    key: 'yellow-big',
    name: '黄色大标题',
    style: { ...look, size: 90, color: '#FFE400', outline: 4, bold: true, y: 12 },
  },
  {
    key: 'red-bar',
    name: '红底白字',
    style: { ...look, size: 80, bold: true, box: true, boxColor: '#E60012', boxOpacity: 0.95, y: 12 },
  },
  {
    key: 'white-red',
    name: '白字红边',
    style: { ...look, size: 86, outlineColor: '#E60012', outline: 6, bold: true, y: 14 },
  },
  {
    key: 'black-yellow',
    name: '黑字黄边',
    style: { ...look, size: 84, color: '#111111', outlineColor: '#FFE400', outline: 6, bold: true, y: 12 },
  },
];

/** The seeded subtitle style named `key` in `font`, or undefined. */
export function subtitlePreset(key: string, font: string): SubtitleStyle | undefined {
  const preset = SUBTITLE_PRESETS.find((p) => p.key === key);
  return preset && { ...preset.style, font };
}

/** The seeded title style named `key` in `font` with `text`, or undefined. */
export function titlePreset(key: string, font: string, text = ''): TitleStyle | undefined {
  const preset = TITLE_PRESETS.find((p) => p.key === key);
  return preset && { ...preset.style, font, text, seconds: 0 };
}
