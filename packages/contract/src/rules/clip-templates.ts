import type { ClipTemplate, SubtitleStyle, TitleStyle } from '../api/clip-task.ts';
import { DEFAULT_CLIP_FONT, subtitlePreset, titlePreset } from './clip-styles.ts';

export { DEFAULT_CLIP_FONT };

/** A seeded template of /clip/VideoTemplate. */
export interface SeededTemplate {
  key: string;
  name: string;
  description: string;
  template: ClipTemplate;
}

const subtitle = (position: SubtitleStyle['position'], color = '#FFFFFF', box = false): SubtitleStyle => ({
  ...(subtitlePreset(box ? 'bottom-bar' : 'white-stroke', DEFAULT_CLIP_FONT) as SubtitleStyle),
  size: 64,
  color,
  position,
  y: undefined,
});

/** The title style of a template with a title: big yellow type for the whole video (the text is the task's). */
export const TITLE_STYLE: TitleStyle = titlePreset('yellow-big', DEFAULT_CLIP_FONT) as TitleStyle;

/** Templates every member can pick (modes 1, 2, 4, 7); the server renders their preview images. */
export const SEEDED_TEMPLATES: readonly SeededTemplate[] = [
  {
    key: 'classic',
    name: '经典字幕',
    description: '底部白字黑边，硬切，背景音乐随口播压低',
    template: {
      subtitle: subtitle('bottom'),
      title: null,
      transition: null,
      filter: 'none',
      fit: 'cover',
      music: { policy: 'chosen', volume: 0.3, duck: true },
    },
  },
  {
    key: 'smooth',
    name: '柔和转场',
    description: '淡入淡出与溶解转场，暖色调，横屏素材模糊填充',
    template: {
      subtitle: subtitle('bottom', '#FFF3C4'),
      title: null,
      transition: { names: ['fade', 'dissolve'], duration: 0.5 },
      filter: 'warm',
      fit: 'blur',
      music: { policy: 'random', volume: 0.3, duck: true },
    },
  },
  {
    key: 'bold',
    name: '醒目标题',
    description: '顶部黄色大标题，居中字幕加底框，滑动转场，鲜艳色彩',
    template: {
      subtitle: subtitle('middle', '#FFFFFF', true),
      // A title style; each task gives the text (视频标题).
      title: TITLE_STYLE,
      transition: { names: ['slideleft', 'wipeleft', 'smoothleft'], duration: 0.4 },
      filter: 'vivid',
      fit: 'cover',
      music: { policy: 'chosen', volume: 0.35, duck: true },
    },
  },
];
