import { z } from 'zod';

// Transitions and looks a template offers (issue 24): every transition ffmpeg's xfade has (5.1), and
// colour looks the renderer draws with curves, colour balance and eq (filter-graph.ts LOOKS).

/** ffmpeg xfade's transitions (all but `custom`), with their names in the template page. */
export const TRANSITION_NAMES = {
  fade: '淡入淡出',
  fadefast: '快速淡化',
  fadeslow: '缓慢淡化',
  fadeblack: '黑场过渡',
  fadewhite: '白场过渡',
  fadegrays: '灰度过渡',
  dissolve: '溶解',
  pixelize: '像素化',
  hblur: '模糊过渡',
  distance: '距离过渡',
  radial: '径向擦除',
  wipeleft: '左擦除',
  wiperight: '右擦除',
  wipeup: '上擦除',
  wipedown: '下擦除',
  wipetl: '左上擦除',
  wipetr: '右上擦除',
  wipebl: '左下擦除',
  wipebr: '右下擦除',
  slideleft: '左滑',
  slideright: '右滑',
  slideup: '上滑',
  slidedown: '下滑',
  smoothleft: '平滑左移',
  smoothright: '平滑右移',
  smoothup: '平滑上移',
  smoothdown: '平滑下移',
  circlecrop: '圆形裁切',
  rectcrop: '矩形裁切',
  circleopen: '圆形展开',
  circleclose: '圆形收拢',
  vertopen: '垂直展开',
  vertclose: '垂直收拢',
  horzopen: '水平展开',
  horzclose: '水平收拢',
  diagtl: '左上斜切',
  diagtr: '右上斜切',
  diagbl: '左下斜切',
  diagbr: '右下斜切',
  hlslice: '左向百叶窗',
  hrslice: '右向百叶窗',
  vuslice: '上向百叶窗',
  vdslice: '下向百叶窗',
  squeezeh: '水平挤压',
  squeezev: '垂直挤压',
  zoomin: '放大过渡',
} as const;
export type ClipTransition = keyof typeof TRANSITION_NAMES;

/** ffmpeg xfade transitions offered by templates. */
export const clipTransition = z.enum(Object.keys(TRANSITION_NAMES) as [ClipTransition, ...ClipTransition[]]);

/** Colour looks (滤镜) a template may apply to the whole picture, with their names. */
export const LOOK_NAMES = {
  none: '原色',
  warm: '暖色',
  cool: '冷色',
  vivid: '鲜艳',
  mono: '黑白',
  vintage: '复古',
  crossProcess: '交叉冲印',
  film: '胶片',
  fade: '褪色',
  sepia: '怀旧棕',
  fresh: '清新',
  japanese: '日系',
  food: '美食',
  sunset: '落日',
  forest: '森系',
  cyber: '赛博',
  lighter: '提亮',
  darker: '压暗',
  contrast: '高对比',
  soft: '柔和',
  noir: '黑白高对比',
  frost: '冷淡',
} as const;
export type ClipFilter = keyof typeof LOOK_NAMES;
export const clipFilter = z.enum(Object.keys(LOOK_NAMES) as [ClipFilter, ...ClipFilter[]]);
