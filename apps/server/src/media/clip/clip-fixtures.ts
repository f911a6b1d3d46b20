import {
  clipTaskInput,
  subtitleStyle,
  type ClipTaskInput,
  type SubtitleStyle,
} from '@vidmatrix/contract/api/clip-task';
import { type ClipMaterial } from './plan-model.ts';
import type { PlanContext } from './planners/shared.ts';

// Test inputs shared by the planner, filter-graph and ASS tests (and the server's clip tests): a small
// library, one task per mode, and the subtitle style.

/** A CJK font every test machine has (the server's font list finds it). */
export const CLIP_FONT = 'WenQuanYi Micro Hei';
/** Plain white subtitles with a black outline at the bottom. */
export const SUBTITLE_STYLE: SubtitleStyle = subtitleStyle.parse({ font: CLIP_FONT, size: 64, position: 'bottom' });

const video = (id: number, duration: number, tags: string[] = [], name = `clip${id}.mp4`): ClipMaterial => ({
  id,
  kind: 'video',
  name,
  duration,
  width: 1920,
  height: 1080,
  tags,
});
const image = (id: number): ClipMaterial => ({
  id,
  kind: 'image',
  name: `img${id}.jpg`,
  duration: 0,
  width: 800,
  height: 600,
  tags: [],
});

export const library = [
  video(1, 6),
  video(2, 6),
  video(3, 9),
  video(4, 3),
  video(5, 12, ['咖啡']),
  video(6, 12, ['蛋糕']),
  image(11),
  image(12),
  image(13),
  image(14),
  image(15),
];
export const ctx: PlanContext = { materials: new Map(library.map((m) => [m.id, m])) };
const template = { subtitle: { font: CLIP_FONT }, transition: { names: ['fade', 'wipeleft'] } };

/** One valid task per mode (parsed, so defaults fill in). */
export function tasks(count: number, seed: number): ClipTaskInput[] {
  const common = { name: 't', count, seed, musicIds: [91, 92] };
  const raw = [
    {
      clip_model: 1,
      ...common,
      template,
      groups: [{ materialIds: [1, 2, 3, 4, 11] }],
      segments: 3,
      lines: ['第一句。', '第二句。'],
    },
    {
      clip_model: 2,
      ...common,
      template,
      steps: [
        { text: '开场。', materialIds: [1, 2] },
        { text: '介绍。', materialIds: [3, 11] },
      ],
    },
    { clip_model: 3, ...common, sourceIds: [5, 6], shotsPerVideo: 3 },
    { clip_model: 4, ...common, template, mainId: 3, brollIds: [1, 2, 11, 12], brolls: 2, lines: ['你好。'] },
    {
      clip_model: 5,
      ...common,
      imageIds: [11, 12, 13, 14, 15],
      imagesPerVideo: 3,
      lines: ['a', 'b'],
      font: CLIP_FONT,
    },
    {
      clip_model: 6,
      ...common,
      groups: [{ materialIds: [1, 2] }, { materialIds: [3, 4] }],
      scripts: ['一。二。', '三。'],
      font: CLIP_FONT,
    },
    {
      clip_model: 7,
      ...common,
      template,
      textContext: { product: '咖啡' },
      materialIds: [5, 6, 1],
      scripts: [['来一杯咖啡。', '配一块蛋糕。'], ['开始。']],
    },
    {
      clip_model: 8,
      ...common,
      groups: [
        { materialIds: [1, 2], lines: ['甲。', '乙。'] },
        { materialIds: [11] },
        { materialIds: [3, 4], lines: ['丙。'] },
      ],
      font: CLIP_FONT,
    },
  ];
  return raw.map((t) => clipTaskInput.parse(t));
}

export const richCtx: PlanContext = {
  ...ctx,
  shots: new Map([
    [
      5,
      [
        [0, 2],
        [2, 5],
        [5, 8],
        [8, 12],
      ] as [number, number][],
    ],
    [
      6,
      [
        [0, 4],
        [4, 12],
      ] as [number, number][],
    ],
  ]),
  speech: [
    [0.2, 2],
    [2.6, 5],
    [5.5, 8.8],
  ],
};
