import type { ClipTemplate } from '@vidmatrix/contract/api/clip-task';
import { writeAss } from './ass.ts';
import { LOOKS } from './filter-graph.ts';

/** The sample line and title a template preview shows. */
export const PREVIEW_LINE = '这是字幕预览，每条视频的口播文案显示在这里';
const PREVIEW_TITLE = '视频标题示例';

/** The ASS text of a template's preview still: one subtitle line, and the title when it has one. */
export function templatePreviewAss(template: ClipTemplate): string {
  const title = template.title
    ? {
        start: 0,
        end: 10,
        text: template.title.text || PREVIEW_TITLE,
        style: template.title,
      }
    : null;
  return writeAss(template.subtitle, template.subtitle ? [{ start: 0, end: 10, text: PREVIEW_LINE }] : [], title);
}

/**
 * ffmpeg argv of a template's preview still (pure): a stand-in picture (a diagonal gradient with
 * a landscape band, so `blur` fit shows its filled bars), the template's look, its text, one JPEG.
 */
export function templatePreviewArgs(
  template: ClipTemplate,
  paths: { ass: string; fontsDir: string; output: string },
  size: { width: number; height: number },
): string[] {
  const { width: w, height: h } = size;
  // A 16:9 "footage" band drawn over the frame: cover fills the frame with it, blur shows soft bars.
  const bandH = Math.round((w * 9) / 16 / 2) * 2;
  const picture =
    template.fit === 'blur'
      ? `gradients=s=${w}x${h}:c0=0x2c3e50:c1=0x4ca1af:x0=0:y0=0:x1=${w}:y1=${h}:nb_colors=2:d=1,format=yuv420p,` +
        `drawbox=x=0:y=${Math.round((h - bandH) / 2)}:w=${w}:h=${bandH}:color=0x3a7bd5@1:t=fill`
      : `gradients=s=${w}x${h}:c0=0x3a7bd5:c1=0xf7b733:x0=0:y0=0:x1=${w}:y1=${h}:nb_colors=2:d=1,format=yuv420p`;
  const chain = [picture, LOOKS[template.filter], `subtitles=filename=${paths.ass}:fontsdir=${paths.fontsDir}`]
    .filter((f): f is string => f !== null)
    .join(',');
  return [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    chain,
    '-frames:v',
    '1',
    '-q:v',
    '4',
    paths.output,
  ];
}
